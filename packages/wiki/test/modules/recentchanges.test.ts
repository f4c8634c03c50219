/**
 * list=recentchanges on the reference wiki: filters, continuation, generator mode, the patrol
 * rights, and hidden fields (rc_deleted) per right, for anonymous callers, an administrator (Bob)
 * and a member of the suppress group (Admin).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useLoggedInClients } from '../helpers/logged-in-clients.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const changes = (answer: any): any[] => answer.query.recentchanges;

describeEachEngine('list=recentchanges', (engine) => {
  const api = useReferenceApi(engine);
  const users = useLoggedInClients(api, ['Bob', 'Admin']);
  const admin = 'Bob';
  const oversight = 'Admin';
  const as = (user: string, params: Record<string, string>) => users.query(user, { list: 'recentchanges', ...params });

  test('continuing by timestamp|rcid gives what one batch gives, in both directions', async () => {
    for (const dir of ['older', 'newer']) {
      const seen: number[] = [];
      let cont: Record<string, string> = {};
      for (let i = 0; i < 10; i++) {
        const answer = await api().query({ list: 'recentchanges', rclimit: '9', rcdir: dir, rcprop: 'ids', ...cont });
        seen.push(...changes(answer).map((c) => c.rcid));
        if (!answer.continue) break;
        assert.match(answer.continue.rccontinue, /^\d{14}\|\d+$/);
        cont = answer.continue;
      }
      const whole = await api().query({ list: 'recentchanges', rclimit: '90', rcdir: dir, rcprop: 'ids' });
      assert.deepEqual(
        seen,
        changes(whole)
          .map((c) => c.rcid)
          .slice(0, seen.length),
      );
      assert.equal(seen.length, 90);
    }
    const bad = await api().query({ list: 'recentchanges', rccontinue: 'gestern|1' });
    assert.equal(bad.error.code, 'badcontinue');
    const badTime = await api().query({ list: 'recentchanges', rcend: 'morgen' });
    assert.equal(badTime.error.code, 'badtimestamp');
  });

  test('rcnamespace=* is every namespace, the special pages of log entries among them, as MediaWiki expands it', async () => {
    const all = await api().query({
      list: 'recentchanges',
      rcnamespace: '*',
      rcdir: 'newer',
      rclimit: '3',
      rcprop: 'ids|title',
    });
    assert.deepEqual(
      changes(all).map((c) => [c.rcid, c.ns, c.title]),
      [
        [1, 0, 'Hauptseite'],
        [2, -1, 'Spezial:Tags'],
        [3, -1, 'Spezial:Tags'],
      ],
    );
  });

  test('a continue value of the wrong form is refused before the editor parameters are checked', async () => {
    const answer = await api().query({
      list: 'recentchanges',
      rccontinue: '1',
      rcuser: 'Alice',
      rcexcludeuser: 'Bob',
    });
    assert.equal(answer.error.code, 'badcontinue');
  });

  test('type, user, excluded user, title and namespace filters', async () => {
    const created = await api().query({ list: 'recentchanges', rctype: 'new', rclimit: '500', rcprop: 'flags' });
    assert.ok(changes(created).length > 100);
    assert.ok(changes(created).every((c) => c.type === 'new' && c.new === true));
    // No valid type filters nothing (MediaWiki 1.39 answers so); with a slot it matches nothing.
    const none = await api().query({ list: 'recentchanges', rctype: 'x', rclimit: '500', rcprop: 'flags' });
    assert.ok(new Set(changes(none).map((c) => c.type)).size > 1);
    const slotted = await api().query({ list: 'recentchanges', rctype: 'x', rcslot: 'main', rcprop: 'flags' });
    assert.equal(changes(slotted).length, 0);
    const bob = await api().query({ list: 'recentchanges', rcuser: 'Bob', rclimit: '500', rcprop: 'user' });
    assert.equal(changes(bob).length, 40);
    assert.ok(changes(bob).every((c) => c.user === 'Bob'));
    const notAdmin = await api().query({
      list: 'recentchanges',
      rcexcludeuser: 'Admin',
      rclimit: '500',
      rcprop: 'user',
    });
    assert.equal(changes(notAdmin).length, 189 - 82);
    // `#<id>` names a user by id: Admin is user 1; no user has id 999.
    const byId = (params: Record<string, string>) =>
      api().query({ list: 'recentchanges', rclimit: '500', rcprop: 'user', ...params });
    assert.equal(changes(await byId({ rcexcludeuser: '#1' })).length, 189 - 82);
    const adminById = changes(await byId({ rcuser: '#1' }));
    assert.equal(adminById.length, 82);
    assert.ok(adminById.every((c) => c.user === 'Admin'));
    assert.equal(changes(await byId({ rcuser: '#999' })).length, 0);
    assert.equal(changes(await byId({ rcexcludeuser: '#999' })).length, 189);
    const both = await api().query({ list: 'recentchanges', rcuser: 'Bob', rcexcludeuser: 'Admin' });
    assert.equal(both.error.code, 'invalidparammix');
    // The editor is checked before the patrolled property's right, after the patrolled show value's.
    const code = async (params: Record<string, string>) =>
      (await api().query({ list: 'recentchanges', rcuser: 'Bob', rcexcludeuser: 'Admin', ...params })).error.code;
    assert.equal(await code({ rcprop: 'patrolled' }), 'invalidparammix');
    assert.equal(await code({ rcshow: 'patrolled' }), 'permissiondenied');
    const berlin = await api().query({ list: 'recentchanges', rctitle: 'Berlin', rcprop: 'ids|title' });
    assert.deepEqual(
      changes(berlin).map((c) => c.rcid),
      [189, 182, 165, 56, 44, 32],
    );
    // A special page is a title with no changes; an interwiki or invalid title is refused, before
    // the editor parameters are looked at.
    const special = await api().query({ list: 'recentchanges', rctitle: 'Spezial:Letzte Änderungen' });
    assert.deepEqual(changes(special), []);
    for (const title of ['en:Foo', 'x'.repeat(300), 'A[b]']) {
      const bad = await api().query({ list: 'recentchanges', rctitle: title, rcuser: 'Bob', rcexcludeuser: 'Admin' });
      assert.equal(bad.error.code, 'invalidtitle', title);
    }
    const users = await api().query({ list: 'recentchanges', rcnamespace: '2|3', rclimit: '500', rcprop: 'title' });
    assert.ok(changes(users).every((c) => c.ns === 2 || c.ns === 3));
    const top = await api().query({ list: 'recentchanges', rctoponly: '1', rctitle: 'Berlin', rcprop: 'ids' });
    assert.deepEqual(
      changes(top).map((c) => c.rcid),
      [189],
    );
  });

  test('tag filter: the same changes whether the tag is read as rare or as common', async () => {
    const params = { list: 'recentchanges', rctag: 'oracle-test', rcprop: 'ids|tags', rclimit: '3' };
    const pages = async () => {
      const ids: number[] = [];
      let cont: Record<string, string> = {};
      for (let i = 0; i < 10; i++) {
        const answer = await api().query({ ...params, ...cont });
        ids.push(...changes(answer).map((c) => c.rcid));
        assert.ok(changes(answer).every((c) => c.tags.includes('oracle-test')));
        if (!answer.continue) break;
        cont = answer.continue;
      }
      return ids;
    };
    const rare = await pages();
    assert.equal(rare.length, 7);
    const { store } = api();
    const common = (count: number) =>
      store.db.updateTable('change_tag_def').set({ ctd_count: count }).where('ctd_name', '=', 'oracle-test').execute();
    await common(1_000_000);
    try {
      assert.deepEqual(await pages(), rare);
    } finally {
      await common(7);
    }
    assert.deepEqual(changes(await api().query({ ...params, rctag: 'gibt-es-nicht' })), []);
  });

  test('show: flags, and the values that contradict each other', async () => {
    const minor = await api().query({ list: 'recentchanges', rcshow: 'minor|!bot', rclimit: '500', rcprop: 'flags' });
    assert.ok(changes(minor).length > 0);
    assert.ok(changes(minor).every((c) => c.minor && !c.bot));
    const redirects = await api().query({
      list: 'recentchanges',
      rcshow: 'redirect',
      rclimit: '500',
      rcprop: 'redirect',
    });
    assert.ok(changes(redirects).length > 0 && changes(redirects).every((c) => c.redirect));
    for (const pair of ['anon|!anon', 'patrolled|unpatrolled', 'autopatrolled|!patrolled', 'unpatrolled|!patrolled']) {
      const conflict = await as(admin, { rcshow: pair });
      assert.equal(conflict.error.code, 'show', pair);
    }
  });

  test('every rcshow value and rcslot filter the changes it names', async () => {
    const all = changes(await as(admin, { rcprop: 'ids|flags|user|patrolled|redirect', rclimit: '500', rcshow: '' }));
    const expect: Record<string, (c: any) => boolean> = {
      minor: (c) => c.minor === true,
      '!minor': (c) => !c.minor,
      bot: (c) => c.bot === true,
      '!bot': (c) => !c.bot,
      anon: (c) => c.anon === true,
      '!anon': (c) => !c.anon,
      patrolled: (c) => c.patrolled === true,
      '!patrolled': (c) => c.unpatrolled === true,
      autopatrolled: (c) => c.autopatrolled === true,
      '!autopatrolled': (c) => !c.autopatrolled,
      redirect: (c) => c.redirect === true,
      '!redirect': (c) => !c.redirect,
    };
    for (const [show, holds] of Object.entries(expect)) {
      const shown = changes(
        await as(admin, { rcshow: show, rcprop: 'ids|flags|user|patrolled|redirect', rclimit: '500' }),
      );
      const ids = new Set(shown.map((c) => c.rcid));
      assert.deepEqual(
        all.filter((c) => ids.has(c.rcid)),
        shown,
        `${show}: the same changes as without the filter`,
      );
      assert.ok(shown.every(holds), show);
      // Log entries have no redirect flag of their own page to show; the rest must all be there.
      const expected = all.filter((c) => holds(c) && (show.includes('redirect') ? c.type !== 'log' : true));
      assert.ok(
        expected.every((c) => ids.has(c.rcid)),
        `${show}: every matching change`,
      );
    }
    // Changes that brought a main slot's content: every one has a revision.
    const main = changes(await api().query({ list: 'recentchanges', rcslot: 'main', rcprop: 'ids', rclimit: '500' }));
    assert.ok(main.length > 0 && main.every((c) => c.revid > 0));
    // No valid namespace filters nothing, as MediaWiki adds no condition for an empty list.
    const ids = async (params: Record<string, string>) =>
      changes(await as(admin, { rcprop: 'ids', rclimit: '500', ...params })).map((c) => c.rcid);
    assert.deepEqual(await ids({ rcnamespace: 'x' }), await ids({}));
    // The slot's condition holds together with those after it: no change bears an unknown tag.
    const tagged = await api().query({ list: 'recentchanges', rcslot: 'main', rctag: 'Be', rcuser: 'Alice' });
    assert.deepEqual(tagged.query.recentchanges, []);
    assert.ok(
      all.some((c) => c.revid === 0),
      'some changes have no revision',
    );
  });

  test('patrol flags only for callers who may patrol', async () => {
    const denied = await api().query({ list: 'recentchanges', rcprop: 'patrolled' });
    assert.equal(denied.error.code, 'permissiondenied');
    const deniedShow = await api().query({ list: 'recentchanges', rcshow: 'unpatrolled' });
    assert.equal(deniedShow.error.code, 'permissiondenied');
    const unpatrolled = await as(admin, { rcshow: 'unpatrolled', rcprop: 'ids|patrolled', rclimit: '500' });
    assert.ok(changes(unpatrolled).some((c) => c.rcid === 107));
    for (const c of changes(unpatrolled)) {
      assert.deepEqual([c.patrolled, c.unpatrolled, c.autopatrolled], [false, true, false]);
    }
    const auto = await as(admin, { rcshow: 'autopatrolled', rcprop: 'patrolled', rclimit: '3' });
    assert.deepEqual(changes(auto)[0], { type: 'log', patrolled: true, unpatrolled: false, autopatrolled: true });
  });

  test('as a generator: the changed pages, or with generaterevisions the changed revisions', async () => {
    const pages = await api().query({ generator: 'recentchanges', grctype: 'edit', grclimit: '3', grctitle: 'Berlin' });
    assert.deepEqual(
      pages.query.pages.map((p: any) => p.title),
      ['Berlin'],
    );
    const revisions = await api().query({
      generator: 'recentchanges',
      grctype: 'edit',
      grclimit: '4',
      grcgeneraterevisions: '1',
      prop: 'revisions',
      rvprop: 'ids',
    });
    const listed = await api().query({ list: 'recentchanges', rctype: 'edit', rclimit: '4', rcprop: 'ids' });
    const revids = revisions.query.pages.flatMap((p: any) => p.revisions.map((r: any) => r.revid)).sort();
    assert.deepEqual(
      revids,
      changes(listed)
        .map((c) => c.revid)
        .sort(),
    );
    assert.ok(revisions.continue.grccontinue);
  });

  test('a hidden comment (as the reference wiki has one): marker for everyone, text with deletedhistory', async () => {
    const params = { rctitle: 'Berlin', rctype: 'edit', rcprop: 'ids|comment|parsedcomment|user' };
    const hidden = changes(await api().query({ list: 'recentchanges', ...params })).find((c) => c.rcid === 44);
    assert.equal(hidden.commenthidden, true);
    assert.equal(hidden.comment, undefined);
    assert.equal(hidden.parsedcomment, undefined);
    assert.equal(hidden.user, 'Bob');
    const shown = changes(await as(admin, params)).find((c) => c.rcid === 44);
    assert.equal(shown.commenthidden, true);
    assert.equal(typeof shown.comment, 'string');
    assert.equal(typeof shown.parsedcomment, 'string');
  });

  test("a revision's hidden text hides its sha1 from callers without deletedtext", async () => {
    const { store } = api();
    const params = { rctitle: 'Köln', rctype: 'edit', rcprop: 'ids|sha1', rclimit: '1' };
    const hide = (bits: number) =>
      store.db.updateTable('revision').set({ rev_deleted: bits }).where('rev_id', '=', 373).execute();
    const [before] = changes(await api().query({ list: 'recentchanges', ...params }));
    assert.equal(before.revid, 373);
    assert.match(before.sha1, /^[0-9a-f]{40}$/);
    await hide(1);
    try {
      const [anon] = changes(await api().query({ list: 'recentchanges', ...params }));
      assert.equal(anon.sha1hidden, true);
      assert.equal(anon.sha1, undefined);
      const [sysop] = changes(await as(admin, params));
      assert.equal(sysop.sha1hidden, true);
      assert.equal(sysop.sha1, before.sha1);
    } finally {
      await hide(0);
    }
  });

  test('hidden user and log action; suppressed rows only for the suppress group', async () => {
    const { store } = api();
    const hide = (id: number, bits: number) =>
      store.db.updateTable('recentchanges').set({ rc_deleted: bits }).where('rc_id', '=', id).execute();
    const params = { rcprop: 'ids|title|user|userid|loginfo', rclimit: '3' };
    await hide(192, 1 | 4);
    try {
      const [anon] = changes(await api().query({ list: 'recentchanges', ...params }));
      assert.equal(anon.rcid, 192);
      assert.equal(anon.actionhidden, true);
      assert.equal(anon.userhidden, true);
      for (const key of ['title', 'pageid', 'user', 'userid', 'logid', 'logparams'])
        assert.equal(anon[key], undefined, key);
      const [sysop] = changes(await as(admin, params));
      assert.equal(sysop.title, 'Benutzer:Frank');
      assert.equal(sysop.user, 'Admin');
      assert.equal(sysop.logtype, 'renameuser');
      assert.deepEqual(sysop.logparams, { olduser: 'Frank', newuser: 'Frank Neu', edits: 0 });
      // Searching by user or namespace does not find what the caller may not see.
      const byUser = { rcuser: 'Admin', rclimit: '1', rcprop: 'ids' };
      assert.notEqual(changes(await api().query({ list: 'recentchanges', ...byUser }))[0].rcid, 192);
      assert.equal(changes(await as(admin, byUser))[0].rcid, 192);
      const byNamespace = { rcnamespace: '2', rclimit: '1', rcprop: 'ids' };
      assert.notEqual(changes(await api().query({ list: 'recentchanges', ...byNamespace }))[0].rcid, 192);

      await hide(192, 1 | 4 | 8);
      const [suppressed] = changes(await as(admin, params));
      assert.equal(suppressed.suppressed, true);
      assert.equal(suppressed.user, undefined);
      assert.equal(suppressed.title, undefined);
      const [seen] = changes(await as(oversight, params));
      assert.equal(seen.suppressed, true);
      assert.equal(seen.user, 'Admin');
      assert.equal(seen.title, 'Benutzer:Frank');
    } finally {
      await hide(192, 0);
    }
  });
});
