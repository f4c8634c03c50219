import type { ExpressionBuilder } from 'kysely';
import { partialBlockScope } from '../../accounts/blocks.js';
import { badContinue } from '../../api/errors.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { PageRecord } from '../../api/pageset.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { mwToIso, toMwTimestamp } from '../../api/params/timestamp.js';
import { assoc, type KeyedList, list, namedList, type ResultObject, withContent } from '../../api/result/tree.js';
import { bcp47 } from '../../site/languages.js';
import { languageFacts } from '../../site/mediawiki/language-facts.js';
import { type LanguageConverter, languageConverter } from '../../site/mediawiki/language-variants.js';
import { defaultPageLanguage } from '../../site/page-language.js';
import type { SiteConfig } from '../../site/site.js';
import {
  canHaveTalkPage,
  isTalkNamespace,
  NS_USER,
  subjectNamespace,
  type TitleCodec,
  talkNamespace,
} from '../../site/title.js';
import { articleUrl, indexUrl } from '../../site/urls.js';
import type { WikiDatabase } from '../../store/schema.js';
import { compareByteOrder } from '../../text/byte-order.js';
import { escapeHtmlText } from '../../text/escape.js';
import { type CallerBlock, permissionProblems } from '../page-permissions.js';
import {
  type Protection,
  pageProtections,
  protectionResult,
  restrictionTypes,
  titleProtections,
} from '../page-protection.js';
import { inBatches } from '../support/batches.js';
import { groupLinkList } from '../support/group-links.js';
import { blockDetails } from '../support/user-info.js';

const NS_MEDIAWIKI = 8;

/** `prop=info`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'info',
  group: 'prop',
  prefix: 'in',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info',
  parameters: [
    {
      name: 'prop',
      type: [
        'associatedpage',
        'displaytitle',
        'editintro',
        'linkclasses',
        'notificationtimestamp',
        'preloadcontent',
        'protection',
        'subjectid',
        'talkid',
        'url',
        'varianttitles',
        'visitingwatchers',
        'watched',
        'watchers',
        'preload',
        'readable',
      ],
      multi: true,
      deprecatedvalues: ['preload', 'readable'],
    },
    { name: 'linkcontext', type: 'title', default: { fromSite: 'mainpage' } },
    { name: 'testactions', type: 'string', multi: true },
    { name: 'testactionsdetail', type: ['boolean', 'full', 'quick'], default: 'boolean' },
    { name: 'testactionsautocreate', type: 'boolean' },
    { name: 'preloadcustom', type: 'string', info: [{ name: 'preloadcontentonly' }] },
    { name: 'preloadparams', type: 'string', multi: true, info: [{ name: 'preloadcontentonly' }] },
    { name: 'preloadnewsection', type: 'boolean', info: [{ name: 'preloadcontentonly' }] },
    {
      name: 'editintrostyle',
      type: ['lessframes', 'moreframes'],
      default: 'moreframes',
      info: [{ name: 'editintroonly' }],
    },
    { name: 'editintroskip', type: 'string', multi: true, info: [{ name: 'editintroonly' }] },
    { name: 'editintrocustom', type: 'string', info: [{ name: 'editintroonly' }] },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** Languages written right to left, for `pagelanguagedir`. */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'arz',
  'azb',
  'ckb',
  'dv',
  'fa',
  'he',
  'ks',
  'mzn',
  'pnb',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/** The content model of a title without a stored one: by namespace, and by suffix for scripts and styles. */
/**
 * A page's title in each variant of the wiki's language, as MediaWiki's info module gives them: the
 * stored display title (HTML) converted, or the title's text converted after its namespace's
 * name in the variant's language (without the user's gender; the wiki's own name where that
 * language has none).
 */
function variantTitles(
  converter: LanguageConverter,
  titles: TitleCodec,
  target: { ns: number; dbKey: string },
  displayTitle: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const variant of converter.variants) {
    if (displayTitle !== undefined) {
      out[variant] = converter.autoConvert(displayTitle, variant);
      continue;
    }
    const text = converter.autoConvert(escapeHtmlText(target.dbKey.replace(/_/g, ' ')), variant);
    out[variant] = target.ns === 0 ? text : `${variantNamespaceName(titles, target.ns, variant)}:${text}`;
  }
  return out;
}

/** A namespace's name in a variant's language (MediaWiki's `convertNamespace`), with spaces. */
function variantNamespaceName(titles: TitleCodec, namespace: number, variant: string): string {
  const name = languageFacts(variant).namespaces[namespace];
  if (name === undefined || name === '') return titles.namespaceName(namespace);
  return name.replace('$1', titles.namespaceName(4 /* the project namespace */)).replace(/_/g, ' ');
}

export function defaultContentModel(site: SiteConfig, ns: number, dbKey: string): string {
  const configured = site.namespaces.find((n) => n.id === ns)?.defaultContentModel;
  if (configured) return configured;
  if (ns === NS_MEDIAWIKI || (ns === NS_USER && dbKey.includes('/'))) {
    if (dbKey.endsWith('.js')) return 'javascript';
    if (dbKey.endsWith('.css')) return 'css';
    if (dbKey.endsWith('.json')) return 'json';
  }
  return 'wikitext';
}

/** A title as HTML text (`displaytitle` without a stored one): quotes stay as they are, as in MediaWiki. */

interface InfoTarget {
  id: number;
  pageid?: number;
  ns: number;
  dbKey: string;
  title: string;
  exists: boolean;
  record?: PageRecord;
}

interface WatchState {
  watched: Set<string>;
  notification: Map<string, string>;
  expiry: Map<string, string>;
  watchers: Map<string, number> | undefined;
  visiting: Map<string, number> | undefined;
  showZero: boolean;
}

const key = (ns: number, dbKey: string) => `${ns}:${dbKey}`;

async function watchState(
  context: ContextOf<typeof descriptor>,
  targets: InfoTarget[],
  props: ReadonlySet<string>,
): Promise<WatchState> {
  const { store, user, site } = context;
  const state: WatchState = {
    watched: new Set(),
    notification: new Map(),
    expiry: new Map(),
    watchers: undefined,
    visiting: undefined,
    showZero: false,
  };
  const titleFilter = (batch: readonly InfoTarget[]) => (eb: ExpressionBuilder<WikiDatabase, 'watchlist'>) =>
    eb.or(batch.map((t) => eb.and([eb('wl_namespace', '=', t.ns), eb('wl_title', '=', t.dbKey)])));
  const wantsOwn = props.has('watched') || props.has('notificationtimestamp');
  if (wantsOwn && !user.anonymous && user.rights.has('viewmywatchlist') && targets.length > 0) {
    const rows = await inBatches(targets, (batch) =>
      store.db
        .selectFrom('watchlist')
        .leftJoin('watchlist_expiry', 'we_item', 'wl_id')
        .select(['wl_namespace', 'wl_title', 'wl_notificationtimestamp', 'we_expiry'])
        .where('wl_user', '=', user.id)
        .where(titleFilter(batch))
        .execute(),
    );
    const now = toMwTimestamp(context.now);
    for (const row of rows) {
      if (row.we_expiry && row.we_expiry <= now) continue;
      const k = key(row.wl_namespace, row.wl_title);
      state.watched.add(k);
      if (row.wl_notificationtimestamp) state.notification.set(k, row.wl_notificationtimestamp);
      if (row.we_expiry) state.expiry.set(k, row.we_expiry);
    }
  }
  const threshold = site.settings.UnwatchedPageThreshold;
  const canSeeAll = user.rights.has('unwatchedpages');
  if ((props.has('watchers') || props.has('visitingwatchers')) && (canSeeAll || typeof threshold === 'number')) {
    state.showZero = canSeeAll;
    const minimum = canSeeAll ? 1 : Number(threshold);
    if (props.has('watchers') && targets.length > 0) {
      const rows = await inBatches(targets, (batch) =>
        store.db
          .selectFrom('watchlist')
          .select(['wl_namespace', 'wl_title', (eb) => eb.fn.countAll<number>().as('n')])
          .where(titleFilter(batch))
          .groupBy(['wl_namespace', 'wl_title'])
          .execute(),
      );
      state.watchers = new Map();
      for (const row of rows) {
        if (Number(row.n) >= minimum) state.watchers.set(key(row.wl_namespace, row.wl_title), Number(row.n));
      }
    }
    const existing = targets.filter((t) => t.record);
    if (props.has('visitingwatchers') && targets.length > 0) {
      // A watcher "visits" when they have seen the page since an edit no older than $wgWatchersMaxAge;
      // a missing title's watchers all count, as it has no edit to measure from.
      const maxAge = typeof site.settings.WatchersMaxAge === 'number' ? site.settings.WatchersMaxAge : 180 * 86400;
      state.visiting = new Map();
      const latest =
        existing.length === 0
          ? []
          : await store.db
              .selectFrom('revision')
              .select(['rev_page', 'rev_timestamp'])
              .where(
                'rev_id',
                'in',
                existing.map((t) => t.record?.latest ?? 0),
              )
              .execute();
      const latestByPage = new Map(latest.map((r) => [r.rev_page, r.rev_timestamp]));
      const watchers = await inBatches(targets, (batch) =>
        store.db
          .selectFrom('watchlist')
          .select(['wl_namespace', 'wl_title', 'wl_notificationtimestamp'])
          .where(titleFilter(batch))
          .execute(),
      );
      const counts = new Map<string, number>();
      const cutoffs = new Map<string, string>();
      for (const target of existing) {
        const edited = latestByPage.get(target.pageid ?? 0);
        if (edited)
          cutoffs.set(
            key(target.ns, target.dbKey),
            toMwTimestamp(new Date(Date.parse(mwToIso(edited)) - maxAge * 1000)),
          );
      }
      const missing = new Set(targets.filter((t) => !t.record).map((t) => key(t.ns, t.dbKey)));
      for (const row of watchers) {
        const k = key(row.wl_namespace, row.wl_title);
        const cutoff = cutoffs.get(k);
        const visits = missing.has(k)
          ? true
          : cutoff !== undefined && (row.wl_notificationtimestamp === null || row.wl_notificationtimestamp > cutoff);
        if (visits) counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      for (const [k, n] of counts) if (n >= minimum) state.visiting.set(k, n);
    }
  }
  return state;
}

/** Ids of existing talk pages of subject pages and of subject pages of talk pages, by `ns:dbKey`. */
async function counterpartIds(
  context: ContextOf<typeof descriptor>,
  targets: InfoTarget[],
): Promise<Map<string, number>> {
  const wanted = targets
    .filter((t) => t.ns >= 0)
    .map((t) => ({ ns: isTalkNamespace(t.ns) ? subjectNamespace(t.ns) : talkNamespace(t.ns), dbKey: t.dbKey }));
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  const rows = await inBatches(wanted, (batch) =>
    context.store.db
      .selectFrom('page')
      .select(['page_id', 'page_namespace', 'page_title'])
      .where((eb) => eb.or(batch.map((t) => eb.and([eb('page_namespace', '=', t.ns), eb('page_title', '=', t.dbKey)]))))
      .execute(),
  );
  for (const row of rows) out.set(key(row.page_namespace, row.page_title), row.page_id);
  return out;
}

/** A language's writing direction, by its base code. */
function languageDirection(language: string): 'rtl' | 'ltr' {
  const dash = language.indexOf('-');
  return RTL_LANGUAGES.has(dash === -1 ? language : language.slice(0, dash)) ? 'rtl' : 'ltr';
}

type InfoContext = ContextOf<typeof descriptor>;

/**
 * The pages of the set, existing and missing, in MediaWiki's order (by namespace, then title key
 * byte by byte), from the continue value on: `namespace|title`, the first page not yet shown.
 */
function infoTargets(context: InfoContext): InfoTarget[] {
  const { params, pages } = context;
  const targets: InfoTarget[] = [];
  for (const m of pages.missing) {
    targets.push({ id: m.fakeId, ns: m.ns, dbKey: m.dbKey, title: m.title, exists: false });
  }
  // The pages as they were found: mostly in this order already (a generator's by title, a lookup
  // by title), which the sort then only checks.
  for (const p of pages.good.values()) {
    targets.push({ id: p.pageid, pageid: p.pageid, ns: p.ns, dbKey: p.dbKey, title: p.title, exists: true, record: p });
  }
  targets.sort(compareTargets);
  if (params.continue === undefined) return targets;
  const from = continueTarget(context, params.continue);
  return targets.filter((t) => compareTargets(t, from) >= 0);
}

function compareTargets(a: { ns: number; dbKey: string }, b: { ns: number; dbKey: string }): number {
  return a.ns - b.ns || compareByteOrder(a.dbKey, b.dbKey);
}

/** The page a continue value names: a namespace the wiki has (read as PHP reads a number) and a title in it. */
function continueTarget(context: InfoContext, value: string): { ns: number; dbKey: string } {
  const parts = value.split('|');
  if (parts.length !== 2) throw badContinue();
  const digits = /^\s*[+-]?\d+/.exec(parts[0] as string);
  const ns = digits ? Number(digits[0]) : 0;
  if (!context.titles.isKnownNamespace(ns)) throw badContinue();
  const prefix = context.titles.namespaceName(ns);
  const parsed = context.titles.parse(prefix === '' ? (parts[1] as string) : `${prefix}:${parts[1]}`);
  if (!parsed.ok || parsed.title.interwiki !== '') throw badContinue();
  return { ns: parsed.title.namespace, dbKey: parsed.title.dbKey };
}

/** Everything `inprop` and `intestactions` need, read for the whole batch at once. */
async function infoData(context: InfoContext, props: ReadonlySet<string>, selected: InfoTarget[]) {
  const existing = selected.filter((t) => t.exists) as (InfoTarget & { pageid: number })[];
  const missing = selected.filter((t) => !t.exists);
  const wantsProtection = props.has('protection') || (context.params.testactions ?? []).length > 0;
  const protections = wantsProtection
    ? await pageProtections(
        context.store,
        context.titles,
        existing.map((t) => ({ pageid: t.pageid, ns: t.ns, dbKey: t.dbKey })),
        context.now,
      )
    : new Map<number, Protection[]>();
  const createProtections = wantsProtection
    ? await titleProtections(context.store, missing, context.now)
    : new Map<string, Protection>();
  const watch = await watchState(context, selected, props);
  const counterparts =
    props.has('talkid') || props.has('subjectid') ? await counterpartIds(context, selected) : new Map<string, number>();
  const displayTitles = new Map<number, string>();
  // Variant titles are made of the display titles only when those are asked for too: MediaWiki
  // 1.39 reads them for displaytitle alone, and otherwise converts the plain title.
  if (props.has('displaytitle') && existing.length > 0) {
    const rows = await context.store.db
      .selectFrom('page_props')
      .select(['pp_page', 'pp_value'])
      .where('pp_propname', '=', 'displaytitle')
      .where(
        'pp_page',
        'in',
        existing.map((t) => t.pageid),
      )
      .execute();
    for (const row of rows) displayTitles.set(row.pp_page, row.pp_value);
  }
  const wantsCounterpart = props.has('talkid') || props.has('subjectid') || props.has('associatedpage');
  const byTitle =
    wantsProtection ||
    props.has('watched') ||
    props.has('watchers') ||
    props.has('visitingwatchers') ||
    props.has('notificationtimestamp') ||
    wantsCounterpart;
  const preload = props.has('preloadcontent') ? await preloadText(context) : undefined;
  return {
    callerBlock: await callerBlock(context),
    props,
    wantsProtection,
    wantsCounterpart,
    byTitle,
    protections,
    createProtections,
    watch,
    counterparts,
    displayTitles,
    preload,
  };
}

type InfoData = Awaited<ReturnType<typeof infoData>>;

/** The caller's block, for testactions checked more than quickly (MediaWiki's quick rigor skips blocks). */
async function callerBlock(context: InfoContext): Promise<CallerBlock | undefined> {
  if ((context.params.testactions ?? []).length === 0 || context.params.testactionsdetail === 'quick') return undefined;
  const block = await context.user.block();
  if (!block) return undefined;
  const scope = block.sitewide
    ? { pages: new Set<number>(), namespaces: new Set<number>() }
    : await partialBlockScope(context.store, block.id);
  return { block, scope };
}

/** `watched`, `watchers`, `visitingwatchers` and `notificationtimestamp` of one page. */
function watchFields(data: InfoData, k: string, out: ResultObject): void {
  const { props, watch } = data;
  // Anonymous callers and those who may not see their watchlist watch nothing: false, as MediaWiki says.
  if (props.has('watched')) {
    out.watched = watch.watched.has(k);
    const expiry = watch.expiry.get(k);
    if (expiry) out.watchlistexpiry = mwToIso(expiry);
  }
  if (props.has('watchers') && watch.watchers) {
    const n = watch.watchers.get(k);
    if (n !== undefined) out.watchers = n;
    else if (watch.showZero) out.watchers = 0;
  }
  if (props.has('visitingwatchers') && watch.visiting) {
    const n = watch.visiting.get(k);
    if (n !== undefined) out.visitingwatchers = n;
    else if (watch.showZero) out.visitingwatchers = 0;
  }
  if (props.has('notificationtimestamp')) {
    const stamp = watch.notification.get(k);
    out.notificationtimestamp = stamp ? mwToIso(stamp) : '';
  }
}

/** `intestactions`: whether the caller may do each action on the page, with the reasons when not. */
async function testedActions(context: InfoContext, data: InfoData, target: InfoTarget): Promise<KeyedList> {
  const { user, site } = context;
  const protection = protectionOf(data, target, data.byTitle ? key(target.ns, target.dbKey) : '');
  const detail = context.params.testactionsdetail;
  // A plain array to MediaWiki, in the order asked even where actions are named by numbers (`0`):
  // formatversion 1, leaving out the actions refused (false), prints `[]` when none is left.
  const actions = namedList();
  for (const action of context.params.testactions ?? []) {
    // MediaWiki's result takes a key that begins with `_` for its own metadata and prints none.
    if (action.startsWith('_')) continue;
    const page = { ns: target.ns, dbKey: target.dbKey, exists: target.exists, id: target.pageid };
    const problems = permissionProblems(user, site, action, page, protection, data.callerBlock);
    if (detail === 'boolean') {
      actions.set(action, problems.length === 0);
      continue;
    }
    // `quick` skips slow checks (MediaWiki's quick rigor); every reason found is given.
    const reasons = await context.statusEntries(
      problems.map((p) => ({
        code: p.code,
        key: p.message,
        params: p.groups
          ? [groupLinkList(p.groups, site, context.language, context.storedMessages), p.groups.length]
          : p.params,
        data: p.block ? { blockinfo: blockDetails(p.block, context) } : undefined,
      })),
    );
    actions.set(action, list('error', reasons));
  }
  return actions;
}

/** Talk and subject page ids, the associated page, and the URLs of one page. */
function relatedFields(context: InfoContext, data: InfoData, target: InfoTarget, out: ResultObject): void {
  const { props } = data;
  const { titles: codec, site } = context;
  if (target.ns >= 0 && data.wantsCounterpart) {
    const talk = isTalkNamespace(target.ns);
    const other = talk ? subjectNamespace(target.ns) : talkNamespace(target.ns);
    const otherId = data.counterparts.get(key(other, target.dbKey));
    if (props.has('talkid') && !talk && otherId !== undefined) out.talkid = otherId;
    if (props.has('subjectid') && talk && otherId !== undefined) out.subjectid = otherId;
    if (props.has('associatedpage') && canHaveTalkPage(target.ns)) {
      out.associatedpage = codec.prefixedText({ namespace: other, dbKey: target.dbKey, interwiki: '' });
    }
  }
  if (props.has('url')) {
    const dbKey = codec.prefixedDbKey({ namespace: target.ns, dbKey: target.dbKey, interwiki: '' });
    out.fullurl = articleUrl(site, context.server, dbKey);
    out.editurl = indexUrl(site, context.server, dbKey, { action: 'edit' });
    out.canonicalurl = articleUrl(site, canonicalServer(site, context.server), dbKey);
  }
}

/** One page's fields, in MediaWiki's order. */
/** The protections of a page, or a missing title's protection from creation. */
function protectionOf(data: InfoData, target: InfoTarget, k: string): Protection[] {
  if (!data.wantsProtection) return [];
  if (target.record) return data.protections.get(target.id) ?? [];
  const created = data.createProtections.get(k);
  return created ? [created] : [];
}

/** One page's fields; `actions` are its tested actions (`intestactions`), made before. */
function pageInfo(context: InfoContext, data: InfoData, target: InfoTarget, actions?: KeyedList): ResultObject {
  const { params, site } = context;
  const { props } = data;
  const out: ResultObject = {};
  const record = target.record;
  const model = record?.contentModel ?? defaultContentModel(site, target.ns, target.dbKey);
  out.contentmodel = model;
  const language = record?.lang ?? defaultPageLanguage(site.language, target.ns, target.dbKey, model);
  out.pagelanguage = language;
  // The language's code as HTML writes it (BCP 47: `pt-BR` for `pt-br`).
  out.pagelanguagehtmlcode = bcp47(language);
  out.pagelanguagedir = languageDirection(language);
  if (record) {
    out.touched = mwToIso(record.touched);
    out.lastrevid = record.latest;
    out.length = record.length;
    if (record.isRedirect) out.redirect = true;
    if (record.isNew) out.new = true;
  }
  // The title's key is made only for what looks pages up by title.
  const k = data.byTitle ? key(target.ns, target.dbKey) : '';
  const protection = protectionOf(data, target, k);
  if (props.has('protection')) {
    out.protection = list(
      'pr',
      protection.map((p) => protectionResult(p)),
    );
    out.restrictiontypes = list('rt', restrictionTypes(target.ns, target.exists));
  }
  watchFields(data, k, out);
  relatedFields(context, data, target, out);
  if (props.has('readable')) out.readable = context.user.rights.has('read');
  if (props.has('preload')) out.preload = record ? '' : null;
  // Preloaded text only applies to a page being created or to a new section.
  if (props.has('preloadcontent') && (!record || params.preloadnewsection)) {
    out.preloadcontent = withContent(
      { contentmodel: model, contentformat: formatOf(model), content: data.preload ?? '' },
      'content',
    );
    out.preloadisdefault = data.preload === undefined;
  }
  if (props.has('editintro')) out.editintro = assoc({});
  if (props.has('displaytitle') || (props.has('varianttitles') && record)) {
    const stored = record && data.displayTitles.get(target.id);
    if (props.has('displaytitle')) out.displaytitle = stored || escapeHtmlText(target.title);
    if (props.has('varianttitles') && record) {
      // The language converter is the wiki's: its variants are those of the site's language,
      // whatever the page's (a JSON page's language is English).
      const converter = languageConverter(site.language);
      if (converter === undefined) {
        // The namespace is named without the user's gender (Benutzer:Alice).
        const title = { namespace: target.ns, dbKey: target.dbKey, interwiki: '' };
        const plain = context.titles.genderPrefixedText(title, 'unknown');
        out.varianttitles = assoc({ [site.language]: stored || escapeHtmlText(plain) });
      } else {
        out.varianttitles = assoc(variantTitles(converter, context.titles, target, stored || undefined));
      }
    }
  }
  if (actions !== undefined) out.actions = actions;
  if (props.has('linkclasses') && record) {
    out.linkclasses = list('_v', record.isRedirect ? ['mw-redirect'] : []); // untagged in MediaWiki: `<_v>` in XML
  }
  return out;
}

export const execute: ModuleExecute<typeof descriptor> = async (context) => {
  const props = new Set<string>(context.params.prop ?? []);
  const selected = infoTargets(context);
  const data = await infoData(context, props, selected);
  // MediaWiki tests at most 50 actions a request (500 with apihighlimits), counted a page's
  // actions at a time: a page that would start beyond them continues the module.
  const tests = (context.params.testactions ?? []).length;
  const testLimit = context.user.rights.has('apihighlimits') ? 500 : 50;
  let tested = 0;
  for (const target of selected) {
    const page = context.result.page(target.id);
    if (!page) continue;
    if (tests > 0 && tested >= testLimit) {
      context.setContinue(`${target.ns}|${target.dbKey.replaceAll('_', ' ')}`);
      break;
    }
    tested += tests;
    const actions = tests > 0 ? await testedActions(context, data, target) : undefined;
    const out = pageInfo(context, data, target, actions);
    if (!context.result.fits(out)) {
      context.setContinue(`${target.ns}|${target.dbKey.replaceAll('_', ' ')}`);
      break;
    }
    Object.assign(page, out);
  }
};

async function preloadText(context: ContextOf<typeof descriptor>): Promise<string | undefined> {
  const name = context.params.preloadcustom;
  if (name === undefined) return undefined;
  const title = context.titles.parseOrUndefined(name);
  if (title?.interwiki !== '') return undefined;
  const row = await context.store.db
    .selectFrom('page')
    .innerJoin('slots', (join) => join.onRef('slot_revision_id', '=', 'page_latest').on('slot_role', '=', 'main'))
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select('content_text')
    .where('page_namespace', '=', title.namespace)
    .where('page_title', '=', title.dbKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const args = context.params.preloadparams ?? [];
  return row.content_text.replace(/\$(\d+)/g, (whole, n: string) => args[Number(n) - 1] ?? whole);
}

/** `$wgCanonicalServer`: the configured one, or the server itself. */
function canonicalServer(site: SiteConfig, server: string): string {
  const configured = site.settings.CanonicalServer;
  return typeof configured === 'string' && configured !== '' ? configured : server;
}

const FORMATS: Record<string, string> = {
  wikitext: 'text/x-wiki',
  javascript: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  text: 'text/plain',
};

function formatOf(model: string): string {
  return FORMATS[model] ?? 'text/plain';
}

/** Properties that depend on the page alone; the others (watching, link classes, rights) on the caller. */
const PAGE_ONLY_PROPS = new Set([
  'protection',
  'talkid',
  'subjectid',
  'associatedpage',
  'url',
  'preload',
  'preloadcontent',
  'displaytitle',
  'varianttitles',
]);

/** Who may keep the answer: anyone when it shows only what depends on the page, else only the caller. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params) =>
  params.testactions === undefined && (params.prop ?? []).every((prop) => PAGE_ONLY_PROPS.has(prop))
    ? 'public'
    : 'private';
