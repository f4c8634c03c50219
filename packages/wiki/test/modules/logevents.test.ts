/**
 * list=logevents on the reference wiki: filters, continuation, the parameters of each log type,
 * and hidden entries (log_deleted) per right, for anonymous callers, an administrator (Bob) and a
 * member of the suppress group (Admin).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useLoggedInClients } from '../helpers/logged-in-clients.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const events = (answer: any): any[] => answer.query.logevents;

describeEachEngine('list=logevents', (engine) => {
  const api = useReferenceApi(engine);
  const users = useLoggedInClients(api, ['Bob', 'Admin']);
  const admin = 'Bob';
  const oversight = 'Admin';
  const as = (user: string, params: Record<string, string>) => users.query(user, { list: 'logevents', ...params });

  test('newest first, continuing by timestamp|logid to the same entries one batch gives', async () => {
    const seen: number[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 10; i++) {
      const answer = await api().query({ list: 'logevents', lelimit: '7', leprop: 'ids', ...cont });
      seen.push(...events(answer).map((e) => e.logid));
      if (!answer.continue) break;
      assert.match(answer.continue.lecontinue, /^\d{14}\|\d+$/);
      cont = answer.continue;
    }
    const whole = await api().query({ list: 'logevents', lelimit: '70', leprop: 'ids' });
    assert.deepEqual(
      seen.slice(0, 70),
      events(whole).map((e) => e.logid),
    );
    const newer = await api().query({ list: 'logevents', ledir: 'newer', lelimit: '5', leprop: 'ids|timestamp' });
    assert.deepEqual(
      events(newer).map((e) => e.logid),
      [1, 2, 3, 4, 5],
    );
  });

  test('type/action filters; any action of a type listed as type/*; unknown values are refused', async () => {
    const restore = await api().query({ list: 'logevents', leaction: 'delete/restore', leprop: 'type' });
    assert.deepEqual(events(restore), [{ type: 'delete', action: 'restore' }]);
    const { store } = api();
    await store.db
      .insertInto('logging')
      .values({
        log_id: 901,
        log_type: 'titleblacklist',
        log_action: 'hit-username',
        log_timestamp: '20261121235959',
        log_actor: 1,
        log_namespace: 2,
        log_title: 'Verbotener_Name',
        log_page: 0,
        log_comment: '',
        log_params: 'a:0:{}',
        log_deleted: 0,
      })
      .execute();
    try {
      // The TitleBlacklist log needs titleblacklistlog, which administrators have.
      const hits = await as(admin, { leaction: 'titleblacklist/hit-username', leprop: 'ids|type' });
      assert.deepEqual(events(hits), [
        { logid: 901, pageid: 0, logpage: 0, type: 'titleblacklist', action: 'hit-username' },
      ]);
      assert.deepEqual(events(await api().query({ list: 'logevents', leaction: 'titleblacklist/hit-username' })), []);
    } finally {
      await store.db.deleteFrom('logging').where('log_id', '=', 901).execute();
    }
    for (const value of ['delete/bogus', 'bogus', 'nosuchtype/*']) {
      const bad = await api().query({ list: 'logevents', leaction: value });
      assert.equal(bad.error.code, 'unknown_leaction', value);
      assert.equal(bad.error.info, `Unrecognized value for parameter "leaction": ${value}.`);
    }
    // The value is escaped as wikitext, the parameter name is a plain parameter of the message.
    const raw = await api().query({ list: 'logevents', leaction: '*', errorformat: 'raw' });
    assert.deepEqual(raw.errors[0], {
      code: 'unknown_leaction',
      key: 'apierror-unrecognizedvalue',
      params: ['leaction', '&#42;'],
      module: 'query+logevents',
    });
    const badType = await api().query({ list: 'logevents', letype: 'bogus' });
    assert.equal(badType.error.code, 'badvalue');
  });

  test('user, title, prefix, ids and tag filters; bad titles and timestamps are errors', async () => {
    const alice = await api().query({ list: 'logevents', leuser: 'Alice', lelimit: '500', leprop: 'user' });
    assert.ok(events(alice).length > 0 && events(alice).every((e) => e.user === 'Alice'));
    const nobody = await api().query({ list: 'logevents', leuser: 'Niemand Hier' });
    assert.deepEqual(events(nobody), []);
    const prefix = await api().query({ list: 'logevents', leprefix: 'Benutzer:Ev', leprop: 'title', lelimit: '50' });
    assert.ok(events(prefix).length >= 3 && events(prefix).every((e) => e.title === 'Benutzer:Eve'));
    const byIds = await api().query({ list: 'logevents', leids: '146|148', leprop: 'ids' });
    assert.deepEqual(
      events(byIds).map((e) => e.logid),
      [148, 146],
    );
    // An empty list filters nothing, as MediaWiki's condition for a list of ids is left out for one.
    const noIds = await api().query({ list: 'logevents', leids: '', leprop: 'ids', lelimit: '3' });
    assert.equal(events(noIds).length, 3);
    const tagged = await api().query({
      list: 'logevents',
      letag: 'mw-new-redirect',
      leprop: 'ids|tags',
      lelimit: '50',
    });
    assert.ok(events(tagged).length > 0);
    assert.ok(events(tagged).every((e) => e.tags.includes('mw-new-redirect')));
    const badTitle = await api().query({ list: 'logevents', letitle: 'A[b]' });
    assert.equal(badTitle.error.code, 'invalidtitle');
    const badTime = await api().query({ list: 'logevents', lestart: 'gestern' });
    assert.equal(badTime.error.code, 'badtimestamp');
    const mixed = await api().query({ list: 'logevents', letitle: 'Berlin', lenamespace: '0' });
    assert.equal(mixed.error.code, 'invalidparammix');
  });

  test('parameters as each log type shows them', async () => {
    const byId = async (id: number) =>
      events(await api().query({ list: 'logevents', leids: String(id), leprop: 'details' }))[0].params;
    // A relative block duration gets its end computed from the entry's time (22:26:20 plus a week).
    assert.deepEqual(await byId(154), {
      duration: '1 week',
      flags: ['nocreate', 'noautoblock', 'nousertalk'],
      sitewide: true,
      expiry: '2026-11-28T22:26:20Z',
    });
    assert.deepEqual(await byId(157), {
      duration: 'infinity',
      flags: ['noautoblock'],
      sitewide: false,
      restrictions: { pages: [{ page_ns: 0, page_title: 'Berlin' }], namespaces: [10] },
    });
    // In MediaWiki's order: the stored parameters sorted by key, what is derived after them.
    assert.deepEqual(Object.keys(await byId(157)), ['duration', 'flags', 'restrictions', 'sitewide']);
    assert.deepEqual(Object.keys(await byId(154)), ['duration', 'flags', 'sitewide', 'expiry']);
    assert.deepEqual(await byId(159), {});
    assert.deepEqual(await byId(167), { curid: 249, previd: 237, auto: false });
    assert.deepEqual(await byId(164), {
      dest_ns: 0,
      dest_title: 'Zielseite Zusammenführung',
      mergepoint: '2026-11-21T22:26:15Z',
    });
    assert.deepEqual(await byId(144), { count: { revisions: 2, files: 0 } });
    assert.deepEqual(await byId(8), { tag: 'oracle-test' });
    assert.deepEqual(await byId(1), {});
  });

  test('parameters in formatversion 1 and XML', async () => {
    const { app } = api();
    const get = async (format: Record<string, string>, leids = '169') =>
      (
        await app.inject({
          method: 'GET',
          url: `/api.php?${new URLSearchParams({ action: 'query', list: 'logevents', leids, leprop: 'details', ...format })}`,
        })
      ).body;
    const v1 = JSON.parse(await get({ format: 'json' }));
    // formatversion 1 writes a true flag as an empty string.
    assert.deepEqual(v1.query.logevents[0].params, {
      duration: '2030-01-01T00:00:00Z',
      flags: ['nocreate', 'noautoblock', 'nousertalk'],
      sitewide: '',
      expiry: '2030-01-01T00:00:00Z',
    });
    const xml = await get({ format: 'xml' });
    assert.match(xml, /<params duration="2030-01-01T00:00:00Z" sitewide="" expiry="2030-01-01T00:00:00Z"><flags>/);
    // Lists take the tags their log type's formatter gives them: a block's flags `<f>`, a
    // revision deletion's ids `<id>`, a change of groups `<g>`.
    assert.match(xml, /<flags><f>nocreate<\/f><f>noautoblock<\/f><f>nousertalk<\/f><\/flags>/);
    assert.match(await get({ format: 'xml' }, '166'), /<ids><id>248<\/id><\/ids>/);
    assert.match(
      await get({ format: 'xml' }, '173'),
      /<oldgroups><g>sysop<\/g><\/oldgroups><newgroups><g>sysop<\/g><\/newgroups><oldmetadata><g group="sysop" /,
    );
  });

  test('entries written before serialized parameters: lines by position', async () => {
    const { store } = api();
    await store.db.updateTable('logging').set({ log_params: 'Köln\n1' }).where('log_id', '=', 147).execute();
    try {
      const answer = await api().query({ list: 'logevents', leids: '147', leprop: 'details' });
      assert.deepEqual(events(answer)[0].params, { target_ns: 0, target_title: 'Köln', suppressredirect: true });
    } finally {
      await store.db
        .updateTable('logging')
        .set({
          log_params:
            'a:3:{s:9:"4::target";s:16:"Diskussion:Köln";s:10:"5::noredir";s:1:"0";s:17:"associated_rev_id";i:363;}',
        })
        .where('log_id', '=', 147)
        .execute();
    }
  });

  test('hidden action, user and comment: markers for everyone, values for callers with the right', async () => {
    const { store } = api();
    const hide = (bits: number) =>
      store.db.updateTable('logging').set({ log_deleted: bits }).where('log_id', '=', 146).execute();
    const params = { leids: '146', leprop: 'ids|title|details|user|userid|comment|parsedcomment' };
    await hide(1 | 2 | 4);
    try {
      const [anon] = events(await api().query({ list: 'logevents', ...params }));
      assert.equal(anon.actionhidden, true);
      assert.equal(anon.userhidden, true);
      assert.equal(anon.commenthidden, true);
      for (const key of ['title', 'ns', 'params', 'pageid', 'user', 'userid', 'comment', 'parsedcomment']) {
        assert.equal(anon[key], undefined, key);
      }
      assert.equal(anon.suppressed, undefined);
      const [sysop] = events(await as(admin, params));
      assert.equal(sysop.actionhidden, true);
      assert.equal(sysop.title, 'Koeln');
      assert.equal(sysop.params.target_title, 'Köln');
      assert.equal(sysop.user, 'Alice');
      assert.equal(sysop.comment, 'Korrekte Schreibweise');
      // Searching by user or page does not find what the caller may not see.
      const moves = async (client: string | undefined, filter: Record<string, string>) => {
        const params = { leaction: 'move/move', leprop: 'ids', ...filter };
        const answer = client ? await as(client, params) : await api().query({ list: 'logevents', ...params });
        return events(answer).map((e) => e.logid);
      };
      assert.deepEqual(await moves(undefined, { leuser: 'Alice' }), [147]);
      assert.deepEqual(await moves(admin, { leuser: 'Alice' }), [147, 146]);
      assert.deepEqual(await moves(undefined, { letitle: 'Koeln' }), []);
      assert.deepEqual(await moves(admin, { letitle: 'Koeln' }), [146]);

      await hide(1 | 2 | 4 | 8);
      const [suppressed] = events(await as(admin, params));
      assert.equal(suppressed.suppressed, true);
      assert.equal(suppressed.title, undefined);
      assert.equal(suppressed.user, undefined);
      assert.equal(suppressed.comment, undefined);
      assert.deepEqual(await moves(admin, { leuser: 'Alice' }), [147]);
      assert.deepEqual(await moves(oversight, { leuser: 'Alice' }), [147, 146]);
      const [seen] = events(await as(oversight, params));
      assert.equal(seen.suppressed, true);
      assert.equal(seen.title, 'Koeln');
      assert.equal(seen.user, 'Alice');
      assert.equal(seen.comment, 'Korrekte Schreibweise');
    } finally {
      await hide(0);
    }
  });

  test('the suppression log is listed only for callers with suppressionlog', async () => {
    const { store } = api();
    await store.db
      .insertInto('logging')
      .values({
        log_id: 900,
        log_type: 'suppress',
        log_action: 'revision',
        log_timestamp: '20261121235959',
        log_actor: 1,
        log_namespace: 0,
        log_title: 'Berlin',
        log_page: 236,
        log_comment: 'Unterdrückt',
        log_params:
          'a:4:{s:7:"4::type";s:8:"revision";s:6:"5::ids";a:1:{i:0;i:248;}s:9:"6::ofield";i:0;s:9:"7::nfield";i:10;}',
        log_deleted: 0,
      })
      .execute();
    try {
      assert.deepEqual(events(await api().query({ list: 'logevents', letype: 'suppress' })), []);
      assert.deepEqual(events(await as(admin, { letype: 'suppress' })), []);
      const [entry] = events(await as(oversight, { letype: 'suppress', leprop: 'ids|details' }));
      assert.equal(entry.logid, 900);
      assert.deepEqual(entry.params.new, { bitmask: 10, content: false, comment: true, user: false, restricted: true });
    } finally {
      await store.db.deleteFrom('logging').where('log_id', '=', 900).execute();
    }
  });
});
