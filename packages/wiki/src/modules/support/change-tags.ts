/**
 * Change tags of revisions, log entries and recent changes (`change_tag` rows point to one of
 * the three), read for a batch in one query, and the condition that a row carries a tag.
 */
import { type RawBuilder, sql } from 'kysely';
import type { ModuleContext } from '../../api/module.js';

/** The `change_tag` column that points to each kind of tagged row, and that row's id column. */
const TAGGED = {
  revision: { tagColumn: 'ct_rev_id', idColumn: 'rev_id' },
  /** Deleted revisions keep their revision ids, and with them their tags. */
  archive: { tagColumn: 'ct_rev_id', idColumn: 'ar_rev_id' },
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

/** Up to this many uses, a tag's rows are read by the tag and sorted; beyond, the list's order is scanned. */
const RARE_TAG_USES = 2000;

/**
 * The condition that a row of `table` carries `tag`, chosen by how often the tag is used (its
 * `ctd_count`): the rows of a rare tag are read through the tag's index (and sorted, at most
 * RARE_TAG_USES of them); a common tag is tested row by row along the list's own index, where
 * matches come soon. An unknown tag matches nothing.
 */
export async function tagCondition(
  ctx: Pick<ModuleContext, 'store'>,
  table: TaggedTable,
  tag: string,
): Promise<RawBuilder<boolean>> {
  const definition = await ctx.store.db
    .selectFrom('change_tag_def')
    .select(['ctd_id', 'ctd_count'])
    .where('ctd_name', '=', tag)
    .executeTakeFirst();
  if (!definition) return sql<boolean>`1 = 0`;
  const { tagColumn, idColumn } = TAGGED[table];
  const id = sql.ref(`${table}.${idColumn}`);
  if (definition.ctd_count <= RARE_TAG_USES) {
    return sql<boolean>`${id} in (select ${sql.ref(tagColumn)} from change_tag where ct_tag_id = ${definition.ctd_id} and ${sql.ref(tagColumn)} is not null)`;
  }
  return sql<boolean>`exists (select 1 from change_tag where ${sql.ref(tagColumn)} = ${id} and ct_tag_id = ${definition.ctd_id})`;
}
