import type { Kysely } from 'kysely';
import { createTables, dropTables, int, type TableDef, text } from './columns.js';

/**
 * The source wiki's interface messages as its software ships them (`wiki messages`, part of
 * `wiki mirror`): one row a message and language, and one row a language saying where and when
 * its texts were read (the source's api.php, its software's version, the time). The wiki's own `MediaWiki:` pages stay pages; these are the defaults they
 * override.
 */
export const tables: TableDef[] = [
  {
    name: 'message_text',
    columns: [text('mt_lang'), text('mt_key'), text('mt_text', '')],
    primaryKey: ['mt_lang', 'mt_key'],
  },
  {
    name: 'message_language',
    columns: [
      text('ml_lang'),
      text('ml_source', ''),
      text('ml_software', ''),
      text('ml_fetched', ''),
      int('ml_count', 0),
    ],
    primaryKey: ['ml_lang'],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
