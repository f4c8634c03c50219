/**
 * A log entry as one line of HTML, the `logdisplay` of `wlprop=loginfo`: the performer's user link,
 * what was done, links to the pages concerned (red to missing pages, `mw-redirect` on redirects) and
 * the details of the entry's type (groups and their expiries, protection levels, changed
 * visibility, merge points, move targets, block durations). The sentences are this server's own,
 * in German or English; unknown types get a plain generic line.
 */
import { CommentFormatter, type PageState } from '../../api/comment-format.js';
import type { ModuleContext } from '../../api/module.js';
import { isResultObject, KeyedList, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import { SPECIAL_PAGE_ALIASES_DE } from '../../site/mediawiki/special-page-aliases.js';
import { NS_SPECIAL, NS_USER, type Title } from '../../site/title.js';
import { escapeHtmlText } from '../../text/escape.js';
import { logParamsForApi } from './log-params.js';

export interface LogEntryToDisplay {
  type: string;
  action: string;
  /** 14-digit timestamp of the entry. */
  timestamp: string;
  /** The stored parameter blob. */
  params: string;
  namespace: number;
  dbKey: string;
  /** The performer's name, or undefined when it is hidden from the reader. */
  performer: string | undefined;
  performerIsUser: boolean;
}

type Lang = 'de' | 'en';

/** This server's own sentence texts; `$performer`, `$target`, … are filled in. */
const TEXTS: Record<Lang, Record<string, string>> = {
  de: {
    rights: '$performer hat die Gruppen von $target geändert: bisher $old, nun $new',
    'rights/autopromote': '$performer wurde automatisch befördert: bisher $old, nun $new',
    protect: '$performer hat $target geschützt $details',
    modify: '$performer hat den Schutz von $target geändert $details',
    unprotect: '$performer hat den Schutz von $target aufgehoben',
    move_prot: '$performer hat den Schutz von $old auf $target übertragen',
    'delete/delete': '$performer hat $target gelöscht',
    'delete/delete_redir': '$performer hat die Weiterleitung $target durch Überschreiben gelöscht',
    'delete/restore': '$performer hat $target wiederhergestellt',
    'delete/revision': '$performer hat bei $count der Seite $target die Sichtbarkeit geändert: $details',
    'delete/event': '$performer hat bei $count zu $target die Sichtbarkeit geändert: $details',
    merge: '$performer hat $target mit $dest zusammengeführt (Versionen bis $date)',
    move: '$performer hat $target nach $dest verschoben$noredirect',
    move_redir: '$performer hat $target nach $dest verschoben und dabei eine Weiterleitung überschrieben$noredirect',
    block: '$performer hat $target gesperrt, Dauer: $details',
    reblock: '$performer hat die Sperre von $target geändert, Dauer: $details',
    unblock: '$performer hat die Sperre von $target aufgehoben',
    upload: '$performer hat $target hochgeladen',
    overwrite: '$performer hat eine neue Fassung von $target hochgeladen',
    revert: '$performer hat $target auf eine ältere Fassung zurückgesetzt',
    create: 'Das Benutzerkonto $performer wurde angelegt',
    create2: '$performer hat das Benutzerkonto $target angelegt',
    byemail: '$performer hat das Benutzerkonto $target angelegt (Passwort per E-Mail)',
    autocreate: 'Das Benutzerkonto $performer wurde automatisch angelegt',
    patrol: '$performer hat eine Version von $target als kontrolliert markiert',
    'create/create': '$performer hat die Seite $target angelegt',
    contentmodel: '$performer hat das Inhaltsmodell von $target von „$old“ auf „$new“ umgestellt',
    renameuser: '$performer hat den Benutzer $old in $new umbenannt',
    managetags: '$performer hat die Markierung „$tag“ verwaltet ($action)',
    generic: '$performer: Logbuch „$type“, Aktion „$action“ für $target',
    none: 'keine',
    temporary: '$group (befristet bis $date)',
    until: '(bis $date)',
    infinite: '(unbefristet)',
    cascade: '[mit Kaskade]',
    noredirect: ' (ohne Weiterleitung)',
    hidden: '$what verborgen',
    shown: '$what wieder sichtbar',
    restricted: 'auch für Oversighter eingeschränkt',
    unrestricted: 'Einschränkung für Oversighter aufgehoben',
    revisions1: 'einer Version',
    revisionsN: '$n Versionen',
    events1: 'einem Logbucheintrag',
    eventsN: '$n Logbucheinträgen',
    userhidden: '(Benutzer verborgen)',
  },
  en: {
    rights: '$performer changed the groups of $target: before $old, now $new',
    'rights/autopromote': '$performer was promoted automatically: before $old, now $new',
    protect: '$performer protected $target $details',
    modify: '$performer changed the protection of $target $details',
    unprotect: '$performer removed the protection of $target',
    move_prot: '$performer carried the protection of $old over to $target',
    'delete/delete': '$performer deleted $target',
    'delete/delete_redir': '$performer deleted the redirect $target by overwriting it',
    'delete/restore': '$performer restored $target',
    'delete/revision': '$performer changed the visibility of $count of $target: $details',
    'delete/event': '$performer changed the visibility of $count about $target: $details',
    merge: '$performer merged $target into $dest (revisions up to $date)',
    move: '$performer moved $target to $dest$noredirect',
    move_redir: '$performer moved $target to $dest, overwriting a redirect$noredirect',
    block: '$performer blocked $target for $details',
    reblock: '$performer changed the block of $target to $details',
    unblock: '$performer lifted the block of $target',
    upload: '$performer uploaded $target',
    overwrite: '$performer uploaded a new version of $target',
    revert: '$performer reverted $target to an older version',
    create: 'The user account $performer was created',
    create2: '$performer created the user account $target',
    byemail: '$performer created the user account $target (password sent by email)',
    autocreate: 'The user account $performer was created automatically',
    patrol: '$performer marked a revision of $target as patrolled',
    'create/create': '$performer created the page $target',
    contentmodel: '$performer switched the content model of $target from "$old" to "$new"',
    renameuser: '$performer renamed the user $old to $new',
    managetags: '$performer managed the tag "$tag" ($action)',
    generic: '$performer: log "$type", action "$action" on $target',
    none: 'none',
    temporary: '$group (temporary, until $date)',
    until: '(until $date)',
    infinite: '(indefinite)',
    cascade: '[cascading]',
    noredirect: ' (without a redirect)',
    hidden: '$what hidden',
    shown: '$what shown again',
    restricted: 'restricted for oversighters too',
    unrestricted: 'oversighter restriction lifted',
    revisions1: 'a revision',
    revisionsN: '$n revisions',
    events1: 'a log entry',
    eventsN: '$n log entries',
    userhidden: '(user hidden)',
  },
};

/** Names of user groups, protection levels, restriction types and visibility fields. */
const NAMES: Record<Lang, Record<string, string>> = {
  de: {
    'group-sysop': 'Administrator',
    'group-bureaucrat': 'Bürokrat',
    'group-bot': 'Bot',
    'group-interface-admin': 'Oberflächenadministrator',
    'group-suppress': 'Oversighter',
    'group-autoconfirmed': 'automatisch bestätigter Benutzer',
    'level-sysop': 'nur Administratoren',
    'level-autoconfirmed': 'nur bestätigte Benutzer',
    'type-edit': 'Bearbeiten',
    'type-move': 'Verschieben',
    'type-create': 'Erstellen',
    'type-upload': 'Hochladen',
    'field-content': 'Inhalt',
    'field-comment': 'Zusammenfassung',
    'field-user': 'Benutzername',
  },
  en: {
    'group-sysop': 'administrator',
    'group-bureaucrat': 'bureaucrat',
    'group-bot': 'bot',
    'group-interface-admin': 'interface administrator',
    'group-suppress': 'suppressor',
    'group-autoconfirmed': 'autoconfirmed user',
    'level-sysop': 'administrators only',
    'level-autoconfirmed': 'autoconfirmed users only',
    'type-edit': 'edit',
    'type-move': 'move',
    'type-create': 'create',
    'type-upload': 'upload',
    'field-content': 'content',
    'field-comment': 'summary',
    'field-user': 'username',
  },
};

/** An IPv4 or IPv6 address, optionally a CIDR range. */
const IP_OR_RANGE = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

const isObject = (v: ResultValue | undefined): v is ResultObject => isResultObject(v);
const asArray = (v: ResultValue | undefined): ResultValue[] =>
  Array.isArray(v) ? v : v instanceof KeyedList ? [...v.entries.values()] : [];

export class LogDisplayFormatter {
  private readonly lang: Lang;
  private readonly links: CommentFormatter;
  private readonly months: readonly string[];

  constructor(
    private readonly ctx: Pick<ModuleContext, 'store' | 'titles' | 'site'>,
    language: string,
  ) {
    this.lang = language === 'de' ? 'de' : 'en';
    this.links = new CommentFormatter(ctx.store, ctx.titles, ctx.site, this.lang);
    this.months = monthNames(this.lang);
  }

  async format(entries: readonly LogEntryToDisplay[]): Promise<string[]> {
    const prepared = entries.map((entry) => ({
      entry,
      params: logParamsForApi(
        { type: entry.type, action: entry.action, timestamp: entry.timestamp, titles: this.ctx.titles },
        entry.params,
      ),
    }));
    const wanted = new Map<string, Title>();
    const add = (title: Title | undefined) => {
      if (title) wanted.set(`${title.namespace}:${title.dbKey}`, title);
    };
    for (const { entry, params } of prepared) {
      add(this.ctx.titles.make(entry.namespace, entry.dbKey));
      if (entry.performer !== undefined && entry.performerIsUser) add(this.userPage(entry.performer));
      add(this.paramTitle(params, 'target'));
      add(this.paramTitle(params, 'dest'));
      add(this.paramTitle(params, 'oldtitle'));
      for (const name of [params.olduser, params.newuser]) if (typeof name === 'string') add(this.userPage(name));
    }
    const existing = await this.links.existingPages([...wanted.values()].filter((t) => t.namespace >= 0));
    return prepared.map(({ entry, params }) => this.formatOne(entry, params, existing));
  }

  private formatOne(entry: LogEntryToDisplay, params: ResultObject, existing: ReadonlyMap<string, PageState>): string {
    const t = TEXTS[this.lang];
    const title = this.ctx.titles.make(entry.namespace, entry.dbKey);
    const pageLink = (page: Title | undefined) =>
      page
        ? this.links.link(page, escapeHtmlText(this.ctx.titles.prefixedText(page)), existing, {
            redirectNoFollow: true,
          })
        : '';
    const values: Record<string, string> = {
      performer: this.performerLink(entry, existing),
      target: pageLink(title),
      type: escapeHtmlText(entry.type),
      action: escapeHtmlText(entry.action),
    };
    const key = `${entry.type}/${entry.action}`;
    let text: string | undefined;
    switch (entry.type) {
      case 'rights': {
        values.target =
          title.namespace === NS_USER
            ? this.links.link(title, escapeHtmlText(title.dbKey.replace(/_/g, ' ')), existing)
            : values.target;
        values.old = this.groups(params.oldgroups, params.oldmetadata);
        values.new = this.groups(params.newgroups, params.newmetadata);
        text = t[key] ?? t.rights;
        break;
      }
      case 'protect': {
        values.details = this.protection(params);
        values.old = pageLink(this.paramTitle(params, 'oldtitle'));
        text = t[entry.action];
        break;
      }
      case 'delete': {
        if (entry.action === 'revision' || entry.action === 'event') {
          const n = asArray(params.ids).length;
          const unit = entry.action === 'revision' ? 'revisions' : 'events';
          values.count = n === 1 ? t[`${unit}1`] : t[`${unit}N`].replace('$n', String(n));
          values.details = this.visibility(params);
        }
        text = t[key];
        break;
      }
      case 'merge':
        values.dest = pageLink(this.paramTitle(params, 'dest'));
        values.date = typeof params.mergepoint === 'string' ? this.date(params.mergepoint) : '';
        text = t.merge;
        break;
      case 'move':
        values.dest = pageLink(this.paramTitle(params, 'target'));
        values.noredirect = params.suppressredirect === true ? t.noredirect : '';
        text = t[entry.action];
        break;
      case 'block':
        values.target = this.blockTargetLink(title, existing) ?? values.target;
        values.details =
          typeof params.expiry === 'string' ? t.until.replace('$date', this.date(params.expiry)) : t.infinite;
        text = t[entry.action];
        break;
      case 'upload':
      case 'patrol':
        text = t[entry.type === 'patrol' ? 'patrol' : entry.action];
        break;
      case 'create':
        text = t[key];
        break;
      case 'contentmodel':
        values.old = escapeHtmlText(String(params.oldmodel ?? ''));
        values.new = escapeHtmlText(String(params.newmodel ?? ''));
        text = t.contentmodel;
        break;
      case 'renameuser': {
        const userLink = (name: ResultValue | undefined) => {
          const page = typeof name === 'string' ? this.userPage(name) : undefined;
          return page ? this.links.link(page, escapeHtmlText(String(name)), existing) : '';
        };
        values.old = userLink(params.olduser);
        values.new = userLink(params.newuser);
        text = t.renameuser;
        break;
      }
      case 'managetags':
        values.tag = escapeHtmlText(String(params.tag ?? ''));
        text = t.managetags;
        break;
      case 'newusers':
        if (title.namespace === NS_USER) {
          values.target = this.links.link(title, escapeHtmlText(title.dbKey.replace(/_/g, ' ')), existing);
        }
        text = t[entry.action];
        break;
    }
    return fill(text ?? t.generic, values).trimEnd();
  }

  private performerLink(entry: LogEntryToDisplay, existing: ReadonlyMap<string, PageState>): string {
    if (entry.performer === undefined) return TEXTS[this.lang].userhidden;
    const label = `<bdi>${escapeHtmlText(entry.performer)}</bdi>`;
    if (entry.performerIsUser) {
      const page = this.userPage(entry.performer);
      if (page) return this.links.link(page, label, existing, { extraClass: 'mw-userlink' });
    }
    const contributions = this.contributionsPage(entry.performer);
    if (!contributions) return label;
    return this.links.link(contributions, label, existing, { extraClass: 'mw-userlink mw-anonuserlink' });
  }

  /** A blocked account links to its user page, a blocked address or range to its contributions. */
  private blockTargetLink(title: Title, existing: ReadonlyMap<string, PageState>): string | undefined {
    if (title.namespace !== NS_USER) return undefined;
    const name = title.dbKey.replace(/_/g, ' ');
    if (!IP_OR_RANGE.test(name)) return this.links.link(title, escapeHtmlText(name), existing);
    const contributions = this.contributionsPage(name);
    return contributions ? this.links.link(contributions, escapeHtmlText(name), existing) : undefined;
  }

  /** `Special:Contributions/<name>` under the special page's name in the content language. */
  private contributionsPage(name: string): Title | undefined {
    const local =
      this.ctx.site.language === 'de'
        ? SPECIAL_PAGE_ALIASES_DE.find(([canonical]) => canonical === 'Contributions')?.[1][0]
        : undefined;
    const parsed = this.ctx.titles.parse(
      `${this.ctx.titles.namespaceName(NS_SPECIAL)}:${local ?? 'Contributions'}/${name}`,
    );
    return parsed.ok ? parsed.title : undefined;
  }

  private userPage(name: string): Title | undefined {
    const parsed = this.ctx.titles.parse(name);
    return parsed.ok ? this.ctx.titles.make(NS_USER, parsed.title.dbKey) : undefined;
  }

  /** A title parameter (`target`, `dest`, `oldtitle`) as `<name>_ns` and `<name>_title`. */
  private paramTitle(params: ResultObject, name: string): Title | undefined {
    const ns = params[`${name}_ns`];
    const text = params[`${name}_title`];
    if (typeof ns !== 'number' || typeof text !== 'string') return undefined;
    const parsed = this.ctx.titles.parse(text);
    return parsed.ok ? parsed.title : undefined;
  }

  private name(kind: string, value: string): string {
    return escapeHtmlText(NAMES[this.lang][`${kind}-${value}`] ?? value);
  }

  private groups(groups: ResultValue | undefined, metadata: ResultValue | undefined): string {
    const t = TEXTS[this.lang];
    const expiries = new Map<string, string>();
    for (const m of asArray(metadata)) {
      if (isObject(m) && typeof m.group === 'string' && typeof m.expiry === 'string') expiries.set(m.group, m.expiry);
    }
    const names = asArray(groups)
      .filter((g): g is string => typeof g === 'string')
      .map((g) => {
        const expiry = expiries.get(g);
        const name = this.name('group', g);
        return expiry && expiry !== 'infinity'
          ? t.temporary.replace('$group', name).replace('$date', this.date(expiry))
          : name;
      });
    return names.length > 0 ? names.join(', ') : t.none;
  }

  private protection(params: ResultObject): string {
    const t = TEXTS[this.lang];
    const parts = asArray(params.details)
      .filter(isObject)
      .map((d) => {
        const type = this.name('type', String(d.type ?? ''));
        const level = this.name('level', String(d.level ?? ''));
        const expiry =
          typeof d.expiry === 'string' && d.expiry !== 'infinite' && d.expiry !== 'infinity'
            ? t.until.replace('$date', this.date(d.expiry))
            : t.infinite;
        return `[${type}: ${level}] ${expiry}`;
      });
    if (params.cascade === true) parts.push(t.cascade);
    return parts.join(' ');
  }

  private visibility(params: ResultObject): string {
    const t = TEXTS[this.lang];
    const before = isObject(params.old) ? params.old : {};
    const after = isObject(params.new) ? params.new : {};
    const hidden: string[] = [];
    const shown: string[] = [];
    for (const field of ['content', 'comment', 'user']) {
      if (after[field] === true && before[field] !== true) hidden.push(this.name('field', field));
      if (after[field] !== true && before[field] === true) shown.push(this.name('field', field));
    }
    const parts: string[] = [];
    if (hidden.length > 0) parts.push(t.hidden.replace('$what', hidden.join(', ')));
    if (shown.length > 0) parts.push(t.shown.replace('$what', shown.join(', ')));
    if (after.restricted === true && before.restricted !== true) parts.push(t.restricted);
    if (after.restricted !== true && before.restricted === true) parts.push(t.unrestricted);
    return parts.join('; ');
  }

  /** An ISO timestamp as `HH:MM, day month year` in the reader's language (UTC). */
  private date(iso: string): string {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return escapeHtmlText(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = this.lang === 'de' ? `${when.getUTCDate()}.` : String(when.getUTCDate());
    return `${two(when.getUTCHours())}:${two(when.getUTCMinutes())}, ${day} ${this.months[when.getUTCMonth()]} ${when.getUTCFullYear()}`;
  }
}

const MONTHS = new Map<Lang, readonly string[]>();

/**
 * The month names a date is written with in a language (German: abbreviated), as ICU names them
 * beside a day: asked of `Intl` once per language.
 */
function monthNames(lang: Lang): readonly string[] {
  let names = MONTHS.get(lang);
  if (!names) {
    const format = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: lang === 'de' ? 'short' : 'long',
    });
    names = Array.from(
      { length: 12 },
      (_, month) => format.formatToParts(Date.UTC(2001, month, 15)).find((p) => p.type === 'month')?.value ?? '',
    );
    MONTHS.set(lang, names);
  }
  return names;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$([a-z]+)/g, (whole, name: string) => values[name] ?? whole);
}

/** The formatter for `logdisplay`, in the answer's language. */
export function logDisplayFormatterFor(ctx: Pick<ModuleContext, 'store' | 'titles' | 'site' | 'language'>) {
  return new LogDisplayFormatter(ctx, ctx.language);
}
