/**
 * Two real clients, mwn (npm) and mwclient (Debian's python3-mwclient), read the reference wiki's
 * history after logging in as a reference user: page texts, a page's revisions with their
 * content, a user's contributions, log events, recent changes and the user's watchlist across
 * continuations, then they log out. Every answer is checked against the imported database.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Mwn } from 'mwn';
import { mwToIso } from '../../src/api/params/timestamp.js';
import { DEBIAN_PYTHON, ensurePythonModules } from '../helpers/debian-packages.js';
import { type ListeningWiki, listeningReferenceWiki } from '../helpers/listening-wiki.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';

const script = fileURLToPath(new URL('./mwclient-history.py', import.meta.url));

describe('mwn and mwclient read history, logs and recent changes', () => {
  let served: ListeningWiki;
  let bot: Mwn;

  /** What the database holds, to compare the clients' answers with. */
  const db = () => served.wiki.store.db;
  const currentText = async (title: string) => {
    const row = await db()
      .selectFrom('page')
      .innerJoin('slots', (join) => join.onRef('slot_revision_id', '=', 'page_latest').on('slot_role', '=', 'main'))
      .innerJoin('content', 'content_id', 'slot_content_id')
      .select('content_text')
      .where('page_namespace', '=', 0)
      .where('page_title', '=', title)
      .executeTakeFirstOrThrow();
    return row.content_text;
  };
  const revisionsOf = async (title: string) =>
    (
      await db()
        .selectFrom('revision')
        .innerJoin('page', 'page_id', 'rev_page')
        .select('rev_id')
        .where('page_namespace', '=', 0)
        .where('page_title', '=', title)
        .orderBy('rev_timestamp', 'desc')
        .orderBy('rev_id', 'desc')
        .execute()
    ).map((r) => r.rev_id);
  const contributionsOf = async (name: string) =>
    (
      await db()
        .selectFrom('revision')
        .innerJoin('actor', 'actor_id', 'rev_actor')
        .select('rev_id')
        .where('actor_name', '=', name)
        .orderBy('rev_timestamp', 'desc')
        .orderBy('rev_id', 'desc')
        .execute()
    ).map((r) => r.rev_id);
  const logIds = async () =>
    (
      await db()
        .selectFrom('logging')
        .select('log_id')
        .where('log_type', 'not in', ['suppress', 'titleblacklist'])
        .orderBy('log_timestamp', 'desc')
        .orderBy('log_id', 'desc')
        .execute()
    ).map((r) => r.log_id);
  const changeIds = async () =>
    (
      await db()
        .selectFrom('recentchanges')
        .select('rc_id')
        .orderBy('rc_timestamp', 'desc')
        .orderBy('rc_id', 'desc')
        .execute()
    ).map((r) => r.rc_id);

  /** A watchlist entry by what it shows (the watchlist has no change ids). */
  const changeKey = (w: { ns: number; revid: number; old_revid: number; timestamp: string }) =>
    `${w.ns}:${w.revid}:${w.old_revid}:${w.timestamp}`;
  /** Recent changes to the pages a user watches, newest first. */
  const watchedChanges = async (userId: number) =>
    (
      await db()
        .selectFrom('recentchanges')
        .innerJoin('watchlist', (join) =>
          join.onRef('wl_namespace', '=', 'rc_namespace').onRef('wl_title', '=', 'rc_title'),
        )
        .select(['rc_namespace', 'rc_this_oldid', 'rc_last_oldid', 'rc_timestamp'])
        .where('wl_user', '=', userId)
        .orderBy('rc_timestamp', 'desc')
        .orderBy('rc_id', 'desc')
        .execute()
    ).map((r) =>
      changeKey({
        ns: r.rc_namespace,
        revid: r.rc_this_oldid,
        old_revid: r.rc_last_oldid,
        timestamp: mwToIso(r.rc_timestamp),
      }),
    );

  before(async () => {
    served = await listeningReferenceWiki();
    bot = new Mwn({
      apiUrl: `${served.origin}/api.php`,
      username: 'Alice',
      password: REFERENCE_PASSWORDS.Alice,
      silent: true,
      maxRetries: 0,
    });
  });
  after(async () => {
    await served?.close();
  });

  describe('mwn', () => {
    test('logs in as a reference user', async () => {
      const login = await bot.login();
      assert.equal(login.result, 'Success');
      assert.equal(login.lgusername, 'Alice');
    });

    test('reads pages', async () => {
      const page = await bot.read('Berlin');
      assert.equal(page.revisions?.[0]?.content, await currentText('Berlin'));
      const pages = await bot.read(['Hamburg', 'München']);
      assert.deepEqual(
        pages.map((p) => p.revisions?.[0]?.content),
        [await currentText('Hamburg'), await currentText('München')],
      );
    });

    test("reads a page's revisions with content, newest first", async () => {
      const revisions = await new bot.Page('Berlin').history(['ids', 'content'], 50, { rvslots: 'main' });
      assert.deepEqual(
        revisions.map((r) => r.revid),
        await revisionsOf('Berlin'),
      );
      assert.equal(revisions[0]?.slots?.main?.content, await currentText('Berlin'));
    });

    test("lists a user's contributions across continuations", async () => {
      const user = new bot.User('Alice');
      const contributions: number[] = [];
      for await (const contribution of user.contribsGen({ uclimit: 9 })) contributions.push(contribution.revid);
      assert.deepEqual(contributions, await contributionsOf('Alice'));
      const firstBatch = await user.contribs({ uclimit: 9 });
      assert.deepEqual(
        firstBatch.map((c) => c.revid),
        contributions.slice(0, 9),
      );
    });

    test('lists log events and recent changes across continuations', async () => {
      const logs: number[] = [];
      for await (const answer of bot.continuedQueryGen({ action: 'query', list: 'logevents', lelimit: 40 })) {
        logs.push(...(answer.query?.logevents ?? []).map((e: { logid: number }) => e.logid));
      }
      assert.deepEqual(logs, await logIds());
      const changes: number[] = [];
      for await (const answer of bot.continuedQueryGen({
        action: 'query',
        list: 'recentchanges',
        rclimit: 50,
        rcprop: 'ids|title|user|loginfo',
      })) {
        changes.push(...(answer.query?.recentchanges ?? []).map((c: { rcid: number }) => c.rcid));
      }
      assert.deepEqual(changes, await changeIds());
      const moves = await bot.query({ list: 'logevents', letype: 'move', lelimit: 1 });
      assert.equal(moves.query?.logevents[0].params.target_title, 'Testwiki:Spielwiese');
    });

    test("lists the user's watchlist across continuations", async () => {
      const changes: string[] = [];
      for await (const answer of bot.continuedQueryGen({
        action: 'query',
        list: 'watchlist',
        wlallrev: true,
        wllimit: 20,
        wlprop: 'ids|title|timestamp',
      })) {
        changes.push(...(answer.query?.watchlist ?? []).map(changeKey));
      }
      assert.deepEqual(changes, await watchedChanges(3));
    });

    test('logs out', async () => {
      await bot.logout();
      const info = await bot.query({ meta: 'userinfo' });
      assert.equal(info.query?.userinfo.anon, true);
    });
  });

  describe('mwclient', () => {
    let seen: any;
    before(async () => {
      await ensurePythonModules({ mwclient: 'python3-mwclient' });
      const host = served.origin.replace('http://', '');
      seen = JSON.parse(
        await new Promise<string>((resolve, reject) => {
          // Asynchronously, so that this process keeps answering the client's requests.
          execFile(
            DEBIAN_PYTHON,
            [script, host, 'Alice', REFERENCE_PASSWORDS.Alice as string, 'watchlist'],
            { timeout: 120_000 },
            (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
          );
        }),
      );
    });

    test('logs in and reads page texts (a missing page is empty)', async () => {
      assert.equal(seen.user, 'Alice');
      assert.equal(seen.texts.Berlin, await currentText('Berlin'));
      assert.equal(seen.texts.Hamburg, await currentText('Hamburg'));
      assert.equal(seen.missing_text, '');
    });

    test("reads a page's revisions with content across continuations", async () => {
      assert.deepEqual(
        seen.history.map((r: { revid: number }) => r.revid),
        await revisionsOf('Berlin'),
      );
      assert.equal(seen.history[0].content, await currentText('Berlin'));
    });

    test('lists contributions, log events and recent changes to their ends', async () => {
      assert.deepEqual(seen.contribs, await contributionsOf('Alice'));
      assert.deepEqual(seen.moves.slice(0, 1), [[148, 'Testwiki:Spielwiese']]);
      assert.equal(seen.moves.length, 3);
      assert.deepEqual(seen.log_ids, await logIds());
      assert.deepEqual(seen.changes, await changeIds());
    });

    test("lists the user's watchlist", async () => {
      assert.deepEqual(seen.watchlist, await watchedChanges(3));
    });

    test('logs out', () => {
      assert.equal(seen.user_after_logout, '127.0.0.1');
    });
  });
});
