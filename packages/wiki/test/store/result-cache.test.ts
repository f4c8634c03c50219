/**
 * Answers of read statements kept on a PostgreSQL node (`src/store/result-cache.ts`) while its
 * change watch reports every change: kept until the store changes, never for the tables a request
 * writes or must see fresh, and a node's own write seen at once; and the time limit of a read
 * statement (`statement_timeout`), reported as MediaWiki's query timeout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/api/app.js';
import { defaultSite } from '../../src/site/defaults.js';
import { reportsChanges, stopsReportingChanges, storeChanged } from '../../src/store/cache-toolkit.js';
import { WATCH_INTERVAL_MS, watchStoreChanges } from '../../src/store/change-watch.js';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';
import { answerCanBeKept } from '../../src/store/result-cache.js';

test('which statements may be kept: plain reads of tables only imports write', () => {
  assert.equal(answerCanBeKept('select "page_id" from "page" where "page_namespace" = $1 limit $2'), true);
  assert.equal(answerCanBeKept('select "actor_name", "actor_user" from "actor" where "actor_id" in ($1)'), true);
  assert.equal(answerCanBeKept('  SELECT rev_id FROM revision WHERE rev_page = $1'), true);
  for (const text of [
    'select * from "session" where "session_id" = $1',
    'select "user_id" from "user" where "user_name" = $1',
    'select * from user_properties where up_user = $1',
    'select * from "watchlist" where "wl_user" = $1',
    'select * from ipblocks where ipb_address = $1',
    'select * from page for update',
    'select now() as t',
    'select 1 as ok',
    'select (case when pg_is_in_recovery() then 1 else 0 end) as r',
    'select current_timestamp',
    'update page set page_touched = $1',
    'insert into page (page_id) values ($1)',
  ]) {
    assert.equal(answerCanBeKept(text), false, text);
  }
});

/** The rows of a table, as a request's statement reads them (kept or not). */
async function rowCount(store: WikiStore, table: 'page' | 'session'): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const postgres = testEngines().find((e) => e.name === 'postgres')!;

describe('kept answers on PostgreSQL', { skip: postgres.skip }, () => {
  let store: WikiStore;
  let other: pg.Client;
  let dispose: () => Promise<void>;
  let watch: { stop(): void };
  let storeTarget: () => { url: string; schema: string };

  before(async () => {
    const created = await postgres.createTarget();
    dispose = created.dispose;
    const { url, schema } = created.target as { url: string; schema: string };
    storeTarget = () => ({ url, schema });
    store = await openWikiStore(created.target);
    watch = watchStoreChanges(store, async () => {});
    const { connectionString, options } = store.pool!.options as { connectionString: string; options: string };
    // Another node's connection: its writes reach this store only through the change watch.
    other = new pg.Client({ connectionString, options });
    await other.connect();
  });
  after(async () => {
    watch.stop();
    await other.end();
    await store.close();
    await dispose();
  });

  const pageCount = () => rowCount(store, 'page');
  const addPage = (client: { query(text: string, values: unknown[]): Promise<unknown> }, id: number) =>
    client.query(
      `insert into page (page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random,
        page_touched, page_latest, page_len) values ($1, 0, $2, 0, 1, 0.5, '20240101000000', 0, 0)`,
      [id, `Seite_${id}`],
    );

  test("a kept answer is given until the watch sees another node's write, then read again", async () => {
    // The watch's first look drops what was kept before it.
    await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS * 3));
    const before = await pageCount();
    assert.equal(await pageCount(), before);
    await addPage(other, 9001);
    // At once: the kept answer (the watch has not looked yet, or has and it is read again).
    const seen = [await pageCount()];
    for (let tries = 0; tries < 100 && seen.at(-1) !== before + 1; tries++) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS / 5));
      seen.push(await pageCount());
    }
    assert.equal(seen.at(-1), before + 1);
    assert.ok(
      seen.every((n) => n === before || n === before + 1),
      'only the old count, then the new one',
    );
  });

  test('an answer is kept until the store is told of a change', async () => {
    const second = await openWikiStore({ engine: 'postgres', ...storeTarget(), poolSize: 2 });
    try {
      const count = () => rowCount(second, 'page');
      const before = await count();
      await addPage(other, 9003);
      assert.equal(await count(), before + 1, 'nothing is kept while no one reports the changes');
      reportsChanges(second);
      const kept = await count();
      await addPage(other, 9004);
      assert.equal(await count(), kept, 'the kept answer');
      storeChanged(second);
      assert.equal(await count(), kept + 1);
      // An answer of more than a million characters is read each time.
      const large = async () =>
        (
          await sql<{ t: string }>`select repeat(page_title, 150000) as t from page where page_id = 9003`.execute(
            second.db,
          )
        ).rows[0]?.t.slice(0, 12);
      assert.equal(await large(), 'Seite_9003Se');
      await other.query(`update page set page_title = 'Titel_9003' where page_id = 9003`);
      assert.equal(await large(), 'Titel_9003Ti');
      stopsReportingChanges(second);
    } finally {
      await second.close();
    }
  });

  test("this node's own write is seen by its next read", async () => {
    // Other writes of the tests before: read again, not kept.
    storeChanged(store);
    const before = await pageCount();
    await store.db
      .insertInto('page')
      .values({
        page_id: 9002,
        page_namespace: 0,
        page_title: 'Seite_9002',
        page_is_redirect: 0,
        page_is_new: 1,
        page_random: 0.5,
        page_touched: '20240101000000',
        page_latest: 0,
        page_len: 0,
      } as never)
      .execute();
    assert.equal(await pageCount(), before + 1);
  });

  test('a statement reading sessions is never kept', async () => {
    const sessions = () => rowCount(store, 'session');
    const before = await sessions();
    assert.equal(await sessions(), before);
    await other.query(
      `insert into session (sess_hash, sess_user, sess_created, sess_expires)
       values ('kept-answers-test', 0, '20240101000000', '29991231000000')`,
    );
    assert.equal(await sessions(), before + 1);
  });
});

describe('the time limit of a read statement on PostgreSQL', { skip: postgres.skip }, () => {
  test("a statement past the limit is cancelled and the request gets MediaWiki's query timeout error", async () => {
    const created = await postgres.createTarget();
    const store = await openWikiStore(created.target, { readStatementTimeoutMs: 300 });
    const app = await buildApp({ store, site: defaultSite() });
    const { connectionString, options } = store.pool!.options as { connectionString: string; options: string };
    const locker = new pg.Client({ connectionString, options });
    await locker.connect();
    try {
      // Another connection holds the page table: a read of it waits past the limit.
      await locker.query('begin');
      await locker.query('lock table page in access exclusive mode');
      const response = await app.inject({
        method: 'GET',
        url: '/api.php?action=query&list=allpages&format=json&formatversion=2',
      });
      assert.equal(response.statusCode, 200);
      const answer = response.json();
      assert.equal(answer.error?.code, 'internal_api_error_DBQueryTimeoutError');
      assert.equal(answer.error?.errorclass, 'Wikimedia\\Rdbms\\DBQueryTimeoutError');
      await locker.query('rollback');
      const after = await app.inject({ method: 'GET', url: '/api.php?action=query&list=allpages&format=json' });
      assert.deepEqual(after.json().query.allpages, []);
    } finally {
      await locker.end();
      await app.close();
      await store.close();
      await created.dispose();
    }
  });
});
