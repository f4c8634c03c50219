import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { phpCompare } from '../../text/byte-order.js';

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
  const query = ctx.store.db
    .selectFrom('image as file')
    .innerJoin('image as dup', (join) =>
      join.onRef('dup.img_sha1', '=', 'file.img_sha1').onRef('dup.img_name', '!=', 'file.img_name'),
    )
    .innerJoin('actor', 'actor_id', 'dup.img_actor')
    .select(['file.img_name as file', 'dup.img_name as name', 'dup.img_timestamp as timestamp', 'actor_name'])
    .where('file.img_name', 'in', [...files.keys()])
    .where('file.img_sha1', '!=', '');
  const ordered = query.orderBy('file.img_name', order).orderBy('dup.img_name', order);
  // A continued request reads all of the files' duplicates, as where it resumes is decided row by row.
  const rows: DuplicateRow[] =
    ctx.params.continue === undefined
      ? await ordered.limit(limit + 1).execute()
      : continued(await ordered.execute(), ctx.params.continue, ascending);
  if (rows.length > limit) {
    const next = rows[limit] as DuplicateRow;
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

type DuplicateRow = { file: string; name: string; timestamp: string; actor_name: string };

/**
 * The rows from where `dfcontinue=file|duplicate` resumes, as MediaWiki reads it: the files before
 * `file` are dropped, then the duplicates before `duplicate` up to the first that is not, over the
 * files that follow too; both compared as PHP compares strings (numbers by value). Descending, the
 * same mirrored (MediaWiki compares the same way in both directions, which in descending order
 * lists the same duplicates again and again).
 */
function continued(rows: readonly DuplicateRow[], value: string, ascending: boolean): DuplicateRow[] {
  const [fromFile, fromDuplicate] = parseContinueValue(value, ['string', 'string']);
  const before = (a: string, b: string) => (ascending ? phpCompare(a, b) < 0 : phpCompare(a, b) > 0);
  const start = rows.findIndex((row) => !before(row.file, fromFile));
  if (start < 0) return [];
  let skipping = true;
  return rows.slice(start).filter((row) => {
    if (skipping && before(row.name, fromDuplicate)) return false;
    skipping = false;
    return true;
  });
}
