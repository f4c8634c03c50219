/**
 * Change tags of revisions, log entries and recent changes (`change_tag` rows point to one of
 * the three), read for a batch in one query, and the condition that a row carries a tag.
 */
import { sql } from 'kysely';
import type { ModuleContext } from '../../api/module.js';

/** The `change_tag` column that points to each kind of tagged row, and that row's id column. */
const TAGGED = {
  revision: { tagColumn: 'ct_rev_id', idColumn: 'rev_id' },
  logging: { tagColumn: 'ct_log_id', idColumn: 'log_id' },
  recentchanges: { tagColumn: 'ct_rc_id', idColumn: 'rc_id' },
} as const;

export type TaggedTable = keyof typeof TAGGED;

/** The tags of rows of `table`, by row id, each list in name order: one query. */
export async function tagsOf(
  ctx: Pick<ModuleContext, 'store'>,
  table: TaggedTable,
  ids: readonly number[],
): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  if (ids.length === 0) return byId;
  const column = TAGGED[table].tagColumn;
  const rows = await ctx.store.db
    .selectFrom('change_tag')
    .innerJoin('change_tag_def', 'ctd_id', 'ct_tag_id')
    .select([sql<number>`${sql.ref(column)}`.as('id'), 'ctd_name'])
    .where(sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})`)
    .execute();
  for (const row of rows) {
    const names = byId.get(row.id as number) ?? [];
    names.push(row.ctd_name);
    byId.set(row.id as number, names);
  }
  for (const names of byId.values()) names.sort();
  return byId;
}

/** A condition for a query over `table`: the row carries the change tag `tag`. */
export function hasTag(table: TaggedTable, tag: string) {
  const { tagColumn, idColumn } = TAGGED[table];
  return sql<boolean>`exists (select 1 from change_tag inner join change_tag_def on ctd_id = ct_tag_id where ${sql.ref(tagColumn)} = ${sql.ref(`${table}.${idColumn}`)} and ctd_name = ${tag})`;
}
