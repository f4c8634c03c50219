import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * SQLite: the page, template and image link tables keep their rows in their primary key's B-tree
 * (`WITHOUT ROWID`) rather than in a rowid table with the key as a second B-tree beside it. Their
 * rows are a few small columns and every read goes by the key or by one of the other indexes, so
 * one B-tree less is less to write on import (a third of the link tables' size), and the other
 * indexes refer to rows by the key columns they hold already instead of adding a rowid. The
 * tables are rebuilt with their rows and indexes; PostgreSQL has no rowid and keeps its tables.
 */
const TABLES = ['pagelinks', 'templatelinks', 'imagelinks'];

async function rebuild(db: Kysely<any>, table: string, withoutRowid: boolean) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql
    from sqlite_master where tbl_name = ${table} order by type = 'table' desc`.execute(db);
  const created = rows.find((r) => r.type === 'table')?.sql;
  if (!created) return;
  const body = created.replace(/\)\s*(without rowid)?\s*$/i, ')');
  const rebuilt = `_${table}_rebuilt`;
  const definition = body.replace(/^create table\s+("?)\w+\1/i, `create table "${rebuilt}"`);
  await sql.raw(withoutRowid ? `${definition} without rowid` : definition).execute(db);
  // Copied in key order, so that the new B-tree is filled from its end rather than all over.
  const columns = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  const key = columns.rows
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => `"${c.name}"`);
  await sql.raw(`insert into "${rebuilt}" select * from "${table}" order by ${key.join(', ')}`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(db);
  // The table's own indexes went with it; the named ones are made again on the new table.
  for (const index of rows) if (index.type === 'index' && index.sql) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return;
  for (const table of TABLES) await rebuild(db, table, true);
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) return;
  for (const table of TABLES) await rebuild(db, table, false);
}
