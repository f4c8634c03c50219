import type { Kysely } from 'kysely';
import { createTables, dropTables, id, index, int, type TableDef, text, textOrNull } from './columns.js';

/**
 * The lint errors of every page's current wikitext, as the Linter extension keeps them (its
 * `linter` table): the page and its namespace, the category by name, the error's location as
 * UTF-8 byte offsets, its parameters as JSON, and the template whose call holds it (prefixed
 * title; null when the error is in the page's own text). Importers fill it.
 *
 * Indexes serve `list=linterrors`: by page (`lntpageid`, `lnttitle`), by category and namespace,
 * and by namespace alone, each ending in `linter_id`, the order and continuation of the list.
 */
export const tables: TableDef[] = [
  {
    name: 'linter',
    columns: [
      id('linter_id'),
      int('linter_page'),
      int('linter_namespace'),
      text('linter_cat'),
      int('linter_start'),
      int('linter_end'),
      text('linter_params', '{}'),
      textOrNull('linter_template'),
    ],
    indexes: [
      index('linter_page_id', ['linter_page', 'linter_id']),
      index('linter_cat_namespace_id', ['linter_cat', 'linter_namespace', 'linter_id']),
      index('linter_namespace_id', ['linter_namespace', 'linter_id']),
    ],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
