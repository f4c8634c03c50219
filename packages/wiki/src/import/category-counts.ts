import { type Kysely, sql } from 'kysely';
import type { WikiDatabase } from '../store/schema.js';

/**
 * The category table's counts computed from `categorylinks` as it now is: members, subcategories
 * and files of every category with members, and zero for those left without any.
 */
export const CATEGORY_COUNT_STATEMENTS = [
  `insert into category (cat_title, cat_pages, cat_subcats, cat_files)
   select cl_to, count(*), sum(case when cl_type = 'subcat' then 1 else 0 end), sum(case when cl_type = 'file' then 1 else 0 end)
   from categorylinks group by cl_to
   on conflict (cat_title) do update set cat_pages = excluded.cat_pages, cat_subcats = excluded.cat_subcats, cat_files = excluded.cat_files`,
  `update category set cat_pages = 0, cat_subcats = 0, cat_files = 0
   where not exists (select 1 from categorylinks where cl_to = cat_title) and cat_pages <> 0`,
] as const;

export async function countCategories(db: Kysely<WikiDatabase>): Promise<void> {
  for (const statement of CATEGORY_COUNT_STATEMENTS) await sql.raw(statement).execute(db);
}
