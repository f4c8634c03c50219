import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { queryJson, useReferenceApi } from '../helpers/reference-api.js';
import { useReferenceWikiApi } from '../helpers/reference-wiki-api.js';
import { SessionClient } from '../helpers/session-client.js';

/** Admin's `watchlisttoken` preference in the reference wiki. */
const ADMIN_TOKEN = '0123456789abcdef0123456789abcdef01234567';

describeEachEngine('list=watchlist and list=watchlistraw', (engine) => {
  const api = useReferenceApi(engine);
  let admin: SessionClient;
  let bob: SessionClient;
  const as = async (client: SessionClient, params: Record<string, string>) =>
    (await client.get({ action: 'query', format: 'json', formatversion: '2', ...params })).json;

  before(async () => {
    admin = new SessionClient(api().app);
    bob = new SessionClient(api().app);
    assert.equal((await admin.logIn('Admin', REFERENCE_PASSWORDS.Admin)).json.login.result, 'Success');
    assert.equal((await bob.logIn('Bob', REFERENCE_PASSWORDS.Bob)).json.login.result, 'Success');
  });

  test('anonymous callers must log in; with the owner and the right token they read that watchlist', async () => {
    for (const list of ['watchlist', 'watchlistraw']) {
      const anon = await api().query({ list });
      assert.equal(anon.error.code, 'notloggedin', list);
      // An owner without a token is ignored: the caller's own watchlist is meant.
      assert.equal(
        (await api().query({ list, [`${list === 'watchlist' ? 'wl' : 'wr'}owner`]: 'Admin' })).error.code,
        'notloggedin',
      );
    }
    const own = await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '50' });
    const shared = await api().query({
      list: 'watchlist',
      wlallrev: '1',
      wllimit: '50',
      wlowner: 'Admin',
      wltoken: ADMIN_TOKEN,
    });
    assert.ok(own.query.watchlist.length > 0);
    assert.deepEqual(shared.query.watchlist, own.query.watchlist);
    // A reader without deletedhistory searching by user: changes with a hidden user stay out.
    const byAlice = await api().query({
      list: 'watchlist',
      wlallrev: '1',
      wllimit: '50',
      wlprop: 'user',
      wluser: 'Alice',
      wlowner: 'Admin',
      wltoken: ADMIN_TOKEN,
    });
    assert.ok(byAlice.query.watchlist.length > 0);
    assert.ok(byAlice.query.watchlist.every((c: any) => c.user === 'Alice'));
    const raw = await api().query({ list: 'watchlistraw', wrowner: 'Admin', wrtoken: ADMIN_TOKEN, wrlimit: '50' });
    assert.deepEqual(raw.watchlistraw, (await as(admin, { list: 'watchlistraw', wrlimit: '50' })).watchlistraw);
  });

  test('a wrong token, or an owner without one, reveals nothing; an unknown owner is bad_wlowner', async () => {
    for (const [list, prefix] of [
      ['watchlist', 'wl'],
      ['watchlistraw', 'wr'],
    ]) {
      for (const token of ['falsch', ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}0`, '']) {
        const answer = await as(bob, { list, [`${prefix}owner`]: 'Admin', [`${prefix}token`]: token });
        assert.equal(answer.error.code, 'bad_wltoken', `${list} ${token}`);
        assert.equal(answer.query, undefined);
        assert.equal(answer.watchlistraw, undefined);
      }
      // Carol set no token: no token opens her watchlist.
      const unset = await api().query({ list, [`${prefix}owner`]: 'Carol', [`${prefix}token`]: '' });
      assert.equal(unset.error.code, 'bad_wltoken');
      const unknown = await api().query({ list, [`${prefix}owner`]: 'Niemand', [`${prefix}token`]: 'x' });
      assert.equal(unknown.error.code, 'bad_wlowner');
    }
    // In html the message's link to Special:Preferences goes to the page's local name.
    const html = await api().query({
      list: 'watchlist',
      wlowner: 'Carol',
      wltoken: 'x',
      errorformat: 'html',
      uselang: 'en',
    });
    assert.equal(
      html.errors[0].html,
      'Incorrect watchlist token provided. Please set a correct token in <a href="/index.php/Spezial:Einstellungen" title="Spezial:Einstellungen">Special:Preferences</a>.',
    );
  });

  test('the watchlist token never reaches the log', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      store: api().store,
      site: api().site,
      // Requests are logged at the debug level.
      logLevel: 'debug',
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const answer = await queryJson(app, { list: 'watchlist', wlowner: 'Admin', wltoken: ADMIN_TOKEN });
      assert.ok(Array.isArray(answer.query.watchlist));
      await queryJson(app, { list: 'watchlistraw', wrowner: 'Admin', wrtoken: 'falsch-aber-geheim' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    assert.match(log, /wlowner=Admin/);
    assert.ok(!log.includes(ADMIN_TOKEN), 'the token is not logged');
    assert.ok(!log.includes('falsch-aber-geheim'), 'a wrong token is not logged either');
  });

  test('list=watchlist continues by timestamp|rc_id, newest first or oldest first', async () => {
    const all = (await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '500' })).query.watchlist;
    const paged: any[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 50; i++) {
      const answer = await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '4', ...cont });
      paged.push(...answer.query.watchlist);
      if (!answer.continue) break;
      assert.match(answer.continue.wlcontinue, /^\d{14}\|\d+$/);
      cont = answer.continue;
    }
    assert.deepEqual(paged, all);
    const older = (await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '500', wlprop: 'timestamp' })).query
      .watchlist;
    const newer = (
      await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '500', wlprop: 'timestamp', wldir: 'newer' })
    ).query.watchlist;
    assert.deepEqual(
      newer.map((c: any) => c.timestamp),
      older.map((c: any) => c.timestamp).reverse(),
    );
    // Without wlallrev, a page's older edits are left out.
    const latest = (await as(admin, { list: 'watchlist', wllimit: '500', wltype: 'edit|new' })).query.watchlist;
    const pages = latest.map((c: any) => c.pageid);
    assert.equal(new Set(pages).size, pages.length);
  });

  test('list=watchlist filters by type, user and show; contradictions and patrol data need their rights', async () => {
    const changes = async (params: Record<string, string>) =>
      (await as(admin, { list: 'watchlist', wlallrev: '1', wllimit: '500', wlprop: 'ids|user|flags', ...params })).query
        .watchlist;
    const edits = await changes({ wltype: 'edit' });
    assert.ok(edits.length > 0 && edits.every((c: any) => c.type === 'edit'));
    const logs = await changes({ wltype: 'log' });
    assert.ok(logs.length > 0 && logs.every((c: any) => c.type === 'log'));
    // No valid type filters nothing (MediaWiki 1.39 answers so).
    assert.equal((await changes({ wltype: 'x' })).length, (await changes({})).length);
    const byAlice = await changes({ wluser: 'Alice' });
    assert.ok(byAlice.every((c: any) => c.user === 'Alice'));
    const notAlice = await changes({ wlexcludeuser: 'Alice' });
    assert.equal(byAlice.length + notAlice.length, (await changes({})).length);
    const minor = await changes({ wlshow: 'minor' });
    assert.ok(minor.every((c: any) => c.minor === true));
    const unread = await changes({ wlshow: 'unread' });
    const read = await changes({ wlshow: '!unread' });
    assert.equal(unread.length + read.length, (await changes({})).length);
    for (const show of ['minor|!minor', 'bot|!bot', 'anon|!anon', 'unread|!unread', 'autopatrolled|!patrolled']) {
      assert.equal((await as(admin, { list: 'watchlist', wlshow: show })).error.code, 'show', show);
    }
    const both = await as(admin, { list: 'watchlist', wluser: 'Alice', wlexcludeuser: 'Bob' });
    assert.equal(both.error.code, 'invalidparammix');
    // The continue value is read before the show values and the user filters, as MediaWiki reads it.
    const badFirst = await as(admin, {
      list: 'watchlist',
      wluser: 'Alice',
      wlexcludeuser: 'Bob',
      wlshow: 'minor|!minor',
      wlcontinue: '1',
    });
    assert.equal(badFirst.error.code, 'badcontinue');
    // Its timestamp is read only by the query, after them (`A|1`: MediaWiki 1.39's answer).
    const badTimestamp = await as(admin, {
      list: 'watchlist',
      wluser: 'Alice',
      wlexcludeuser: 'Bob',
      wlcontinue: 'A|1',
    });
    assert.equal(badTimestamp.error.code, 'invalidparammix');
    assert.equal((await as(admin, { list: 'watchlist', wlcontinue: 'A|1' })).error.code, 'badcontinue');
    // A reader by token has no patrol rights.
    const patrol = await api().query({ list: 'watchlist', wlowner: 'Admin', wltoken: ADMIN_TOKEN, wlprop: 'patrol' });
    assert.equal(patrol.error.code, 'patrol');
    const withRight = (await as(admin, { list: 'watchlist', wlprop: 'patrol', wllimit: '3' })).query.watchlist;
    assert.deepEqual(Object.keys(withRight[0]), ['type', 'patrolled', 'unpatrolled', 'autopatrolled']);
  });

  test('autopatrolled and !autopatrolled filter only for a caller who may patrol, as MediaWiki', async () => {
    const count = async (client: SessionClient, wlshow?: string) =>
      (await as(client, { list: 'watchlist', wllimit: '500', wlprop: 'ids', ...(wlshow ? { wlshow } : {}) })).query
        .watchlist.length;
    // Eve may not patrol: the patrol state is no filter for her (her watchlist's changes were all
    // patrolled automatically), and no error either.
    const eve = new SessionClient(api().app);
    assert.equal((await eve.logIn('Eve', REFERENCE_PASSWORDS.Eve)).json.login.result, 'Success');
    const eves = await count(eve);
    assert.ok(eves > 0);
    assert.equal(await count(eve, '!autopatrolled'), eves);
    assert.equal(await count(eve, 'autopatrolled'), eves);
    // The administrator's changes part into those patrolled automatically and the others.
    const admins = await count(admin);
    const automatic = await count(admin, 'autopatrolled');
    assert.ok(automatic > 0);
    assert.equal(automatic + (await count(admin, '!autopatrolled')), admins);
  });

  test('list=watchlist as a generator gives the changed pages', async () => {
    const changes = (await as(admin, { list: 'watchlist', wllimit: '5', wlprop: 'ids' })).query.watchlist;
    const generated = await as(admin, { generator: 'watchlist', gwllimit: '5' });
    const expected = [...new Set(changes.map((c: any) => c.pageid))].sort();
    assert.deepEqual(generated.query.pages.map((p: any) => p.pageid).sort(), expected);
    // A log entry's page is 0: the page set reports it as a missing page id, as pageids=0 does.
    // No valid namespace filters nothing: the same pages as without the parameter.
    const anyNamespace = await as(admin, { generator: 'watchlist', gwllimit: '5', gwlnamespace: 'x' });
    assert.deepEqual(anyNamespace.query.pages, generated.query.pages);
    const raw = await as(admin, { list: 'watchlistraw', wrlimit: '5', wrnamespace: 'x' });
    assert.deepEqual(raw.watchlistraw, (await as(admin, { list: 'watchlistraw', wrlimit: '5' })).watchlistraw);
    const logPages = await as(admin, { generator: 'watchlist', gwltype: 'log', gwllimit: '3' });
    assert.deepEqual(logPages.query.pages[0], { pageid: 0, missing: true });
    // With wlallrev, the changes' revisions: prop=revisions then shows those revisions.
    const edits = (await as(admin, { list: 'watchlist', wlallrev: '1', wltype: 'edit', wllimit: '6', wlprop: 'ids' }))
      .query.watchlist;
    const revisions = await as(admin, {
      generator: 'watchlist',
      gwlallrev: '1',
      gwltype: 'edit',
      gwllimit: '6',
      prop: 'revisions',
      rvprop: 'ids',
    });
    const shown = revisions.query.pages.flatMap((p: any) => p.revisions.map((r: any) => r.revid)).sort();
    assert.deepEqual(shown, edits.map((c: any) => c.revid).sort());
    // A log entry's revision is 0: with every type of change, the page set reports it as a bad id.
    const logged = (await as(admin, { list: 'watchlist', wlallrev: '1', wltype: 'log', wllimit: '1', wlprop: 'ids' }))
      .query.watchlist;
    assert.equal(logged.length, 1);
    const withLog = await as(admin, { generator: 'watchlist', gwlallrev: '1', gwltype: 'log', gwllimit: '1' });
    assert.deepEqual(withLog.query.badrevids, [{ revid: 0, missing: true }]);
  });

  test('list=watchlistraw: changed and unchanged titles, namespaces, title range, both directions, continuation', async () => {
    const titles = async (params: Record<string, string>) =>
      (await as(admin, { list: 'watchlistraw', wrlimit: '500', ...params })).watchlistraw.map((w: any) => w.title);
    const all = await titles({});
    const changed = await titles({ wrshow: 'changed' });
    const unchanged = await titles({ wrshow: '!changed' });
    assert.ok(changed.length > 0 && unchanged.length > 0);
    assert.deepEqual([...changed, ...unchanged].sort(), [...all].sort());
    const withDates = (await as(admin, { list: 'watchlistraw', wrlimit: '500', wrprop: 'changed', wrshow: 'changed' }))
      .watchlistraw;
    assert.ok(withDates.every((w: any) => /^\d{4}-\d\d-\d\dT/.test(w.changed)));
    assert.equal((await as(admin, { list: 'watchlistraw', wrshow: 'changed|!changed' })).error.code, 'show');
    const talk = (await as(admin, { list: 'watchlistraw', wrlimit: '500', wrnamespace: '1' })).watchlistraw;
    assert.ok(talk.every((w: any) => w.ns === 1));
    assert.deepEqual(await titles({ wrdir: 'descending' }), [...all].reverse());
    const range = await titles({ wrfromtitle: 'Berlin', wrtotitle: 'Elbe' });
    assert.deepEqual(
      range,
      all.filter((t: string) => t >= 'Berlin' && t <= 'Elbe' && !t.includes(':')),
    );
    // A special or media title bounds the list before every watched namespace, as MediaWiki takes it.
    assert.deepEqual(await titles({ wrfromtitle: 'Spezial:Gibtsnicht' }), all);
    assert.deepEqual(await titles({ wrtotitle: 'Media:X' }), []);
    // Read as a title part with a letter after it: `..` bounds the list, an empty title does not.
    assert.deepEqual(await titles({ wrfromtitle: '..' }), all);
    for (const wrfromtitle of ['<>', '', 'Diskussion:']) {
      assert.equal((await as(admin, { list: 'watchlistraw', wrfromtitle })).error.code, 'invalidtitle', wrfromtitle);
    }
    const paged: string[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 50; i++) {
      const answer = await as(admin, { list: 'watchlistraw', wrlimit: '3', ...cont });
      paged.push(...answer.watchlistraw.map((w: any) => w.title));
      if (!answer.continue) break;
      assert.match(answer.continue.wrcontinue, /^\d+\|/);
      cont = answer.continue;
    }
    assert.deepEqual(paged, all);
    // A continue value that names no title MediaWiki could hold, and one read before the titles
    // that bound the list (MediaWiki's order: an empty continue with an empty wrfromtitle is badcontinue).
    for (const wrcontinue of ['x|y', '', '0|_Berlin', '0|Berlin ', '1|', '0|a\tb']) {
      const bad = await as(admin, { list: 'watchlistraw', wrcontinue, wrfromtitle: '' });
      assert.equal(bad.error.code, 'badcontinue', JSON.stringify(wrcontinue));
    }
    assert.deepEqual(
      (await as(admin, { list: 'watchlistraw', wrcontinue: '0|', wrlimit: '1' })).watchlistraw.length,
      1,
      "the main namespace's empty title starts at the beginning",
    );
  });

  test('formatversion 1: watchlistraw beside query, flags as empty strings when set', async () => {
    const raw = await as(admin, { list: 'watchlistraw', wrlimit: '2', formatversion: '1' });
    assert.equal(raw.watchlistraw.length, 2);
    assert.equal(raw.query, undefined);
    const [change] = (await as(admin, { list: 'watchlist', wllimit: '1', wlprop: 'flags|user', formatversion: '1' }))
      .query.watchlist;
    assert.ok(!('anon' in change) && !('minor' in change), 'false flags are left out');
    const xml = await admin.get({ action: 'query', list: 'watchlistraw', wrlimit: '2', format: 'xml' });
    assert.match(xml.body, /<api[^>]*><continue [^>]*\/><watchlistraw><wr ns="0" title="[^"]+" \/>/);
  });

  test('list=watchlistraw as a generator gives the watched pages', async () => {
    const generated = await as(admin, { generator: 'watchlistraw', gwrlimit: '4' });
    const listed = (await as(admin, { list: 'watchlistraw', wrlimit: '4' })).watchlistraw.map((w: any) => w.title);
    assert.deepEqual(generated.query.pages.map((p: any) => p.title).sort(), [...listed].sort());
    assert.match(generated.continue.gwrcontinue, /^\d+\|/);
  });
});

describeEachEngine('list=watchlist without viewmywatchlist', (engine) => {
  const served = useReferenceWikiApi(engine, (site) => ({
    ...site,
    settings: { ...site.settings, RevokePermissions: { user: { viewmywatchlist: true } } },
  }));

  test('a logged-in user without the right is refused; a token still opens the list', async () => {
    const bob = new SessionClient(served().app);
    assert.equal((await bob.logIn('Bob', REFERENCE_PASSWORDS.Bob)).json.login.result, 'Success');
    for (const list of ['watchlist', 'watchlistraw']) {
      const answer = (await bob.get({ action: 'query', list, format: 'json' })).json;
      assert.equal(answer.error.code, 'permissiondenied', list);
      assert.equal(answer.error.info, "You don't have permission to view your watchlist.");
    }
    const shared = await queryJson(served().app, { list: 'watchlist', wlowner: 'Admin', wltoken: ADMIN_TOKEN });
    assert.ok(Array.isArray(shared.query.watchlist));
  });
});
