import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';

/** `prop=duplicatefiles`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'duplicatefiles',
  group: 'prop',
  prefix: 'df',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryDuplicateFiles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles',
  parameters: [
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'localonly', type: 'boolean' },
  ],
} as const satisfies ModuleDescriptor;

const NS_FILE = 6;

/**
 * Other files with the same content (SHA-1) as the page set's files, by file then duplicate name,
 * in one query: `image` joined to itself on the SHA-1 index.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const files = new Map<string, number>();
  for (const t of ctx.pages.allTitles()) if (t.ns === NS_FILE) files.set(t.dbKey, t.pageid);
  if (files.size === 0) return;
  const limit = ctx.params.limit;
  const ascending = ctx.params.dir !== 'descending';
  const order = ascending ? 'asc' : 'desc';
  let query = ctx.store.db
    .selectFrom('image as file')
    .innerJoin('image as dup', (join) =>
      join.onRef('dup.img_sha1', '=', 'file.img_sha1').onRef('dup.img_name', '!=', 'file.img_name'),
    )
    .innerJoin('actor', 'actor_id', 'dup.img_actor')
    .select(['file.img_name as file', 'dup.img_name as name', 'dup.img_timestamp as timestamp', 'actor_name'])
    .where('file.img_name', 'in', [...files.keys()])
    .where('file.img_sha1', '!=', '');
  if (ctx.params.continue !== undefined) {
    const [file, name] = parseContinueValue(ctx.params.continue, ['string', 'string']);
    query = query.where((eb) =>
      eb(eb.refTuple('file.img_name', 'dup.img_name'), ascending ? '>=' : '<=', eb.tuple(file, name)),
    );
  }
  const rows = await query
    .orderBy('file.img_name', order)
    .orderBy('dup.img_name', order)
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${next.file}|${next.name}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: NS_FILE, dbKey: r.name })));
    return;
  }
  for (const row of rows) {
    const item = { name: row.name, user: row.actor_name, timestamp: mwToIso(row.timestamp), shared: false };
    const pageId = files.get(row.file) as number;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.file}|${row.name}`);
      return;
    }
    ctx.result.pageList(pageId, 'duplicatefiles', 'df')?.push(item);
  }
};
