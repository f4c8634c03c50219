import { apiError, badContinue } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { prefixUpperBound } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { URL_PROTOCOLS as LINK_PROTOCOLS } from '../../site/url-protocols.js';
import { expandedUrl } from '../../site/urls.js';
import { externalLinkIndexes } from '../../wikitext/external-links.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { isReadableLinkQuery, onceEachLink } from '../support/external-link-filter.js';
import { URL_PROTOCOLS } from '../values.js';

/** `list=exturlusage`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'exturlusage',
  group: 'list',
  prefix: 'eu',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryExtLinksUsage',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage',
  parameters: [
    { name: 'prop', type: ['ids', 'title', 'url'], default: 'ids|title|url', multi: true },
    { name: 'continue', type: 'string' },
    { name: 'protocol', type: URL_PROTOCOLS, default: '' },
    { name: 'query', type: 'string' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'expandurl', type: 'boolean', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

/** `http` → `http://`: the full prefix of a protocol of `$wgUrlProtocols`, as MediaWiki completes it. */
function protocolPrefix(protocol: string): string | undefined {
  if (protocol === '') return undefined;
  return LINK_PROTOCOLS.find((p) => p.startsWith(protocol)) ?? protocol;
}

/**
 * The reversed-host index prefix a search names: `*.example.org` is every host under example.org,
 * `example.org/path` every URL starting with it.
 */
function indexPrefix(protocol: string, search: string): string | undefined {
  if (!isReadableLinkQuery(search)) return undefined;
  const wildcard = search.startsWith('*.');
  const target = wildcard ? search.slice(2) : search;
  const [index] = externalLinkIndexes(`${protocol}${target}`);
  if (index === undefined) return undefined;
  if (!wildcard) return index;
  const hostEnd = /^[a-z][a-z0-9+.-]*:(?:\/\/)?[^/]*/i.exec(index);
  return hostEnd ? hostEnd[0] : undefined;
}

const escapeContinue = (value: string) => value.replace(/%/g, '%25').replace(/\|/g, '%7C');

/**
 * Pages linking to external URLs, by the reversed-host index (`el_index_60`) and link id: a
 * range of that index for a search, continued by `index|link id`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const p = ctx.params;
  const limit = p.limit;
  const props = new Set(p.prop);
  const search = p.query;
  let protocol = protocolPrefix(p.protocol);
  let query = ctx.store.db
    .selectFrom('externallinks')
    .innerJoin('page', 'page_id', 'el_from')
    .select(['page_id', 'page_namespace', 'page_title', 'el_id', 'el_to', 'el_index_60']);
  const namespaces = p.namespace;
  if (namespaces !== undefined && namespaces.length > 0) query = query.where('page_namespace', 'in', namespaces);
  if (search !== undefined && search !== '') {
    protocol ??= 'http://';
    const prefix = indexPrefix(protocol, search);
    if (prefix === undefined) throw apiError('badquery', 'apierror-badquery');
    const short = [...prefix].slice(0, 60).join('');
    query = query.where('el_index_60', '>=', short).where('el_index_60', '<', prefixUpperBound(short));
    if (short !== prefix)
      query = query.where('el_index', '>=', prefix).where('el_index', '<', prefixUpperBound(prefix));
  } else if (protocol !== undefined) {
    query = query.where('el_index_60', '>=', protocol).where('el_index_60', '<', prefixUpperBound(protocol));
  } else {
    query = query.where(onceEachLink);
  }
  if (p.continue !== undefined) {
    const parts = p.continue.split('|').map((part) => decodeURIComponentSafe(part));
    if (parts.length !== 2) throw badContinue();
    const [index, id] = parts as [string, string];
    // MediaWiki compares both fields as the database compares them with quoted text: an id that
    // is no number (`|`, `A|x`) is above every id in its SQLite, so only the later indexes follow.
    query = /^\d+$/.test(id)
      ? query.where((eb) => eb(eb.refTuple('el_index_60', 'el_id'), '>=', eb.tuple(index, Number(id))))
      : query.where('el_index_60', '>', index);
  }
  const rows = await query
    .orderBy('el_index_60')
    .orderBy('el_id')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${escapeContinue(next.el_index_60)}|${next.el_id}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addPageIds([...new Set(rows.map((r) => r.page_id))]);
    return;
  }
  const serverProtocol = /^https:/i.test(ctx.site.server ?? '') ? 'https:' : 'http:';
  const list = ctx.result.list('eu');
  for (const row of rows) {
    // An object even when no property was asked for (`{}`, not `[]`, in formatversion 1).
    const item: ResultObject = assoc({});
    if (props.has('ids')) item.pageid = row.page_id;
    if (props.has('title')) {
      item.ns = row.page_namespace;
      item.title = titleText(ctx.titles, row.page_namespace, row.page_title);
    }
    if (props.has('url')) item.url = p.expandurl === true ? expandedUrl(row.el_to, serverProtocol) : row.el_to;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${escapeContinue(row.el_index_60)}|${row.el_id}`);
      break;
    }
    list.push(item);
  }
};

/** `rawurldecode`: percent escapes decoded, a malformed one left as it is. */
function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
