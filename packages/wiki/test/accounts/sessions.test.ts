import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/accounts/passwords.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import type { ReferenceWiki } from '../helpers/reference-wiki.js';
import { useReferenceWikiApi } from '../helpers/reference-wiki-api.js';
import { SessionClient } from '../helpers/session-client.js';

const JSON2 = { format: 'json', formatversion: '2' };

/** A client logged in as a reference user. */
async function loggedIn(app: FastifyInstance, name: string): Promise<SessionClient> {
  const client = new SessionClient(app);
  const login = await client.logIn(name, REFERENCE_PASSWORDS[name]);
  assert.equal(login.json.login.result, 'Success');
  return client;
}

describeEachEngine('sessions, tokens and logins on the reference wiki', (engine) => {
  const served = useReferenceWikiApi(engine);
  let wiki: ReferenceWiki;
  let app: FastifyInstance;
  before(() => {
    ({ wiki, app } = served());
  });

  test('a reference user logs in with the password MediaWiki stored, and the session knows them', async () => {
    const client = new SessionClient(app);
    const login = await client.logIn('Alice', REFERENCE_PASSWORDS.Alice);
    assert.deepEqual(login.json.login, { result: 'Success', lguserid: 3, lgusername: 'Alice' });
    assert.equal(client.cookies.get('testwikiUserID'), '3');
    assert.equal(client.cookies.get('testwikiUserName'), 'Alice');
    const info = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.deepEqual(info.json.query.userinfo, { id: 3, name: 'Alice' });
  });

  test('a login token is bound to the session that fetched it', async () => {
    const first = new SessionClient(app);
    const token = (await first.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 })).json.query.tokens
      .logintoken as string;
    assert.match(token, /^[0-9a-f]{40}\+\\$/);
    const session = first.cookies.get('testwiki_session') as string;
    assert.match(session, /^[0-9a-v]{32}$/);

    const other = new SessionClient(app);
    await other.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 });
    const stolen = await other.post({ action: 'login', lgname: 'Alice', lgpassword: 'x', lgtoken: token, ...JSON2 });
    assert.deepEqual(stolen.json.login, { result: 'WrongToken' });

    const noSession = new SessionClient(app);
    const fresh = await noSession.post({ action: 'login', lgname: 'Alice', lgpassword: 'x', lgtoken: token, ...JSON2 });
    assert.equal(fresh.json.login.result, 'NeedToken');
    assert.ok(noSession.cookies.has('testwiki_session'), 'NeedToken opens the session its token belongs to');
  });

  test('the session id is stored only as a hash', async () => {
    const client = new SessionClient(app);
    await client.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 });
    const id = client.cookies.get('testwiki_session') as string;
    const rows = await wiki.store.db.selectFrom('session').select('sess_hash').execute();
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.sess_hash !== id && !r.sess_hash.includes(id)));
  });

  test('an anonymous caller gets "+\\\\" as CSRF token, a logged-in one a token of the session', async () => {
    const client = new SessionClient(app);
    assert.equal(await client.csrfToken(), '+\\');
    await client.logIn('Bob', REFERENCE_PASSWORDS.Bob);
    const csrf = await client.csrfToken();
    assert.match(csrf, /^[0-9a-f]{40}\+\\$/);
    const all = await client.get({ action: 'query', meta: 'tokens', type: '*', ...JSON2 });
    assert.deepEqual(Object.keys(all.json.query.tokens), [
      'createaccounttoken',
      'csrftoken',
      'logintoken',
      'patroltoken',
      'rollbacktoken',
      'userrightstoken',
      'watchtoken',
    ]);
  });

  test('a forged or unknown session cookie leaves the caller anonymous', async () => {
    const client = new SessionClient(app);
    client.cookies.set('testwiki_session', 'abcdefghijklmnopqrstuv0123456789');
    client.cookies.set('testwikiUserID', '1');
    client.cookies.set('testwikiUserName', 'Admin');
    const info = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.deepEqual(info.json.query.userinfo, { id: 0, name: '127.0.0.1', anon: true });
  });

  test('a wrong password fails as MediaWiki words it, and so does an unknown account', async () => {
    for (const name of ['Alice', 'Niemand Bekanntes']) {
      const client = new SessionClient(app);
      const answer = await client.logIn(name, 'falsch');
      assert.deepEqual(answer.json.login, {
        result: 'Failed',
        reason: 'Incorrect username or password entered. Please try again.',
      });
    }
  });

  test('after five failed logins in five minutes even the right password is refused for a while', async () => {
    const client = new SessionClient(app);
    for (let i = 0; i < 5; i++) assert.equal((await client.logIn('Gustav', `falsch-${i}`)).json.login.result, 'Failed');
    const answer = await client.logIn('Gustav', REFERENCE_PASSWORDS.Gustav);
    assert.deepEqual(answer.json.login, {
      result: 'Failed',
      reason: 'You have made too many recent login attempts. Please wait 5 minutes before trying again.',
    });
    // Another account from the same address is not affected.
    assert.equal((await client.logIn('Eve', REFERENCE_PASSWORDS.Eve)).json.login.result, 'Success');
  });

  test('logout needs the CSRF token, ends the session and clears its cookies', async () => {
    const client = await loggedIn(app, 'Alice');
    const missing = await client.post({ action: 'logout', ...JSON2 });
    assert.equal(missing.json.error.code, 'missingparam');
    const wrong = await client.post({ action: 'logout', token: '0123+\\', ...JSON2 });
    assert.equal(wrong.json.error.code, 'badtoken');
    assert.equal(wrong.json.error.info, 'Invalid CSRF token.');
    const oldSession = client.cookies.get('testwiki_session') as string;
    const ok = await client.post({ action: 'logout', token: await client.csrfToken(), ...JSON2 });
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.json, {});
    assert.equal(client.cookies.has('testwiki_session'), false);
    assert.equal(client.cookies.has('testwikiUserID'), false);
    const info = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.equal(info.json.query.userinfo.anon, true);
    // The old cookie, replayed, opens nothing.
    const replay = new SessionClient(app);
    replay.cookies.set('testwiki_session', oldSession);
    assert.equal((await replay.get({ action: 'query', meta: 'userinfo', ...JSON2 })).json.query.userinfo.anon, true);
  });

  test('JSONP and origin=* requests are anonymous whatever cookies they carry', async () => {
    const client = await loggedIn(app, 'Alice');
    const jsonp = await client.get({ action: 'query', meta: 'userinfo', callback: 'cb', ...JSON2 });
    assert.match(jsonp.body, /"name":"127\.0\.0\.1","anon":true/);
    const cors = await client.get({ action: 'query', meta: 'userinfo', origin: '*', ...JSON2 });
    assert.equal(cors.json.query.userinfo.anon, true);
    const own = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.equal(own.json.query.userinfo.name, 'Alice');
    assert.match(String(own.headers['cache-control']), /private/);
  });

  test('paraminfo describes the account actions, which must be posted', async () => {
    const client = new SessionClient(app);
    const info = await client.get({ action: 'paraminfo', modules: 'login|logout|clientlogin', ...JSON2 });
    const modules = info.json.paraminfo.modules as {
      name: string;
      prefix: string;
      mustbeposted: boolean;
      parameters: { name: string }[];
    }[];
    assert.deepEqual(
      modules.map((m) => [m.name, m.prefix, m.mustbeposted]),
      [
        ['login', 'lg', true],
        ['logout', '', true],
        ['clientlogin', 'login', true],
      ],
    );
    assert.deepEqual(
      modules[0].parameters.map((p) => p.name),
      ['name', 'password', 'domain', 'token'],
    );
    assert.equal(info.json.warnings, undefined);
  });

  test('a password in the URL of a login is refused', async () => {
    const client = new SessionClient(app);
    const token = await client.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 });
    const answer = await client.send({
      method: 'POST',
      url: `/api.php?lgpassword=${encodeURIComponent(REFERENCE_PASSWORDS.Alice)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        action: 'login',
        lgname: 'Alice',
        lgtoken: token.json.query.tokens.logintoken,
        ...JSON2,
      }).toString(),
    });
    assert.equal(answer.json.error.code, 'mustpostparams');
    assert.equal(
      answer.json.error.info,
      'The following parameter was found in the query string, but must be in the POST body: lgpassword.',
    );
  });

  test('block details are formatted in the reader language', async () => {
    const dave = await loggedIn(app, 'Dave');
    const params = { action: 'query', meta: 'userinfo', uiprop: 'blockinfo|cancreateaccount', ...JSON2 };
    const german = (await dave.get(params)).json.query.userinfo;
    assert.equal(german.blockexpiryformatted, '00:00, 1. Jan. 2030');
    assert.equal(german.cancreateaccount, false, 'the block forbids creating accounts');
    const english = (await dave.get({ ...params, uselang: 'en' })).json.query.userinfo;
    assert.equal(english.blockexpiryformatted, '00:00, 1 January 2030');
    assert.equal(english.blockreason, 'Verlängert bis 2030');
  });

  test('logging in gives a new session id', async () => {
    const client = new SessionClient(app);
    await client.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 });
    const before = client.cookies.get('testwiki_session');
    await client.logIn('Alice', REFERENCE_PASSWORDS.Alice);
    assert.notEqual(client.cookies.get('testwiki_session'), before);
  });

  test('assert and assertuser follow the session', async () => {
    const client = await loggedIn(app, 'Carol');
    const ok = await client.get({ action: 'query', meta: 'userinfo', assert: 'bot', assertuser: 'Carol', ...JSON2 });
    assert.deepEqual(ok.json.query.userinfo, { id: 5, name: 'Carol' });
    const anon = await client.get({ action: 'query', meta: 'userinfo', assert: 'anon', ...JSON2 });
    assert.equal(anon.json.error.code, 'assertanonfailed');
    const other = await client.get({ action: 'query', meta: 'userinfo', assertuser: 'Alice', ...JSON2 });
    assert.equal(other.json.error.code, 'assertnameduserfailed');
    const alice = await loggedIn(app, 'Alice');
    const notBot = await alice.get({ action: 'query', meta: 'userinfo', assert: 'bot', ...JSON2 });
    assert.equal(notBot.json.error.code, 'assertbotfailed');
  });

  test('apihighlimits raises the limit of multi-valued parameters for a bot', async () => {
    const titles = Array.from({ length: 60 }, (_, i) => `Seite ${i}`).join('|');
    const anon = new SessionClient(app);
    const refused = await anon.get({ action: 'query', titles, ...JSON2 });
    assert.equal(refused.json.error.code, 'toomanyvalues');
    const bot = await loggedIn(app, 'Carol');
    const accepted = await bot.get({ action: 'query', titles, ...JSON2 });
    assert.equal(accepted.json.error, undefined);
    assert.equal(accepted.json.query.pages.length, 60);
  });

  test('a bot password logs in as User@app with the rights of its grants only', async () => {
    const password = 'abcdefghijklmnopqrstuvw012345678';
    await wiki.store.db
      .insertInto('bot_passwords')
      .values({
        bp_user: 1,
        bp_app_id: 'wartung',
        bp_password: await hashPassword(password),
        bp_restrictions: '{"IPAddresses":["127.0.0.0/8","::1/128"]}',
        bp_grants: '["basic","highvolume"]',
      })
      .execute();
    const client = new SessionClient(app);
    const login = await client.logIn('Admin@wartung', password);
    assert.deepEqual(login.json.login, { result: 'Success', lguserid: 1, lgusername: 'Admin' });
    assert.equal(login.json.warnings, undefined, 'bot-password logins are not deprecated');
    const info = await client.get({ action: 'query', meta: 'userinfo', uiprop: 'rights', ...JSON2 });
    const rights: string[] = info.json.query.userinfo.rights;
    assert.ok(rights.includes('apihighlimits') && rights.includes('read'));
    assert.ok(!rights.includes('delete') && !rights.includes('userrights'), 'rights beyond the grants are withheld');
    const again = await client.logIn('Alice', REFERENCE_PASSWORDS.Alice);
    assert.deepEqual(again.json.login, {
      result: 'Aborted',
      reason: 'Cannot log in when using MediaWiki\\Session\\BotPasswordSessionProvider sessions.',
    });

    const wrong = await new SessionClient(app).logIn('Admin@wartung', 'zyxwvutsrqponmlkjihgfedcba987654');
    assert.deepEqual(wrong.json.login, {
      result: 'Failed',
      reason: 'Incorrect username or password entered. Please try again.',
    });
    const unknown = await new SessionClient(app).logIn('Admin@gibtsnicht', password);
    assert.equal(unknown.json.login.reason, 'The user "Admin" does not have a bot password named "gibtsnicht".');
  });

  test('clientlogin logs in with username and password and reports failures in the user language', async () => {
    const client = new SessionClient(app);
    const token = (await client.get({ action: 'query', meta: 'tokens', type: 'login', ...JSON2 })).json.query.tokens
      .logintoken;
    const clientLogin = (password: string, extra: Record<string, string>) =>
      client.post({ action: 'clientlogin', username: 'Alice', password, ...extra, ...JSON2 });
    const returnUrl = { loginreturnurl: 'http://127.0.0.1/' };
    const failed = await clientLogin('falsch', { ...returnUrl, logintoken: token });
    assert.deepEqual(failed.json.clientlogin, {
      status: 'FAIL',
      message: 'Benutzername oder Passwort sind falsch. Bitte erneut versuchen.',
      messagecode: 'wrongpassword',
    });
    const noUrl = await clientLogin('x', { logintoken: token });
    assert.equal(noUrl.json.error.code, 'missingparam');
    const badToken = await clientLogin(REFERENCE_PASSWORDS.Alice, { ...returnUrl, logintoken: '+\\' });
    assert.equal(badToken.json.error.code, 'badtoken');
    const passed = await clientLogin(REFERENCE_PASSWORDS.Alice, { ...returnUrl, logintoken: token });
    assert.deepEqual(passed.json.clientlogin, { status: 'PASS', username: 'Alice' });
    const info = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.deepEqual(info.json.query.userinfo, { id: 3, name: 'Alice' });
  });

  test('group memberships end at their expiry', async () => {
    const bobSysopUntil = (expiry: string) =>
      wiki.store.db
        .updateTable('user_groups')
        .set({ ug_expiry: expiry })
        .where('ug_user', '=', 4)
        .where('ug_group', '=', 'sysop')
        .execute();
    await bobSysopUntil('20200101000000');
    try {
      const client = await loggedIn(app, 'Bob');
      const params = { action: 'query', meta: 'userinfo', uiprop: 'groups|groupmemberships|rights', ...JSON2 };
      const info = (await client.get(params)).json.query.userinfo;
      assert.deepEqual(info.groups, ['*', 'user', 'autoconfirmed']);
      assert.deepEqual(info.groupmemberships, []);
      assert.ok(!info.rights.includes('delete'));
    } finally {
      await bobSysopUntil('20300101000000');
    }
  });

  test('userinfo of a bureaucrat: explicit groups first, all groups changeable, no rate limits', async () => {
    const client = new SessionClient(app, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    await client.logIn('Alice', REFERENCE_PASSWORDS.Alice);
    const info = await client.get({
      action: 'query',
      meta: 'userinfo',
      uiprop: 'groups|implicitgroups|changeablegroups|ratelimits|acceptlang|registrationdate|latestcontrib|centralids',
      ...JSON2,
    });
    const u = info.json.query.userinfo;
    assert.deepEqual(u.groups, ['bureaucrat', 'sysop', '*', 'user', 'autoconfirmed']);
    assert.deepEqual(u.implicitgroups, ['*', 'user', 'autoconfirmed']);
    assert.deepEqual(u.changeablegroups.add, ['bot', 'sysop', 'interface-admin', 'bureaucrat', 'suppress']);
    assert.deepEqual(u.ratelimits, {});
    assert.deepEqual(u.acceptlang, [
      { q: 1, code: 'de-de' },
      { q: 0.9, code: 'de' },
      { q: 0.5, code: 'en' },
    ]);
    assert.equal(u.registrationdate, '2026-11-21T22:25:05Z');
    assert.match(u.latestcontrib, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(u.centralids, { local: 3 });
    assert.deepEqual(u.attachedlocal, { local: true });
  });

  test('bad input in login fields is answered, never with a server error', async () => {
    const long = 'x'.repeat(10_000);
    const values = [long, "' OR 1=1; DROP TABLE user; --", '<script>alert(1)</script>[[Spezial:X]]{{X}}', '', '\u0000'];
    for (const value of values) {
      const client = new SessionClient(app);
      const named = await client.logIn(value, value);
      assert.equal(named.status, 200);
      assert.equal(named.json.login.result, 'Failed');
      const token = await client.post({
        action: 'login',
        lgname: 'Alice',
        lgpassword: value,
        lgtoken: value,
        ...JSON2,
      });
      assert.equal(token.status, 200);
      assert.ok(['WrongToken', 'NeedToken'].includes(token.json.login.result));
      const logout = await client.post({ action: 'logout', token: value, ...JSON2 });
      assert.equal(logout.status, 200);
      assert.ok(['badtoken', 'missingparam'].includes(logout.json.error.code));
    }
    const users = await wiki.store.db.selectFrom('user').select('user_id').execute();
    assert.equal(users.length, 9);
  });

  test('authmanagerinfo tells whether a security-sensitive operation needs a new login', async () => {
    const status = async (client: SessionClient) => {
      const params = { action: 'query', meta: 'authmanagerinfo', amisecuritysensitiveoperation: 'x', ...JSON2 };
      return (await client.get(params)).json.query.authmanagerinfo.securitysensitiveoperationstatus;
    };
    assert.equal(await status(new SessionClient(app)), 'reauth');
    assert.equal(await status(await loggedIn(app, 'Alice')), 'ok');
  });

  test('authmanagerinfo describes the forms of creating an account, changing and removing a password', async () => {
    const info = async (client: SessionClient, params: Record<string, string>) =>
      (await client.get({ action: 'query', meta: 'authmanagerinfo', uselang: 'en', ...params, ...JSON2 })).json.query
        .authmanagerinfo;
    const anonymous = new SessionClient(app);
    const alice = await loggedIn(app, 'Alice');
    const ids = (requests: { id: string }[]) => requests.map((r) => r.id.replace(/^.*\\/, ''));
    const created = await info(anonymous, { amirequestsfor: 'create' });
    assert.deepEqual(ids(created.requests), [
      'PasswordAuthenticationRequest',
      'UsernameAuthenticationRequest',
      'UserDataAuthenticationRequest',
    ]);
    assert.deepEqual(Object.keys(created.requests[0].fields), ['username', 'password', 'retype']);
    assert.equal(created.requests[0].fields.retype.label, 'Retype password:');
    // Logged in, an account is made for someone else: a mailed temporary password and a reason.
    const forOther = await info(alice, { amirequestsfor: 'create', amimergerequestfields: '1' });
    assert.ok(ids(forOther.requests).includes('TemporaryPasswordAuthenticationRequest'));
    assert.equal(ids(forOther.requests).at(-1), 'CreationReasonAuthenticationRequest');
    // Two primary requests: only one is used, so their fields are optional unless another needs them.
    assert.equal(forOther.fields.password.optional, true);
    assert.equal(forOther.fields.username.optional, false);
    assert.equal(forOther.fields.reason.optional, true);
    // XML names each request `_v`, as MediaWiki gives the list no element name.
    const xml = await anonymous.get({
      action: 'query',
      meta: 'authmanagerinfo',
      amirequestsfor: 'login',
      format: 'xml',
    });
    assert.match(xml.body, /<requests><_v id="MediaWiki\\Auth\\PasswordAuthenticationRequest"/);
    // Raw parameters are lists without a tag name too; an account not known yet is null.
    const rawXml = await anonymous.get({
      action: 'query',
      meta: 'authmanagerinfo',
      amirequestsfor: 'create',
      amimessageformat: 'raw',
      format: 'xml',
    });
    assert.match(rawXml.body, /<account key="\$1"><params><_v \/><\/params><\/account>/);
    const change = await info(alice, { amirequestsfor: 'change' });
    assert.equal(change.requests[0].account, 'Alice');
    assert.deepEqual(
      Object.entries(change.requests[0].fields).map(([name, f]: [string, any]) => [name, f.label]),
      [
        ['password', 'New password:'],
        ['retype', 'Retype new password:'],
      ],
    );
    const removed = await info(anonymous, { amirequestsfor: 'remove' });
    assert.deepEqual(ids(removed.requests), ['TemporaryPasswordAuthenticationRequest']);
    assert.equal(removed.requests[0].account, '');
    const bare = await info(anonymous, { amirequestsfor: 'login', amimessageformat: 'none' });
    assert.ok(bare.requests.every((r: object) => !('provider' in r) && !('account' in r)));
    const raw = await info(alice, { amirequestsfor: 'login', amimessageformat: 'raw' });
    assert.deepEqual(raw.requests[0].account, { key: '$1', params: ['Alice'] });
    // The days a remembered login lasts go with the label, as MediaWiki gives them; the help has none.
    assert.deepEqual(raw.requests[1].fields.rememberMe.label.params, [{ num: 180 }]);
    assert.deepEqual(raw.requests[1].fields.rememberMe.help.params, []);
    // No request to continue linking: the merged fields are an empty object, in formatversion 1 too.
    const linkContinue = await anonymous.get({
      action: 'query',
      meta: 'authmanagerinfo',
      amirequestsfor: 'link-continue',
      amimergerequestfields: '1',
      format: 'json',
    });
    assert.deepEqual(linkContinue.json.query.authmanagerinfo.fields, {});
  });
});

describe('a private wiki', () => {
  const served = useReferenceWikiApi(undefined, (site) => ({
    ...site,
    groupPermissions: { ...site.groupPermissions, '*': { read: false } },
  }));
  let app: FastifyInstance;
  before(() => {
    ({ app } = served());
  });

  test('refuses reading to anonymous callers but lets them fetch a login token and log in', async () => {
    const client = new SessionClient(app);
    const requests: Record<string, string>[] = [
      { action: 'query', meta: 'userinfo' },
      { action: 'query', titles: 'Berlin' },
      { action: 'query', meta: 'tokens|userinfo' },
    ];
    for (const params of requests) {
      const refused = await client.get({ ...params, ...JSON2 });
      assert.equal(refused.json.error.code, 'readapidenied', JSON.stringify(params));
      assert.equal(refused.json.error.info, 'You need read permission to use this module.');
    }
    const login = await client.logIn('Alice', REFERENCE_PASSWORDS.Alice);
    assert.equal(login.json.login.result, 'Success');
    const info = await client.get({ action: 'query', meta: 'userinfo', ...JSON2 });
    assert.deepEqual(info.json.query.userinfo, { id: 3, name: 'Alice' });
  });
});
