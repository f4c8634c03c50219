import { apiError } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { withContent } from '../../api/result/tree.js';
import { expandedUrl } from '../../site/urls.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { externalLinkIndexPrefix, isReadableLinkQuery, onceEachLink } from '../support/external-link-filter.js';
import { pageIds } from '../support/link-rows.js';
import { URL_PROTOCOLS } from '../values.js';

/** `prop=extlinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'extlinks',
  group: 'prop',
  prefix: 'el',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryExternalLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'protocol', type: URL_PROTOCOLS, default: '' },
    { name: 'query', type: 'string' },
    { name: 'expandurl', type: 'boolean', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  if (ids.length === 0) return;
  const p = ctx.params;
  const limit = p.limit;
  if (p.query !== undefined && p.query !== '' && !isReadableLinkQuery(p.query)) {
    throw apiError('badquery', 'apierror-badquery');
  }
  const prefix = externalLinkIndexPrefix(p.protocol, p.query);
  const { db } = ctx.store;
  let query = db
    .selectFrom('externallinks')
    .select(['el_id', 'el_from', 'el_to', 'el_index_60'])
    .where('el_from', 'in', ids);
  if (prefix !== undefined) {
    query = query.where('el_index', '>=', prefix).where('el_index', '<', prefixUpperBound(prefix));
  } else {
    query = query.where(onceEachLink);
  }
  // With one page, MediaWiki leaves the page out of the order and so of the continue value.
  const onePage = ids.length === 1;
  if (p.continue !== undefined) {
    // The continue value names the next link by page (of several), URL index (its first 60 bytes) and id.
    const parts = parseContinueValue(p.continue, onePage ? ['string', 'int'] : ['int', 'string', 'int']);
    const [from, escapedIndex, id] = (onePage ? [ids[0], ...parts] : parts) as [number, string, number];
    const index = escapedIndex.replace(/%25/g, '%');
    query = query.where((eb) =>
      eb.or([
        eb('el_from', '>', from),
        eb.and([
          eb('el_from', '=', from),
          eb.or([eb('el_index_60', '>', index), eb.and([eb('el_index_60', '=', index), eb('el_id', '>=', id)])]),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('el_from')
    .orderBy('el_index_60')
    .orderBy('el_id')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit], onePage));
    rows.length = limit;
  }
  for (const row of rows) {
    const url = p.expandurl ? expandedUrl(row.el_to, 'http:') : row.el_to;
    const item = withContent({ url }, 'url');
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueAt(row, onePage));
      break;
    }
    ctx.result.pageList(row.el_from, 'extlinks', 'el')?.push(item);
  }
};

/**
 * The continue value of a link: page (where there are several), URL index and id. The index's `%`
 * is written `%25`, as MediaWiki writes it, so that a percent escape the 60-byte index cuts (`%2`)
 * is still one value.
 */
function continueAt(row: { el_from: number; el_index_60: string; el_id: number }, onePage: boolean): string {
  const position = `${row.el_index_60.replace(/%/g, '%25')}|${row.el_id}`;
  return onePage ? position : `${row.el_from}|${position}`;
}
