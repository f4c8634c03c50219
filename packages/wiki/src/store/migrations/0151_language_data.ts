import type { Kysely } from 'kysely';
import { createTables, dropTables, int, type TableDef, text } from './columns.js';

/**
 * The source wiki's language data as its software knows it (`wiki languages`, part of
 * `wiki mirror`): one row a language code with what `meta=languageinfo` says of it whatever the
 * reader's language (JSON lists for the fallbacks and variants, and siteinfo's `languagevariants`
 * entry of a language with a converter), one row a code and language the names were given in, and
 * one row a language of names saying where and when it was read (`''`: the codes themselves).
 */
export const tables: TableDef[] = [
  {
    name: 'language_code',
    columns: [
      text('lc_code'),
      text('lc_bcp47', ''),
      text('lc_dir', 'ltr'),
      text('lc_autonym', ''),
      text('lc_fallbacks', '[]'),
      text('lc_variants', '[]'),
      int('lc_listed', 0),
      text('lc_variant_fallbacks', ''),
    ],
    primaryKey: ['lc_code'],
  },
  {
    name: 'language_name',
    columns: [text('ln_in'), text('ln_code'), text('ln_name', '')],
    primaryKey: ['ln_in', 'ln_code'],
  },
  {
    name: 'language_source',
    columns: [
      text('ls_lang'),
      text('ls_source', ''),
      text('ls_software', ''),
      text('ls_fetched', ''),
      int('ls_count', 0),
    ],
    primaryKey: ['ls_lang'],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
