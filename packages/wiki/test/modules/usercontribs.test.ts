import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { DELETED_TEXT, DELETED_USER, exclusionMask } from '../../src/modules/support/hidden-content.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { anonymousCaller, userInGroups } from '../helpers/request-users.js';

const contribs = (answer: any): any[] => answer.query.usercontribs;

describeEachEngine('list=usercontribs', (engine) => {
  const api = useReferenceApi(engine);

  test("one user's contributions newest first, continuing by timestamp|revid; dir=newer runs forward", async () => {
    const first = await api().query({ list: 'usercontribs', ucuser: 'Bob', uclimit: '3', ucprop: 'ids' });
    const next = await api().query({
      list: 'usercontribs',
      ucuser: 'Bob',
      uclimit: '3',
      ucprop: 'ids',
      ...first.continue,
    });
    const all = await api().query({ list: 'usercontribs', ucuser: 'Bob', uclimit: '6', ucprop: 'ids' });
    assert.match(first.continue.uccontinue, /^\d{14}\|\d+$/);
    assert.deepEqual(
      [...contribs(first), ...contribs(next)].map((c) => c.revid),
      contribs(all).map((c) => c.revid),
    );
    const newer = await api().query({
      list: 'usercontribs',
      ucuser: 'Bob',
      ucdir: 'newer',
      uclimit: '2',
      ucprop: 'timestamp',
    });
    const times = contribs(newer).map((c) => c.timestamp);
    assert.deepEqual(times, [...times].sort());
  });

  test('several users are listed one after the other by actor id, continuing with actor|id|timestamp|revid', async () => {
    const seen: string[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 20; i++) {
      const answer = await api().query({
        list: 'usercontribs',
        ucuser: 'Alice|Bob',
        uclimit: '7',
        ucprop: 'ids',
        ...cont,
      });
      seen.push(...contribs(answer).map((c) => `${c.user}:${c.revid}`));
      if (!answer.continue) break;
      assert.match(answer.continue.uccontinue, /^actor\|\d+\|\d{14}\|\d+$/);
      cont = answer.continue;
    }
    const users = seen.map((s) => s.split(':')[0]);
    // Bob's actor was made after Alice's: descending actor ids list him first.
    assert.ok(users.indexOf('Alice') > users.lastIndexOf('Bob'), 'Bob before Alice (descending actor ids)');
    const byIds = await api().query({ list: 'usercontribs', ucuserids: '3|4', uclimit: '1', ucprop: 'ids' });
    assert.match(byIds.continue.uccontinue, /^actor\|\d+\|/);
    const stale = await api().query({
      list: 'usercontribs',
      ucuser: 'Alice|Bob',
      uccontinue: 'name|Bob|20261121222616|329',
    });
    assert.equal(stale.error.code, 'badcontinue');
    assert.equal(new Set(seen).size, seen.length, 'no contribution twice');
    const alone = await api().query({ list: 'usercontribs', ucuser: 'Alice', uclimit: '500', ucprop: 'ids' });
    assert.equal(seen.filter((s) => s.startsWith('Alice:')).length, contribs(alone).length);
  });

  test('a namespace list left empty by invalid values filters nothing, as MediaWiki adds no condition', async () => {
    const revids = async (params: Record<string, string>) =>
      contribs(await api().query({ list: 'usercontribs', ucuser: 'Alice', uclimit: '20', ...params })).map(
        (c: any) => c.revid,
      );
    const all = await revids({});
    assert.ok(all.length > 0);
    assert.deepEqual(await revids({ ucnamespace: 'x' }), all);
    assert.deepEqual(await revids({ ucnamespace: 'x|1000' }), all);
  });

  test('show filters flags; contradicting values are refused', async () => {
    const minor = await api().query({ list: 'usercontribs', ucuser: 'Bob', ucshow: 'minor|top', uclimit: '50' });
    assert.ok(contribs(minor).length > 0);
    assert.ok(contribs(minor).every((c) => c.minor && c.top));
    const created = await api().query({ list: 'usercontribs', ucuser: 'Alice', ucshow: 'new', uclimit: '50' });
    assert.ok(contribs(created).every((c) => c.new && c.parentid === 0));
    const conflict = await api().query({ list: 'usercontribs', ucuser: 'Bob', ucshow: 'top|!top' });
    assert.equal(conflict.error.code, 'show');
    const patrol = await api().query({ list: 'usercontribs', ucuser: 'Bob', ucprop: 'patrolled' });
    assert.equal(patrol.error.code, 'permissiondenied');
    const automatic = await api().query({ list: 'usercontribs', ucuser: 'Bob', ucshow: 'autopatrolled|!patrolled' });
    assert.equal(automatic.error.code, 'show');
    // Without an editor to list nothing is read, so neither the values nor the right are checked.
    for (const nobody of <Array<Record<string, string>>>[
      { ucuserids: '999' },
      { ucuserprefix: 'Gibtsnicht' },
      { ucuserprefix: 'Berlin#Geschichte' },
    ]) {
      const answer = await api().query({ list: 'usercontribs', ...nobody, ucshow: 'top|!top', ucprop: 'patrolled' });
      assert.deepEqual(answer.query.usercontribs, [], JSON.stringify(nobody));
    }
  });

  test('a user name prefix is matched as written, neither capitalised nor read as a title', async () => {
    const names = async (ucuserprefix: string) =>
      new Set(contribs(await api().query({ list: 'usercontribs', ucuserprefix, uclimit: '500' })).map((c) => c.user));
    assert.deepEqual(await names('Ali'), new Set(['Alice']));
    assert.deepEqual(await names('ali'), new Set());
    assert.deepEqual(await names('Benutzer:Alice'), new Set());
  });

  test('every ucshow value, ucstart and ucend keep exactly the contributions they name', async () => {
    const props = 'ids|flags|timestamp';
    const holds: Record<string, (c: any) => boolean> = {
      minor: (c) => c.minor === true,
      '!minor': (c) => !c.minor,
      new: (c) => c.new === true,
      '!new': (c) => !c.new,
      top: (c) => c.top === true,
      '!top': (c) => !c.top,
    };
    // One user (one scan) and two (a scan for each in turn).
    for (const ucuser of ['Bob', 'Alice|Bob']) {
      const every = contribs(await api().query({ list: 'usercontribs', ucuser, ucprop: props, uclimit: '500' }));
      for (const [show, test] of Object.entries(holds)) {
        const shown = contribs(
          await api().query({ list: 'usercontribs', ucuser, ucshow: show, ucprop: props, uclimit: '500' }),
        );
        assert.deepEqual(shown, every.filter(test), `${ucuser} ${show}`);
      }
    }
    const all = contribs(await api().query({ list: 'usercontribs', ucuser: 'Bob', ucprop: props, uclimit: '500' }));
    const stamps = all.map((c) => c.timestamp as string).sort();
    const [start, end] = [stamps[Math.floor(stamps.length * 0.7)], stamps[Math.floor(stamps.length * 0.3)]] as [
      string,
      string,
    ];
    const ranged = contribs(
      await api().query({
        list: 'usercontribs',
        ucuser: 'Bob',
        ucstart: start,
        ucend: end,
        ucprop: props,
        uclimit: '500',
      }),
    );
    assert.deepEqual(
      ranged,
      all.filter((c) => c.timestamp <= start && c.timestamp >= end),
    );
    assert.ok(ranged.length > 0 && ranged.length < all.length);
  });

  test('namespace, sizediff and the user id filter', async () => {
    const talk = await api().query({ list: 'usercontribs', ucuser: 'Alice', ucnamespace: '1', ucprop: 'title' });
    assert.ok(contribs(talk).length > 0);
    assert.ok(contribs(talk).every((c) => c.ns === 1));
    const byId = await api().query({ list: 'usercontribs', ucuserids: '4', uclimit: '1', ucprop: 'ids|size|sizediff' });
    assert.equal(contribs(byId)[0].user, 'Bob');
    assert.equal(typeof contribs(byId)[0].sizediff, 'number');
    const missing = await api().query({ list: 'usercontribs' });
    assert.equal(missing.error.code, 'missingparam');
  });

  test('contributions with a hidden editor are not listed for callers who may not see the editor', async () => {
    const { store } = api();
    const before = await api().query({ list: 'usercontribs', ucuser: 'Carol', uclimit: '500', ucprop: 'ids' });
    const hiddenId = contribs(before)[0].revid;
    await store.db.updateTable('revision').set({ rev_deleted: DELETED_USER }).where('rev_id', '=', hiddenId).execute();
    try {
      const after = await api().query({ list: 'usercontribs', ucuser: 'Carol', uclimit: '500', ucprop: 'ids' });
      assert.equal(contribs(after).length, contribs(before).length - 1);
      assert.ok(!contribs(after).some((c) => c.revid === hiddenId));
    } finally {
      await store.db.updateTable('revision').set({ rev_deleted: 0 }).where('rev_id', '=', hiddenId).execute();
    }
  });

  test('which callers have rows excluded: none for those with the right, suppressed ones without suppression rights', () => {
    const site = api().site;
    assert.equal(exclusionMask(anonymousCaller(site), DELETED_USER), DELETED_USER);
    assert.equal(exclusionMask(userInGroups(site, 'Admin', 1, ['sysop']), DELETED_USER), DELETED_USER | 8);
    assert.equal(exclusionMask(userInGroups(site, 'Oversight', 9, ['sysop', 'suppress']), DELETED_USER), 0);
    assert.equal(exclusionMask(userInGroups(site, 'Admin', 1, ['sysop']), DELETED_TEXT), DELETED_TEXT | 8);
  });

  test('the user parameters: one of them, named when several are given; an empty list is refused', async () => {
    const two = await api().query({ list: 'usercontribs', ucuserids: '', ucuser: 'Alice' });
    assert.equal(two.error.info, 'The parameters "ucuser" and "ucuserids" can not be used together.');
    const empty = await api().query({ list: 'usercontribs', ucuserids: '' });
    assert.equal(empty.error.code, 'paramempty_ucuserids');
    assert.equal(empty.error.info, 'The parameter "ucuserids" may not be empty.');
    const noName = await api().query({ list: 'usercontribs', ucuser: '' });
    assert.equal(noName.error.code, 'paramempty_ucuser');
    // With several editors, a continuation of another shape is refused even when none matches.
    for (const editors of <Array<Record<string, string>>>[
      { ucuserprefix: 'Niemand' },
      { ucuser: 'Niemand1|Niemand2' },
    ]) {
      const bad = await api().query({ list: 'usercontribs', uccontinue: '0|0', ...editors });
      assert.equal(bad.error?.code, 'badcontinue');
    }
    // The continue value is read before the show values are checked (MediaWiki 1.39 answers so).
    const first = await api().query({ list: 'usercontribs', ucuser: 'Alice', uccontinue: '1', ucshow: 'top|!top' });
    assert.equal(first.error?.code, 'badcontinue');
    const fine = await api().query({ list: 'usercontribs', uccontinue: 'name|Zz|0|0', ucuserprefix: 'Niemand' });
    assert.deepEqual(fine.query.usercontribs, []);
    for (const ids of ['0', '-1', '1|-5']) {
      const bad = await api().query({ list: 'usercontribs', ucuserids: ids });
      assert.equal(bad.error.code, 'invaliduserid');
      assert.equal(bad.error.info, `User ID "${ids.split('|').pop()}" is not valid.`);
    }
    // A number among the raw parameters, as MediaWiki 1.39 gives it, and not formatted in texts.
    const raw = await api().query({ list: 'usercontribs', ucuserids: '-1234', errorformat: 'raw', formatversion: '2' });
    assert.deepEqual(raw.errors[0].params, [-1234]);
    const text = await api().query({
      list: 'usercontribs',
      ucuserids: '-1234',
      errorformat: 'plaintext',
      uselang: 'de',
    });
    assert.match(text.errors[0].text, /"-1234"/);
  });
});
