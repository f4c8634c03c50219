/**
 * PostgreSQL plans a query from statistics of each table that it gathers in the background
 * (autovacuum), some time after a table was filled, and a GIN index keeps what was added to it in
 * a pending list, read in full by every search, until a vacuum merges it. Until then a freshly
 * imported wiki is planned as if its tables were nearly empty and its search index is slow:
 * `list=search` read each page's words one by one (about 200 ms for the reference wiki's 2,660
 * pages on a loaded machine; 12 ms after). An import vacuums and analyses the store's tables
 * itself at its end, after its transaction. SQLite needs nothing here.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

/** Vacuums and analyses every table of the store's schema; outside a transaction. */
export async function refreshPlannerStatistics(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema()`.execute(db);
  if (tables.rows.length === 0) return;
  await sql`vacuum (analyze) ${sql.join(tables.rows.map((t) => sql.id(t.name)))}`.execute(db);
}
