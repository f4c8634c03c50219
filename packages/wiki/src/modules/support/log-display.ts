/**
 * A log entry as one line of HTML, the `logdisplay` of `wlprop=loginfo`: the performer's user link,
 * what was done, links to the pages concerned (red to missing pages, `mw-redirect` on redirects) and
 * the details of the entry's type (groups and their expiries, protection levels, changed
 * visibility, merge points, move targets, block durations). The sentences are MediaWiki's
 * `logentry-<type>-<action>` messages of the answer's language (the stored catalogue's, else the
 * texts shipped in log-messages.ts) with their parameters: `$1` the performer's link, `$2` their
 * name, `$3` the page's link, `$4`… the type's details (a partial block's restrictions with the
 * `logentry-partialblock-*` messages). The entries told otherwise in MediaWiki (renames of old)
 * and unknown types get this server's own sentences.
 */
import { CommentFormatter, type PageState } from '../../api/comment-format.js';
import { userGender } from '../../api/gender.js';
import { fallbackChain, QQX, qqxKey, qqxText } from '../../api/messages/catalogue.js';
import { readerDateFormatter } from '../../api/messages/dates.js';
import { shippedMessage } from '../../api/messages/store.js';
import { transformMessageSync } from '../../api/messages/transform.js';
import type { ModuleContext } from '../../api/module.js';
import { isResultObject, KeyedList, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import { dateStyleOf } from '../../site/date-format.js';
import { localSpecialPageName } from '../../site/mediawiki/special-page-aliases.js';
import { NS_SPECIAL, NS_USER, type Title } from '../../site/title.js';
import { urlencodeTitle } from '../../site/urls.js';
import { keptRows } from '../../store/row-cache.js';
import { escapeHtml, escapeHtmlQuotes, escapeHtmlText } from '../../text/escape.js';
import { toMwTimestamp } from '../../text/timestamps.js';
import { LOG_MESSAGES } from './log-messages.js';
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

/** A parameter of a log message: text (escaped with the message) or HTML put in as it is. */
type Param = string | { html: string };

const HTML_OPEN = '\u{F0007}';
const HTML_CLOSE = '\u{F0008}';
const HTML_PARAM = /\u{F0007}(\d+)\u{F0008}/gu;

/**
 * This server's own sentences for the entries MediaWiki tells otherwise than with a message and
 * its parameters (renames of old, blocks of other than users); `$performer`, `$target`, … are
 * filled in.
 */
const TEXTS: Record<Lang, Record<string, string>> = {
  de: {
    block: '$performer hat $target gesperrt, Dauer: $details',
    reblock: '$performer hat die Sperre von $target geändert, Dauer: $details',
    unblock: '$performer hat die Sperre von $target aufgehoben',
    renameuser: '$performer hat den Benutzer $old in $new umbenannt',
    generic: '$performer: Logbuch „$type“, Aktion „$action“ für $target',
    until: '(bis $date)',
    infinite: '(unbefristet)',
    userhidden: '(Benutzer verborgen)',
  },
  en: {
    block: '$performer blocked $target for $details',
    reblock: '$performer changed the block of $target to $details',
    unblock: '$performer lifted the block of $target',
    renameuser: '$performer renamed the user $old to $new',
    generic: '$performer: log "$type", action "$action" on $target',
    until: '(until $date)',
    infinite: '(indefinite)',
    userhidden: '(user hidden)',
  },
};

/** An IPv4 or IPv6 address, optionally a CIDR range. */
const IP_OR_RANGE = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

const isObject = (v: ResultValue | undefined): v is ResultObject => isResultObject(v);
const asArray = (v: ResultValue | undefined): ResultValue[] =>
  Array.isArray(v) ? v : v instanceof KeyedList ? [...v.entries.values()] : [];

/**
 * What an entry's message is told with (see messageDetails): the parameters after `$3`, the
 * message's key when it is not `logentry-<type>-<action>` (or its subtype's), and the links that
 * differ from the performer's and page's.
 */
interface MessageDetails {
  params: Param[];
  key?: string;
  subtype?: string;
  performer?: string;
  target?: string;
}

export class LogDisplayFormatter {
  private readonly lang: Lang;
  /** The answer language's fallback chain, for its texts. */
  private readonly fallbacks: readonly string[];
  /** Dates with their time as the answer's language writes them. */
  private readonly formatDate: (mwTimestamp: string) => string;
  private readonly formatDay: (mwTimestamp: string) => string;
  private readonly formatTime: (mwTimestamp: string) => string;
  private readonly links: CommentFormatter;

  constructor(
    private readonly ctx: Pick<ModuleContext, 'store' | 'titles' | 'site'> &
      Partial<Pick<ModuleContext, 'messages' | 'storedMessages'>>,
    private readonly language: string,
  ) {
    this.fallbacks = fallbackChain(language, ctx.storedMessages);
    this.formatDate = readerDateFormatter(language, ctx.storedMessages);
    this.formatDay = readerDateFormatter(language, ctx.storedMessages, 'date');
    this.formatTime = readerDateFormatter(language, ctx.storedMessages, 'time');
    // German's own texts serve the languages that fall back to German (de-formal, nds, bar).
    this.lang = dateStyleOf(language, this.fallbacks) === 'de' ? 'de' : 'en';
    // Links are titled in the content language (a red link's tooltip), whatever the answer's.
    this.links = new CommentFormatter(ctx.store, ctx.titles, ctx.site, ctx.site.language, ctx.messages);
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
      const restrictions = isObject(params.restrictions) ? params.restrictions : {};
      for (const page of asArray(restrictions.pages)) if (isObject(page)) add(this.paramTitle(page, 'page'));
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
    const told = this.messageLine(entry, params, existing, values);
    if (told !== undefined) return told;
    let text: string | undefined;
    switch (entry.type) {
      case 'block':
        values.target = this.blockTargetLink(title, existing) ?? values.target;
        values.details =
          typeof params.expiry === 'string' ? t.until.replace('$date', this.date(params.expiry)) : t.infinite;
        text = t[entry.action];
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
    }
    return fill(text ?? t.generic, values).trimEnd();
  }

  /**
   * The entry told with its `logentry-*` message, when the language has one for it; undefined for
   * the types told otherwise. `values` holds the performer's and the page's links.
   */
  private messageLine(
    entry: LogEntryToDisplay,
    params: ResultObject,
    existing: ReadonlyMap<string, PageState>,
    values: Readonly<Record<string, string>>,
  ): string | undefined {
    const details = this.messageDetails(entry, params, existing);
    if (details === undefined) return undefined;
    const key = details.key ?? `logentry-${entry.type}-${details.subtype ?? entry.action}`;
    if (this.text(key) === undefined) return undefined;
    const performer = entry.performer ?? '';
    return this.html(key, [
      { html: details.performer ?? values.performer ?? '' },
      performer,
      { html: details.target ?? values.target ?? '' },
      ...details.params,
    ]);
  }

  /**
   * The message parameters after `$3` of an entry, the message's key when it is not the action's
   * (`move-noredirect`), and the links that differ from the performer's and page's; undefined for a
   * type this server tells with its own sentences.
   */
  private messageDetails(
    entry: LogEntryToDisplay,
    params: ResultObject,
    existing: ReadonlyMap<string, PageState>,
  ): MessageDetails | undefined {
    const title = this.ctx.titles.make(entry.namespace, entry.dbKey);
    const pageLink = (page: Title | undefined) => ({ html: this.pageLink(page, existing) });
    switch (entry.type) {
      case 'rights': {
        const user = title.dbKey.replace(/_/g, ' ');
        return {
          target: this.links.link(title, escapeHtmlText(user), existing),
          // The group lists are raw parameters to MediaWiki: put in after the message is expanded,
          // so that `{{GRAMMAR:}}` around them sees a placeholder (Hebrew's `מ־` before it).
          params: [
            { html: this.groupList(params.oldgroups, params.oldmetadata, user) },
            { html: this.groupList(params.newgroups, params.newmetadata, user) },
            user,
          ],
        };
      }
      case 'protect':
        if (entry.action === 'move_prot') return { params: [pageLink(this.paramTitle(params, 'oldtitle'))] };
        if (entry.action === 'unprotect') return { params: [] };
        return {
          subtype: params.cascade === true ? `${entry.action}-cascade` : entry.action,
          params: [this.protectionDescription(params)],
        };
      case 'delete':
        return this.deleteDetails(entry, params);
      case 'merge':
        return {
          params: [
            pageLink(this.paramTitle(params, 'dest')),
            typeof params.mergepoint === 'string' ? this.date(params.mergepoint) : '',
          ],
        };
      case 'move':
        // The page moved away from is linked not to follow the redirect it may have become.
        return {
          subtype: params.suppressredirect === true ? `${entry.action}-noredirect` : entry.action,
          target: this.links.link(title, escapeHtmlText(this.ctx.titles.prefixedText(title)), existing, {
            noRedirect: true,
          }),
          params: [pageLink(this.paramTitle(params, 'target'))],
        };
      case 'upload':
      case 'create':
        return { params: [] };
      case 'newusers':
        return title.namespace === NS_USER
          ? { target: this.links.link(title, escapeHtmlText(title.dbKey.replace(/_/g, ' ')), existing), params: [] }
          : { params: [] };
      case 'renameuser': {
        if (typeof params.edits !== 'number') return undefined;
        const userLink = (name: ResultValue | undefined) => {
          const page = typeof name === 'string' ? this.userPage(name) : undefined;
          return { html: page ? this.links.link(page, escapeHtmlText(String(name)), existing) : '' };
        };
        return {
          params: [
            userLink(params.olduser),
            userLink(params.newuser),
            String(params.edits),
            String(params.newuser ?? ''),
          ],
        };
      }
      case 'managetags':
        return { params: [String(params.tag ?? ''), String(params.count ?? 0)] };
      case 'contentmodel':
        return { params: [this.contentModelName(params.oldmodel), this.contentModelName(params.newmodel)] };
      case 'block':
        return this.blockDetails(entry, params, title, existing);
      case 'patrol':
        return this.patrolDetails(params, title, existing);
    }
    return undefined;
  }

  /**
   * A patrol's parameter: the revision marked, by its number, linked to its diff when the page
   * exists; marked automatically, its own message.
   */
  private patrolDetails(
    params: ResultObject,
    title: Title,
    existing: ReadonlyMap<string, PageState>,
  ): MessageDetails | undefined {
    if (typeof params.curid !== 'number') return undefined;
    const number = escapeHtmlText(params.curid.toLocaleString(this.lang === 'de' ? 'de-DE' : 'en-US'));
    const page = escapeHtml(urlencodeTitle(this.ctx.titles.prefixedDbKey(title)));
    const revision = existing.has(`${title.namespace}:${title.dbKey}`)
      ? `<a href="${this.ctx.site.scriptPath}/index.php?title=${page}&amp;oldid=${params.curid}&amp;diff=prev" title="${escapeHtml(this.ctx.titles.prefixedText(title))}">${number}</a>`
      : number;
    return { subtype: params.auto === true ? 'patrol-auto' : 'patrol', params: [{ html: revision }] };
  }

  /** A deletion's parameters: a restore's counts, a visibility change's changes and number of items. */
  private deleteDetails(entry: LogEntryToDisplay, params: ResultObject): { params: Param[]; subtype?: string } {
    if (entry.action === 'restore') {
      const counts = isObject(params.count) ? params.count : undefined;
      if (counts === undefined) return { subtype: 'restore-nocount', params: [] };
      const told = Object.entries(counts)
        .filter(([, n]) => typeof n === 'number' && n > 0)
        .map(([kind, n]) => this.expand(`restore-count-${kind}`, [String(n)]));
      return { params: [this.listToText(told)] };
    }
    if (entry.action === 'revision' || entry.action === 'event') {
      return { params: [this.visibilityChanges(params), String(asArray(params.ids).length)] };
    }
    return { params: [] };
  }

  /**
   * A block's parameters: the blocked user's name, the duration as given (its label among the
   * block form's options, a date, or indefinite) and the flags; a partial block's restrictions
   * after them, told with the `logentry-partialblock-*` messages. The target is linked as a user
   * link (an address or range: its contributions).
   */
  private blockDetails(
    entry: LogEntryToDisplay,
    params: ResultObject,
    title: Title,
    existing: ReadonlyMap<string, PageState>,
  ): MessageDetails | undefined {
    if (title.namespace !== NS_USER) return undefined;
    const name = title.dbKey.replace(/_/g, ' ');
    const target = this.userLink(name, !IP_OR_RANGE.test(name), existing);
    if (entry.action === 'unblock') return { target, params: [name] };
    const duration = typeof params.duration === 'string' ? params.duration : 'infinity';
    const flags = asArray(params.flags).filter((f): f is string => typeof f === 'string');
    const told =
      flags.length === 0
        ? ''
        : this.expand('parentheses', [
            flags.map((f) => this.expand(`block-log-flags-${f}`, [])).join(this.text('comma-separator') ?? ', '),
          ]);
    const expiry = `<span class="blockExpiry" title="&lrm;${escapeHtml(duration)}">${escapeHtmlText(this.blockDuration(duration))}</span>`;
    const details: Param[] = [name, { html: expiry }, told];
    if (params.sitewide !== false) return { target, params: details };
    const restrictions = isObject(params.restrictions) ? params.restrictions : {};
    return {
      key: `logentry-partialblock-${entry.action}`,
      target,
      params: [...details, { html: this.blockRestrictions(restrictions, existing) }],
    };
  }

  /**
   * A partial block's restrictions as HTML: the pages it blocks (linked), then the namespaces
   * (linked to the list of their pages), each part told by its message, the parts as a list.
   */
  private blockRestrictions(restrictions: ResultObject, existing: ReadonlyMap<string, PageState>): string {
    const pages = asArray(restrictions.pages)
      .filter(isObject)
      .map((page) => this.pageLink(this.paramTitle(page, 'page'), existing));
    const namespaces = asArray(restrictions.namespaces)
      .filter((ns): ns is number => typeof ns === 'number')
      .map((ns) => this.namespaceLink(ns));
    const parts: string[] = [];
    if (pages.length > 0) {
      parts.push(
        this.html('logentry-partialblock-block-page', [String(pages.length), { html: this.listToText(pages) }]),
      );
    }
    if (namespaces.length > 0) {
      parts.push(
        this.html('logentry-partialblock-block-ns', [String(namespaces.length), { html: this.listToText(namespaces) }]),
      );
    }
    return this.listToText(parts);
  }

  /** A namespace by its name in the answer's language, linked to the list of its pages. */
  private namespaceLink(ns: number): string {
    const info = this.ctx.site.namespaces.find((n) => n.id === ns);
    const name =
      ns === 0
        ? this.expand('blanknamespace', [])
        : ((this.lang === 'en' ? info?.canonical : undefined) ?? this.ctx.titles.namespaceName(ns));
    const local = localSpecialPageName('Allpages', this.ctx.site.language);
    const page = this.ctx.titles.make(NS_SPECIAL, local ?? 'AllPages');
    const href = `${this.ctx.site.scriptPath}/index.php?title=${escapeHtml(urlencodeTitle(this.ctx.titles.prefixedDbKey(page)))}&amp;namespace=${ns}`;
    return `<a href="${href}" title="${escapeHtml(this.ctx.titles.prefixedText(page))}">${escapeHtmlText(name)}</a>`;
  }

  /**
   * A block's duration as given: its label among the block form's options (an infinite one's
   * label for any infinite duration), a date, or indefinite.
   */
  private blockDuration(duration: string): string {
    const infinite = (value: string) => ['infinite', 'indefinite', 'infinity', 'never'].includes(value);
    for (const option of (this.text('ipboptions') ?? '').split(',')) {
      const colon = option.indexOf(':');
      const value = option.slice(colon + 1);
      if (colon > 0 && (value === duration || (infinite(value) && infinite(duration)))) return option.slice(0, colon);
    }
    if (/^\d{4}-\d\d-\d\dT/.test(duration)) return this.date(duration);
    const seconds = relativeSeconds(duration);
    // Without the duration messages (no stored catalogue), as given.
    return seconds === undefined || this.text('duration-days') === undefined ? duration : this.formatDuration(seconds);
  }

  /**
   * A length of time as MediaWiki's `formatDuration` writes it: in years, days, hours, minutes and
   * seconds (`duration-days`), the parts listed.
   */
  private formatDuration(seconds: number): string {
    const parts: string[] = [];
    let rest = seconds;
    for (const [unit, length] of DURATION_UNITS) {
      const count = Math.floor(rest / length);
      if (count > 0 || (unit === 'seconds' && parts.length === 0)) {
        parts.push(this.expand(`duration-${unit}`, [String(count)]));
        rest -= count * length;
      }
    }
    return this.listToText(parts);
  }

  /** A content model by its name in the language (`Klartext`), else by its id. */
  private contentModelName(model: ResultValue | undefined): string {
    const id = String(model ?? '');
    return this.text(`content-model-${id}`) === undefined ? id : this.expand(`content-model-${id}`, []);
  }

  /** The page's link, red when it is missing, not followed when it redirects. */
  private pageLink(page: Title | undefined, existing: ReadonlyMap<string, PageState>): string {
    return page
      ? this.links.link(page, escapeHtmlText(this.ctx.titles.prefixedText(page)), existing, { redirectNoFollow: true })
      : '';
  }

  /** A message's text in the answer's language: the stored catalogue's, else the one shipped for logs. */
  private text(key: string): string | undefined {
    if (this.language === QQX) return qqxKey(key);
    return shippedMessage(key, this.language, this.ctx.messages, this.fallbacks) ?? LOG_MESSAGES[this.lang]?.[key];
  }

  /** Message `key` with its parameters put in and `{{GENDER:}}` and `{{PLURAL:}}` expanded, as text. */
  private expand(key: string, params: readonly string[]): string {
    // The pseudo-language shows the key with every parameter given, as MediaWiki does.
    if (this.language === QQX) return qqxText(key, params);
    const template = this.text(key) ?? `⧼${key}⧽`;
    const substituted = template.replace(/\$(\d+)/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
    const { site } = this.ctx;
    return transformMessageSync(substituted, {
      siteName: site.siteName,
      server: site.server ?? '',
      scriptPath: site.scriptPath,
      language: this.language,
      contentLanguage: site.language,
      page: { fullTitle: 'API', text: 'API', namespace: '' },
      readerName: '',
      gender: (name) => userGender(this.ctx.titles, name),
      message: (name) => this.text(name),
    });
  }

  /** Message `key` as HTML, as MediaWiki escapes a message: its text escaped, HTML parameters as they are. */
  private html(key: string, params: readonly Param[]): string {
    const html: string[] = [];
    const texts = params.map((param) => {
      if (typeof param === 'string') return param;
      html.push(param.html);
      return `${HTML_OPEN}${html.length - 1}${HTML_CLOSE}`;
    });
    return escapeHtmlQuotes(this.expand(key, texts)).replace(HTML_PARAM, (_, i: string) => html[Number(i)] ?? '');
  }

  /** Items as the language lists them: `a, b und c`. */
  private listToText(items: readonly string[]): string {
    if (items.length <= 1) return items.join('');
    const comma = this.text('comma-separator') ?? ', ';
    const and = `${this.text('and') ?? ' and'}${this.text('word-separator') ?? ' '}`;
    return `${items.slice(0, -1).join(comma)}${and}${items.at(-1)}`;
  }

  /** Groups by their member names in the user's gender, each with its expiry; `rightsnone` without any. */
  private groupList(groups: ResultValue | undefined, metadata: ResultValue | undefined, user: string): string {
    const expiries = new Map<string, string>();
    for (const m of asArray(metadata)) {
      if (isObject(m) && typeof m.group === 'string' && typeof m.expiry === 'string') expiries.set(m.group, m.expiry);
    }
    const names = asArray(groups)
      .filter((g): g is string => typeof g === 'string')
      .map((g) => {
        const member = this.text(`group-${g}-member`) === undefined ? g : this.expand(`group-${g}-member`, [user]);
        const expiry = expiries.get(g);
        return expiry && expiry !== 'infinity'
          ? this.expand('rightslogentry-temporary-group', [
              member,
              this.date(expiry),
              this.day(expiry),
              this.time(expiry),
            ])
          : member;
      });
    return names.length > 0 ? this.listToText(names) : this.expand('rightsnone', []);
  }

  /** Each protection as `[action=level] (expiry)`, separated by spaces. */
  private protectionDescription(params: ResultObject): string {
    return asArray(params.details)
      .filter(isObject)
      .map((d) => {
        const level = String(d.level ?? '');
        const expiry =
          typeof d.expiry === 'string' && d.expiry !== 'infinite' && d.expiry !== 'infinity'
            ? this.expand('protect-expiring-local', [this.date(d.expiry), this.day(d.expiry), this.time(d.expiry)])
            : this.expand('protect-expiry-indefinite', []);
        return this.expand('protect-summary-desc', [
          this.expand(`restriction-${String(d.type ?? '')}`, []),
          this.text(`protect-level-${level}`) === undefined ? level : this.expand(`protect-level-${level}`, []),
          expiry,
        ]);
      })
      .join(this.text('word-separator') ?? ' ');
  }

  /** What a visibility change hid and showed again, and its restriction, as the language lists them. */
  private visibilityChanges(params: ResultObject): string {
    const before = isObject(params.old) ? params.old : {};
    const after = isObject(params.new) ? params.new : {};
    const fields: Array<[string, string]> = [
      ['content', 'revdelete-content'],
      ['comment', 'revdelete-summary'],
      ['user', 'revdelete-uname'],
    ];
    const changes = [
      ...fields.filter(([f]) => after[f] === true && before[f] !== true).map(([, m]) => this.expand(`${m}-hid`, [])),
      ...fields.filter(([f]) => after[f] !== true && before[f] === true).map(([, m]) => this.expand(`${m}-unhid`, [])),
    ];
    if (after.restricted === true && before.restricted !== true) changes.push(this.expand('revdelete-restricted', []));
    if (after.restricted !== true && before.restricted === true)
      changes.push(this.expand('revdelete-unrestricted', []));
    return this.listToText(changes);
  }

  private performerLink(entry: LogEntryToDisplay, existing: ReadonlyMap<string, PageState>): string {
    if (entry.performer === undefined) return TEXTS[this.lang].userhidden;
    return this.userLink(entry.performer, entry.performerIsUser, existing);
  }

  /** A user's link: to the user page of an account, to the contributions of an address or range. */
  private userLink(name: string, isAccount: boolean, existing: ReadonlyMap<string, PageState>): string {
    const label = `<bdi>${escapeHtmlText(name)}</bdi>`;
    if (isAccount) {
      const page = this.userPage(name);
      if (page) return this.links.link(page, label, existing, { extraClass: 'mw-userlink' });
    }
    const contributions = this.contributionsPage(name);
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
    const local = localSpecialPageName('Contributions', this.ctx.site.language);
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

  /** An ISO timestamp's date as the language writes a date alone (`21. Januar 2027`, UTC). */
  private day(iso: string): string {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return escapeHtmlText(iso);
    return this.formatDay(toMwTimestamp(when));
  }

  /** An ISO timestamp's time of day as the reader's language writes it (UTC). */
  private time(iso: string): string {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return escapeHtmlText(iso);
    return this.formatTime(toMwTimestamp(when));
  }

  /** An ISO timestamp as the reader's language writes a date with its time (UTC). */
  private date(iso: string): string {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return escapeHtmlText(iso);
    return this.formatDate(toMwTimestamp(when));
  }
}

/** The units MediaWiki's `formatDuration` writes by default, with their seconds (a year of 365.2425 days). */
const DURATION_UNITS: readonly [string, number][] = [
  ['years', 31_556_952],
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
];

/** Seconds per unit of a relative time as PHP's `strtotime` counts them (months and years apart). */
const RELATIVE_UNITS: Readonly<Record<string, number>> = {
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 604_800,
  fortnight: 1_209_600,
};

/**
 * The seconds of a relative block duration (`3 weeks`, `1 month`) as MediaWiki measures it, from
 * the start of 1970 (a month of January's 31 days, a year of 365); undefined for anything else.
 */
function relativeSeconds(duration: string): number | undefined {
  const match = /^\s*(\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?\s*$/i.exec(duration);
  if (!match) return undefined;
  const count = Number(match[1]);
  const unit = match[2].toLowerCase();
  // Months and years from January 1970 onward: each month as long as it is in the calendar.
  if (unit === 'month' || unit === 'year') {
    const months = unit === 'year' ? count * 12 : count;
    return Date.UTC(1970, months, 1) / 1000;
  }
  return count * (RELATIVE_UNITS[unit] ?? 0);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$([a-z]+)/g, (whole, name: string) => values[name] ?? whole);
}

type DisplayContext = Pick<ModuleContext, 'store' | 'titles' | 'site' | 'language' | 'messages' | 'storedMessages'>;

/** The formatter for `logdisplay`, in the answer's language. */
export function logDisplayFormatterFor(ctx: DisplayContext) {
  return new LogDisplayFormatter(ctx, ctx.language);
}

/**
 * The lines of these entries, in the answer's language. Each is kept with the store's rows
 * (`keptRows`, dropped whenever the store changes: a line's links depend on which pages exist)
 * under its `key`, which must name the entry and what the reader may see of it.
 */
export async function keptLogDisplays(
  ctx: DisplayContext,
  entries: readonly { key: string; entry: LogEntryToDisplay }[],
): Promise<string[]> {
  const byKey = new Map(entries.map(({ key, entry }) => [key, entry]));
  const make = async (keys: string[]) => {
    const lines = await logDisplayFormatterFor(ctx).format(keys.map((key) => byKey.get(key) as LogEntryToDisplay));
    return keys.map((key, i) => ({ key, line: lines[i] as string }));
  };
  const keys = entries.map(({ key }) => key);
  const kept = await keptRows(ctx.store, `logdisplay ${ctx.language}`, keys, (row) => row.key, make);
  return (kept ?? (await make(keys))).map((row) => row.line);
}
