/**
 * `index.php` as far as a wiki without HTML pages answers it: `action=raw`, the text of a page or
 * of one of its revisions, as MediaWiki's raw action sends it (scripts, style sheets and bots load
 * pages this way). The page is named as MediaWiki's entry point reads it: `curid`, else `title`
 * (the path after `index.php/` first), else the main page; `oldid` (or `diff`) names a revision
 * and with it its page, `direction` (`next`, `prev`, `cur`) the revision beside it. `section`,
 * `slot`, `templates=expand`, `ctype` (or the older `gen`), `maxage` and `smaxage` are read as
 * MediaWiki reads them, with its status codes and caching headers: 404 for a text that is not
 * there (but not for a style sheet or script, which browsers load on every page), 403 for
 * JavaScript of a page anyone can edit and for a user's script or style of an account that does
 * not exist, a 301 to the other wiki for an interwiki title, and 304 for a client whose copy is
 * as new as the page. Every other action (a page as HTML, special pages) is not served: 404 with a
 * note saying so.
 */

import { pageProtections } from '../modules/page-protection.js';
import { defaultContentModel } from '../modules/prop/info.js';
import { expansionHost } from '../modules/support/template-expansion.js';
import { NS_FILE, NS_MEDIA, NS_MEDIAWIKI, NS_SPECIAL, NS_USER, type Title } from '../site/title.js';
import { interwikiLinkUrl } from '../site/urls.js';
import { fitsIdColumn } from '../store/dialect.js';
import { escapeHtmlText } from '../text/escape.js';
import { isPhpNumeric, phpUrlencode } from '../text/php-strings.js';
import { mwToIso } from '../text/timestamps.js';
import { Expander } from '../wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../wikitext/preprocessor/parse.js';
import { wikitextSection } from '../wikitext/sections.js';
import { phpIntval } from './keyset.js';
import type { ApiRequest } from './main.js';
import { lookupMessages } from './messages/store.js';
import type { ApiServices } from './request-state.js';
import { RequestSession } from './session.js';

export interface IndexAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The content types `ctype` may ask for; any other is sent as wikitext. */
const RAW_CONTENT_TYPES = new Set([
  'text/x-wiki',
  'text/javascript',
  'text/css',
  'application/x-zope-edit',
  'application/json',
]);
/** Content types a shared cache may keep (`$wgForcedRawSMaxage`): the site's styles and scripts. */
const CACHED_CONTENT_TYPES = new Set(['text/css', 'application/json', 'text/javascript']);
/** MediaWiki's defaults of `$wgCdnMaxAge` and `$wgForcedRawSMaxage`, in seconds. */
const DEFAULT_MAX_AGE = 18000;
const DEFAULT_RAW_SHARED_MAX_AGE = 300;

/** What a request asked of `index.php`: its parameters (the path's title over `title`). */
class IndexParams {
  private readonly values = new Map<string, string>();

  constructor(request: ApiRequest, pathTitle: string | undefined) {
    // As PHP reads a query string: the last of repeated names wins.
    for (const [name, value] of request.params) this.values.set(name, value);
    if (pathTitle !== undefined) this.values.set('title', pathTitle);
  }

  get(name: string): string | undefined {
    return this.values.get(name);
  }

  /** `WebRequest::getInt`: PHP's integer cast of the value, `fallback` when absent. */
  int(name: string, fallback = 0): number {
    const value = this.values.get(name);
    return value === undefined ? fallback : phpIntval(value);
  }

  /** `WebRequest::getIntOrNull`: the cast of a numeric value, else undefined. */
  intOrUndefined(name: string): number | undefined {
    const value = this.values.get(name);
    return value !== undefined && isPhpNumeric(value) ? phpIntval(value) : undefined;
  }

  /** Every parameter but the title, for the address of an interwiki title. */
  withoutTitle(): [string, string][] {
    return [...this.values].filter(([name]) => name !== 'title');
  }
}

/** A revision as the raw action reads it. */
interface RawRevision {
  id: number;
  page: number;
  timestamp: string;
  deleted: number;
}

/**
 * The answer to an `index.php` request; `pathTitle` is what followed `index.php/` in the path
 * (decoded), if anything, and `ifModifiedSince` the header of that name.
 */
export async function answerIndexPhp(
  services: ApiServices,
  request: ApiRequest,
  pathTitle: string | undefined,
  ifModifiedSince?: string,
): Promise<IndexAnswer> {
  const params = new IndexParams(request, pathTitle);
  const action = (params.get('action') ?? 'view').toLowerCase();
  if (action !== 'raw') return notServed(action);
  const resolved = await requestedTitle(services, params);
  if (resolved === undefined) return plainAnswer(404, 'Bad title: the request names no valid page.');
  const { title, revision } = resolved;
  const session = await RequestSession.open(
    services.store,
    services.site,
    { cookieHeader: request.cookieHeader, ip: request.ip, secure: request.requestOrigin.startsWith('https:') },
    new Date(),
    true,
  );
  if (!session.user.rights.has('read'))
    return plainAnswer(403, 'Reading this wiki needs an account with the right to read.');
  if (title.interwiki !== '') return interwikiRedirect(services, title, params);
  if (title.namespace === NS_SPECIAL) return notServed('view');
  return rawAnswer(services, params, title, revision, !session.user.anonymous, request, ifModifiedSince);
}

/** The page (and the revision named, if any) the request is about; undefined for an invalid title. */
async function requestedTitle(
  services: ApiServices,
  params: IndexParams,
): Promise<{ title: Title; revision?: RawRevision } | undefined> {
  const { titles, store, site } = services;
  let title: Title | undefined;
  const curid = params.int('curid');
  if (curid !== 0) {
    const row =
      storableId(services, curid) &&
      (await store.db
        .selectFrom('page')
        .select(['page_namespace', 'page_title'])
        .where('page_id', '=', curid)
        .executeTakeFirst());
    title = row ? titles.make(row.page_namespace, row.page_title) : undefined;
  } else {
    const given = params.get('title') ?? '';
    // No title names the main page, unless the request named a page by an id that is none.
    if (given !== '') title = titles.parseOrUndefined(given);
    else if (params.get('curid') === undefined) title = titles.parseOrUndefined(site.mainPage);
    // A link to a file's media (`Media:`) names the file's page.
    if (title?.namespace === NS_MEDIA) title = titles.make(NS_FILE, title.dbKey);
  }
  let revision: RawRevision | undefined;
  if (title === undefined || title.namespace !== NS_SPECIAL) {
    const oldid = params.int('oldid') || params.int('diff');
    if (oldid !== 0) {
      revision = await revisionById(services, oldid);
      const page =
        revision &&
        (await store.db
          .selectFrom('page')
          .select(['page_namespace', 'page_title'])
          .where('page_id', '=', revision.page)
          .executeTakeFirst());
      if (page) title = titles.make(page.page_namespace, page.page_title);
    }
  }
  if (title === undefined || (title.dbKey === '' && title.interwiki === '')) return undefined;
  return { title, revision };
}

/** Whether an id can name a row of the store. */
function storableId(services: ApiServices, id: number): boolean {
  return id > 0 && fitsIdColumn(services.store.db, id);
}

async function revisionById(services: ApiServices, id: number): Promise<RawRevision | undefined> {
  if (!storableId(services, id)) return undefined;
  return services.store.db
    .selectFrom('revision')
    .select(['rev_id as id', 'rev_page as page', 'rev_timestamp as timestamp', 'rev_deleted as deleted'])
    .where('rev_id', '=', id)
    .executeTakeFirst();
}

/** The revision before or after one of the same page, by time and then id. */
async function neighbourRevision(
  services: ApiServices,
  of: RawRevision,
  direction: 'next' | 'prev',
): Promise<RawRevision | undefined> {
  const after = direction === 'next';
  return services.store.db
    .selectFrom('revision')
    .select(['rev_id as id', 'rev_page as page', 'rev_timestamp as timestamp', 'rev_deleted as deleted'])
    .where('rev_page', '=', of.page)
    .where((eb) =>
      eb.or([
        eb('rev_timestamp', after ? '>' : '<', of.timestamp),
        eb.and([eb('rev_timestamp', '=', of.timestamp), eb('rev_id', after ? '>' : '<', of.id)]),
      ]),
    )
    .orderBy('rev_timestamp', after ? 'asc' : 'desc')
    .orderBy('rev_id', after ? 'asc' : 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The page's current row: its id, latest revision, when it was touched and its content model. */
async function pageRow(services: ApiServices, title: Title) {
  return services.store.db
    .selectFrom('page')
    .select(['page_id', 'page_latest', 'page_touched', 'page_content_model'])
    .where('page_namespace', '=', title.namespace)
    .where('page_title', '=', title.dbKey)
    .executeTakeFirst();
}

/**
 * The revision the raw action sends (`RawAction::getOldId` with the revision lookup): the named
 * one, the one beside it (`direction`), or the page's current one.
 */
async function chosenRevision(
  services: ApiServices,
  params: IndexParams,
  named: RawRevision | undefined,
  latest: number | undefined,
): Promise<RawRevision | undefined> {
  const oldid = params.int('oldid');
  switch (params.get('direction')) {
    case 'next': {
      const from = oldid !== 0 ? await revisionById(services, oldid) : undefined;
      return from && neighbourRevision(services, from, 'next');
    }
    case 'prev': {
      const from = await revisionById(services, oldid !== 0 ? oldid : (latest ?? 0));
      return from && neighbourRevision(services, from, 'prev');
    }
    case 'cur':
      return latest === undefined ? undefined : revisionById(services, latest);
  }
  if (oldid !== 0) return named?.id === oldid ? named : undefined;
  return latest === undefined ? undefined : revisionById(services, latest);
}

async function rawAnswer(
  services: ApiServices,
  params: IndexParams,
  title: Title,
  named: RawRevision | undefined,
  registered: boolean,
  request: ApiRequest,
  ifModifiedSince: string | undefined,
): Promise<IndexAnswer> {
  const page = await pageRow(services, title);
  const contentType = rawContentType(params);
  if (page && notModifiedSince(ifModifiedSince, page.page_touched))
    return { status: 304, headers: baseHeaders(), body: '' };
  const sharedMaxAge =
    params.intOrUndefined('smaxage') ??
    (CACHED_CONTENT_TYPES.has(contentType) ? setting(services, 'ForcedRawSMaxage', DEFAULT_RAW_SHARED_MAX_AGE) : 0);
  const maxAge = params.int('maxage', setting(services, 'CdnMaxAge', DEFAULT_MAX_AGE));
  const headers = baseHeaders();
  headers['cache-control'] = `${registered ? 'private' : 'public'}, s-maxage=${sharedMaxAge}, max-age=${maxAge}`;
  const refusal = await scriptRefusal(services, title, page, contentType);
  if (refusal !== undefined) return refusalPage(services, refusal, headers);
  headers['content-type'] = `${contentType}; charset=UTF-8`;
  const revision = page && (await chosenRevision(services, params, named, page.page_latest));
  const own = revision !== undefined && revision.page === page?.page_id;
  if (own) headers['last-modified'] = new Date(mwToIso(revision.timestamp)).toUTCString();
  let text = own ? await revisionText(services, params, revision) : undefined;
  if (text !== undefined && text !== '' && params.get('templates') === 'expand') {
    text = await expandedText(services, title, page?.page_id, text, request.requestOrigin);
  }
  const status = text === undefined && contentType === 'text/x-wiki' ? 404 : 200;
  return { status, headers, body: text ?? '' };
}

/** The 403 page of a refusal: the message in the wiki's language, its `MediaWiki:` page first. */
async function refusalPage(services: ApiServices, key: string, headers: Record<string, string>): Promise<IndexAnswer> {
  const language = services.site.language;
  const found = await lookupMessages(services.store, [key], language, language, services.messages);
  const text = escapeHtmlText(found.get(key)?.text ?? key);
  headers['content-type'] = 'text/html; charset=utf-8';
  headers['content-security-policy'] = "default-src 'none'";
  const body = `<!DOCTYPE html>\n<html><head><title>Forbidden</title></head>\n<body><h1>Forbidden</h1><p>${text}</p></body></html>\n`;
  return { status: 403, headers, body };
}

/** The text with its templates expanded for the page, as `action=expandtemplates` expands them (comments left out). */
async function expandedText(
  services: ApiServices,
  title: Title,
  pageId: number | undefined,
  text: string,
  requestOrigin: string,
): Promise<string> {
  const { store, titles, site, messages, languages } = services;
  const server = site.server ?? requestOrigin;
  const host = expansionHost({ store, titles, site, server, messages, languages }, title, pageId);
  const expander = new Expander(host, false);
  return expander.expand(preprocessToTree(text), expander.rootFrame());
}

/** The text of a revision's slot (`slot`, else the main one), or of one of its sections; undefined when there is none. */
async function revisionText(
  services: ApiServices,
  params: IndexParams,
  revision: RawRevision,
): Promise<string | undefined> {
  // A deleted revision text is hidden from everyone here, as the raw action reads for the public.
  if ((revision.deleted & 1) !== 0) return undefined;
  const role = params.get('slot') || 'main';
  // No role holds a NUL (which PostgreSQL refuses in a text).
  if (role.includes('\0')) return undefined;
  const content = await services.store.db
    .selectFrom('slots')
    .innerJoin('content', 'content_id', 'slot_content_id')
    .select(['content_model', 'content_text'])
    .where('slot_revision_id', '=', revision.id)
    .where('slot_role', '=', role)
    .executeTakeFirst();
  if (content === undefined) return undefined;
  const section = params.intOrUndefined('section');
  if (section === undefined) return content.content_text;
  // Only wikitext has sections.
  if (content.content_model !== 'wikitext') return undefined;
  return wikitextSection(content.content_text, section);
}

/** `ctype`, else the older `gen` (`js`, `css`); wikitext for anything else. */
function rawContentType(params: IndexParams): string {
  let type = params.get('ctype') ?? '';
  if (type === '') {
    const gen = params.get('gen');
    if (gen === 'js') type = 'text/javascript';
    else if (gen === 'css') type = 'text/css';
  }
  return RAW_CONTENT_TYPES.has(type) ? type : 'text/x-wiki';
}

/**
 * The message of the 403 MediaWiki answers instead of a page's text, if any: a user's script,
 * style or JSON subpage loaded as such when no account of that name exists (someone could create
 * it and take the page over), and any page loaded as JavaScript that is neither a user's script,
 * nor in the MediaWiki namespace, nor protected so that only administrators can edit it.
 */
async function scriptRefusal(
  services: ApiServices,
  title: Title,
  page: { page_id: number; page_content_model: string | null } | undefined,
  contentType: string,
): Promise<string | undefined> {
  const model = page?.page_content_model ?? defaultContentModel(services.site, title.namespace, title.dbKey);
  const userConfig =
    title.namespace === NS_USER && title.dbKey.includes('/') && ['css', 'json', 'javascript'].includes(model);
  if (userConfig && contentType !== 'text/x-wiki') {
    const owner = title.dbKey.slice(0, title.dbKey.indexOf('/')).replace(/_/g, ' ');
    const account = await services.store.db
      .selectFrom('user')
      .select('user_id')
      .where('user_name', '=', owner)
      .executeTakeFirst();
    if (account === undefined) return 'unregistered-user-config';
  }
  if (contentType !== 'text/javascript' || title.namespace === NS_MEDIAWIKI) return undefined;
  if (userConfig && model === 'javascript') return undefined;
  if (page !== undefined) {
    const protections = await pageProtections(
      services.store,
      services.titles,
      [{ pageid: page.page_id, ns: title.namespace, dbKey: title.dbKey }],
      new Date(),
    );
    const levels = (protections.get(page.page_id) ?? []).filter((p) => p.type === 'edit').map((p) => p.level);
    if (levels.includes('sysop') || levels.includes('editprotected')) return undefined;
  }
  return 'unprotected-js';
}

/**
 * Whether the client's copy (`If-Modified-Since`) is at least as new as the page (its touched
 * time, and MediaWiki's cache epoch, long past).
 */
function notModifiedSince(ifModifiedSince: string | undefined, touched: string): boolean {
  const header = ifModifiedSince?.replace(/;.*$/, '');
  if (!header || touched === '' || touched === '19700101000000') return false;
  const client = Date.parse(header);
  if (Number.isNaN(client)) return false;
  return client >= Date.parse(mwToIso(touched));
}

/** A 301 to the interwiki title's page on its wiki, the request's other parameters carried along. */
function interwikiRedirect(services: ApiServices, title: Title, params: IndexParams): IndexAnswer {
  const url = interwikiLinkUrl(services.titles, title);
  if (url === undefined) return plainAnswer(404, 'Bad title: unknown interwiki prefix.');
  const query = params
    .withoutTitle()
    .map(([name, value]) => `${phpUrlencode(name)}=${phpUrlencode(value)}`)
    .join('&');
  const [address, fragment] = url.includes('#')
    ? [url.slice(0, url.indexOf('#')), url.slice(url.indexOf('#'))]
    : [url, ''];
  const location = query === '' ? url : `${address}${address.includes('?') ? '&' : '?'}${query}${fragment}`;
  return {
    status: 301,
    headers: {
      ...baseHeaders(),
      'cache-control': 'private, must-revalidate, max-age=0',
      'content-type': 'text/html; charset=UTF-8',
      location: location.startsWith('//') ? `http:${location}` : location,
    },
    body: '',
  };
}

function setting(services: ApiServices, name: string, fallback: number): number {
  const value = services.site.settings[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function baseHeaders(): Record<string, string> {
  return { 'x-content-type-options': 'nosniff', vary: 'Accept-Encoding, Cookie' };
}

/** An answer that is no page's text (an error, a refusal): not to be kept by any cache. */
function plainAnswer(status: number, text: string): IndexAnswer {
  const headers = {
    ...baseHeaders(),
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
    'content-type': 'text/plain; charset=UTF-8',
  };
  return { status, headers, body: `${text}\n` };
}

/** Any action but `raw`: this wiki serves no HTML pages. */
function notServed(action: string): IndexAnswer {
  return plainAnswer(
    404,
    `This wiki does not serve pages as HTML (index.php action "${action}"); it answers index.php?action=raw with a page's text, and the API at api.php.`,
  );
}
