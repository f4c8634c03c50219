import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

const FRANK = 8;

describeEachEngine('list=users, list=allusers and list=blocks', (engine) => {
  const api = useReferenceApi(engine);
  /** Admin (in `suppress`, so with `hideuser`) and Bob (a sysop without it). */
  let admin: SessionClient;
  let bob: SessionClient;
  const as = async (client: SessionClient, params: Record<string, string>) =>
    (await client.get({ action: 'query', format: 'json', formatversion: '2', ...params })).json;

  before(async () => {
    // A block that hides Frank Neu's name: only callers with `hideuser` may learn of the account.
    await api()
      .store.db.insertInto('ipblocks')
      .values({
        ipb_id: 50,
        ipb_address: 'Frank Neu',
        ipb_user: FRANK,
        ipb_by_actor: 1,
        ipb_reason: 'Verborgen',
        ipb_timestamp: '20261121223000',
        ipb_expiry: 'infinity',
        ipb_range_start: '',
        ipb_range_end: '',
        ipb_deleted: 1,
        ipb_create_account: 1,
        ipb_enable_autoblock: 0,
        ipb_sitewide: 1,
      })
      .execute();
    // An autoblock of the address Dave last used, made by his block (id 1).
    await api()
      .store.db.insertInto('ipblocks')
      .values({
        ipb_id: 51,
        ipb_address: '203.0.113.7',
        ipb_user: 0,
        ipb_by_actor: 1,
        ipb_reason: 'Autoblock',
        ipb_timestamp: '20261121223100',
        ipb_auto: 1,
        ipb_expiry: '20301231000000',
        ipb_range_start: 'CB007107',
        ipb_range_end: 'CB007107',
        ipb_parent_block_id: 1,
        ipb_sitewide: 1,
      })
      .execute();
    // Carol and Gustav confirmed their addresses; Gustav refuses mail from other users.
    await api()
      .store.db.updateTable('user')
      .set({ user_email: 'x@example.org', user_email_authenticated: '20261121000000' })
      .where('user_id', 'in', [5, 9])
      .execute();
    await api()
      .store.db.insertInto('user_properties')
      .values({ up_user: 9, up_property: 'disablemail', up_value: '1' })
      .execute();
    admin = new SessionClient(api().app);
    bob = new SessionClient(api().app);
    assert.equal((await admin.logIn('Admin', REFERENCE_PASSWORDS.Admin)).json.login.result, 'Success');
    assert.equal((await bob.logIn('Bob', REFERENCE_PASSWORDS.Bob)).json.login.result, 'Success');
  });

  test('siteinfo usergroups: no group adds or removes groups but through rights, as MediaWiki ships it', async () => {
    const groups = (await api().query({ meta: 'siteinfo', siprop: 'usergroups' })).query.usergroups;
    const bureaucrat = groups.find((g: any) => g.name === 'bureaucrat');
    assert.ok(bureaucrat.rights.includes('userrights'));
    assert.deepEqual(
      groups.filter((g: any) => g.add || g.remove),
      [],
    );
  });

  test('list=users: invalid names first, then each name asked for, missing ones with cancreate', async () => {
    const answer = await api().query({
      list: 'users',
      ususers: 'bob|Niemand|1.2.3.4|A:b|Alice|Bob',
      usprop: 'cancreate|gender',
    });
    // `bob` and `Bob` are two ways of writing one name: the account is given for each, as
    // MediaWiki does; `A:b` is a name no account can be created under.
    const bob = { userid: 4, name: 'Bob', gender: 'male' };
    assert.deepEqual(answer.query.users, [
      { name: '1.2.3.4', invalid: true },
      bob,
      { name: 'Niemand', missing: true, cancreate: true },
      {
        name: 'A:b',
        missing: true,
        cancreate: false,
        cancreateerror: [{ message: 'noname', params: [], code: 'invaliduser', type: 'error' }],
      },
      { userid: 3, name: 'Alice', gender: 'female' },
      bob,
    ]);
    const byId = await api().query({ list: 'users', ususerids: '4|77', usprop: 'editcount' });
    assert.deepEqual(byId.query.users, [
      { userid: 4, name: 'Bob', editcount: 41 },
      { userid: 77, missing: true },
    ]);
    const pages = await api().query({
      list: 'users',
      ususers: 'Benutzer:Bob|User:Alice|Hilfe:Bob|Benutzer:Bob/x|Bob@x|Conversion script|Benutzer:127.0.0.1',
      usprop: 'cancreate',
      errorformat: 'plaintext',
    });
    const invalidText = 'Der angegebene Benutzername ist ungültig.';
    assert.deepEqual(
      pages.query.users.map((u: any) => [u.name, u.invalid ?? u.userid ?? u.cancreateerror?.[0]?.code]),
      [
        ['Hilfe:Bob', true],
        ['Benutzer:Bob/x', true],
        ['Benutzer:127.0.0.1', true],
        ['Bob', 4],
        ['Alice', 3],
        ['Bob@x', 'invaliduser'],
        ['Conversion script', 'invaliduser'],
      ],
    );
    assert.ok(
      [invalidText, 'Du musst einen gültigen Benutzernamen angeben.'].includes(
        pages.query.users[5].cancreateerror[0].text,
      ),
    );
    const both = await api().query({ list: 'users', ususers: 'Bob', ususerids: '4' });
    assert.equal(both.error.code, 'invalidparammix');
  });

  test('list=users: emailable needs a confirmed address and mail not refused', async () => {
    const users = (await api().query({ list: 'users', ususers: 'Alice|Carol|Gustav', usprop: 'emailable' })).query
      .users;
    assert.deepEqual(
      users.map((u: any) => [u.name, u.emailable]),
      [
        ['Alice', false],
        ['Carol', true],
        ['Gustav', false],
      ],
    );
  });

  test('list=users: a hidden user reads as missing without hideuser, and is marked hidden with it', async () => {
    const anon = await api().query({ list: 'users', ususers: 'Frank Neu', usprop: 'blockinfo' });
    assert.deepEqual(anon.query.users, [{ name: 'Frank Neu', missing: true }]);
    assert.deepEqual((await as(bob, { list: 'users', ususers: 'Frank Neu' })).query.users, [
      { name: 'Frank Neu', missing: true },
    ]);
    const [frank] = (await as(admin, { list: 'users', ususers: 'Frank Neu', usprop: 'blockinfo' })).query.users;
    assert.equal(frank.userid, FRANK);
    assert.equal(frank.hidden, true);
    assert.equal(frank.blockid, 50);
    assert.equal(frank.blockreason, 'Verborgen');
  });

  test('list=allusers: continuation, both directions, prefix and from/to ranges', async () => {
    const all = (await api().query({ list: 'allusers', aulimit: '500' })).query.allusers.map((u: any) => u.name);
    const paged: string[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 10; i++) {
      const answer = await api().query({ list: 'allusers', aulimit: '3', ...cont });
      paged.push(...answer.query.allusers.map((u: any) => u.name));
      if (!answer.continue) break;
      cont = answer.continue;
    }
    assert.deepEqual(paged, all);
    const down = (await api().query({ list: 'allusers', aulimit: '500', audir: 'descending' })).query.allusers;
    assert.deepEqual(
      down.map((u: any) => u.name),
      [...all].reverse(),
    );
    const prefix = (await api().query({ list: 'allusers', auprefix: 'a' })).query.allusers.map((u: any) => u.name);
    assert.deepEqual(prefix, ['Admin', 'Alice']);
    const range = (await api().query({ list: 'allusers', aufrom: 'Bob', auto: 'Dave' })).query.allusers;
    assert.deepEqual(
      range.map((u: any) => u.name),
      ['Bob', 'Carol', 'Dave'],
    );
  });

  test('list=allusers: groups, excluded groups and rights filter; group and excludegroup conflict', async () => {
    const names = async (params: Record<string, string>) =>
      (await api().query({ list: 'allusers', aulimit: '500', ...params })).query.allusers.map((u: any) => u.name);
    const sysops = await names({ augroup: 'sysop' });
    assert.deepEqual(sysops, ['Admin', 'Alice', 'Bob']);
    const others = await names({ auexcludegroup: 'sysop' });
    assert.ok(others.length > 0 && others.every((n: string) => !sysops.includes(n)));
    assert.deepEqual(await names({ aurights: 'bot' }), ['Carol']);
    // `autoconfirmed` is also a right of the implicit group `autoconfirmed`, which has no listed members.
    assert.deepEqual(await names({ aurights: 'autoconfirmed' }), ['Admin', 'Alice', 'Bob', 'Carol']);
    const conflict = await api().query({ list: 'allusers', augroup: 'sysop', auexcludegroup: 'bot' });
    assert.equal(conflict.error.code, 'invalidparammix');
    // Rights stand for the groups granting them: they conflict with excludegroup as augroup does.
    const byRights = await api().query({ list: 'allusers', aurights: 'protect', auexcludegroup: 'bot' });
    assert.equal(byRights.error.info, 'The parameters "augroup" and "auexcludegroup" can not be used together.');
    // Rights no group grants (autocreateaccount, here) match no account: an empty list before any
    // other check, whatever augroup and auexcludegroup say.
    assert.deepEqual(await names({ aurights: 'autocreateaccount', augroup: 'bot' }), []);
    assert.deepEqual(await names({ aurights: 'autocreateaccount', auexcludegroup: 'sysop' }), []);
    // A group list left empty (only unknown groups) filters nothing.
    assert.deepEqual(await names({ augroup: '*' }), await names({}));
  });

  test('list=allusers: each membership in the groups asked for counts against the limit, as MediaWiki joins them', async () => {
    const page = async (params: Record<string, string>) => {
      const answer = await api().query({
        list: 'allusers',
        augroup: 'bureaucrat|interface-admin|bot|sysop',
        ...params,
      });
      return [answer.query.allusers.map((u: any) => u.name), answer.continue?.aufrom];
    };
    // Admin is in three of the groups and Alice in two: five rows, so a limit of five stops before Bob.
    assert.deepEqual(await page({ aulimit: '5' }), [['Admin', 'Alice'], 'Bob']);
    assert.deepEqual(await page({ aulimit: '3' }), [['Admin'], 'Alice']);
    assert.deepEqual(await page({ aulimit: '1' }), [['Admin'], 'Alice']);
    assert.deepEqual(await page({ aulimit: '5', aufrom: 'Bob' }), [['Bob', 'Carol'], undefined]);
  });

  test('list=allusers: a hidden user is left out without hideuser, marked hidden with it', async () => {
    const anon = (await api().query({ list: 'allusers', aulimit: '500' })).query.allusers;
    assert.ok(!anon.some((u: any) => u.name === 'Frank Neu'));
    const seen = (await as(admin, { list: 'allusers', aulimit: '500', auprop: 'blockinfo' })).query.allusers;
    const frank = seen.find((u: any) => u.name === 'Frank Neu');
    assert.equal(frank.hidden, true);
    assert.equal(frank.blockreason, 'Verborgen');
  });

  test('list=blocks: continuation by timestamp|id, ids, and a hidden block only for hideuser', async () => {
    const all = (await api().query({ list: 'blocks', bklimit: '500', bkprop: 'id' })).query.blocks.map(
      (b: any) => b.id,
    );
    assert.ok(!all.includes(50), 'the hiding block is not listed to anonymous callers');
    const first = await api().query({ list: 'blocks', bklimit: '2', bkprop: 'id' });
    assert.match(first.continue.bkcontinue, /^\d{14}\|\d+$/);
    const rest = await api().query({ list: 'blocks', bklimit: '500', bkprop: 'id', ...first.continue });
    assert.deepEqual(
      [...first.query.blocks, ...rest.query.blocks].map((b: any) => b.id),
      all,
    );
    const byIds = await api().query({ list: 'blocks', bkids: '1|3', bkprop: 'id|user' });
    assert.deepEqual(byIds.query.blocks, [
      { id: 3, user: '198.51.100.0/24' },
      { id: 1, user: 'Dave' },
    ]);
    const withRight = (await as(admin, { list: 'blocks', bkids: '50', bkprop: 'id|user|flags' })).query.blocks;
    assert.equal(withRight.length, 1);
    assert.equal(withRight[0].hidden, true);
    assert.deepEqual((await as(bob, { list: 'blocks', bkids: '50' })).query.blocks, []);
  });

  test('list=blocks: bkip finds the ranges holding an address; bad addresses and too broad ranges are refused', async () => {
    const ids = async (params: Record<string, string>) =>
      (await api().query({ list: 'blocks', bkprop: 'id', ...params })).query.blocks.map((b: any) => b.id);
    assert.deepEqual(await ids({ bkip: '198.51.100.200' }), [3]);
    assert.deepEqual(await ids({ bkip: '198.51.100.0/25' }), [3]);
    assert.deepEqual(await ids({ bkip: '192.0.2.5' }), [2]);
    assert.deepEqual(await ids({ bkip: '198.51.0.0/16' }), []);
    const broad = await api().query({ list: 'blocks', bkip: '198.0.0.0/8' });
    assert.equal(broad.error.code, 'cidrtoobroad');
    assert.equal(broad.error.info, 'IPv4 CIDR ranges broader than /16 are not accepted.');
    const broad6 = await api().query({ list: 'blocks', bkip: '2001:db8::/16' });
    assert.equal(broad6.error.code, 'cidrtoobroad');
    const bad = await api().query({ list: 'blocks', bkip: 'Dave' });
    assert.equal(bad.error.code, 'param_ip');
    // The continue value is read before the address, as MediaWiki reads them.
    const badBoth = await api().query({ list: 'blocks', bkip: 'Dave', bkcontinue: 'garbage' });
    assert.equal(badBoth.error.code, 'badcontinue');
    const mixed = await api().query({ list: 'blocks', bkip: '192.0.2.5', bkusers: 'Dave' });
    assert.equal(mixed.error.code, 'invalidparammix');
  });

  test('list=blocks: bkusers (ranges written with host bits too) and bkshow, whose contradictions are refused', async () => {
    const ids = async (params: Record<string, string>) =>
      (await api().query({ list: 'blocks', bkprop: 'id', ...params })).query.blocks.map((b: any) => b.id);
    assert.deepEqual(await ids({ bkusers: '198.51.100.9/24|Eve' }), [4, 3]);
    // A user's page stands for the user, in any name of the user namespace.
    assert.deepEqual(await ids({ bkusers: '198.51.100.9/24|Benutzer:Eve' }), [4, 3]);
    assert.deepEqual(await ids({ bkusers: 'Benutzerin:Eve' }), await ids({ bkusers: 'User:Eve' }));
    assert.deepEqual(await ids({ bkshow: 'account' }), [4, 1]);
    assert.deepEqual(await ids({ bkshow: 'range' }), [3]);
    // Autoblocks are blocks of single addresses too.
    assert.deepEqual(await ids({ bkshow: 'ip' }), [51, 2]);
    assert.deepEqual(await ids({ bkshow: '!account|!range' }), [51, 2]);
    // `temp`: blocks that expire; `!temp`: blocks for ever.
    assert.deepEqual(await ids({ bkshow: 'temp' }), [51, 3, 1]);
    assert.deepEqual(await ids({ bkshow: '!temp' }), [4, 2]);
    assert.deepEqual(await ids({ bkshow: '!temp|!account|!ip' }), []);
    assert.deepEqual(await ids({ bkshow: 'temp|!account|!ip' }), [3]);
    // An empty list of ids or names narrows nothing.
    assert.deepEqual(await ids({ bkids: '' }), await ids({}));
    assert.deepEqual(await ids({ bkusers: '', bkshow: '!ip' }), [4, 3, 1]);
    for (const show of ['account|!account', 'ip|!ip', 'range|!range', 'temp|!temp']) {
      const answer = await api().query({ list: 'blocks', bkshow: show });
      assert.equal(answer.error.code, 'show', show);
    }
  });

  test('list=blocks: a block with no property to show is an empty object in formatversion 1 too', async () => {
    const answer = (await api().query({ list: 'blocks', bkprop: 'flags', bkids: '2|3', formatversion: '1' })).query
      .blocks;
    assert.deepEqual(answer, [{}, { anononly: '' }]);
  });

  test('list=blocks: an autoblock does not show the address it blocks, and is not found by it', async () => {
    const [auto] = (await api().query({ list: 'blocks', bkids: '51', bkprop: 'id|user|userid|range|flags' })).query
      .blocks;
    assert.equal(auto.id, 51);
    assert.equal(auto.automatic, true);
    for (const hidden of ['user', 'userid', 'rangestart', 'rangeend']) assert.equal(auto[hidden], undefined, hidden);
    const ids = async (params: Record<string, string>) =>
      (await api().query({ list: 'blocks', bkprop: 'id', ...params })).query.blocks.map((b: any) => b.id);
    assert.deepEqual(await ids({ bkusers: '203.0.113.7' }), []);
    assert.deepEqual(await ids({ bkip: '203.0.113.7' }), []);
  });

  test('list=blocks: partial blocks list their restrictions, sitewide blocks an empty list', async () => {
    const blocks = (await api().query({ list: 'blocks', bkprop: 'id|restrictions', bkids: '1|4' })).query.blocks;
    assert.deepEqual(blocks, [
      { id: 4, restrictions: { pages: [{ id: 236, ns: 0, title: 'Berlin' }], namespaces: [10] } },
      { id: 1, restrictions: [] },
    ]);
    const xml = await api().app.inject({
      method: 'GET',
      url: '/api.php?action=query&list=blocks&bkprop=id|restrictions&bkids=4&format=xml',
    });
    assert.match(
      xml.body,
      /<pages><page id="236" ns="0" title="Berlin" \/><\/pages><namespaces><ns>10<\/ns><\/namespaces>/,
    );
  });
});
