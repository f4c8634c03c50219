import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

/**
 * `prop=info&intestactions` for blocked callers, as MediaWiki 1.39 answers on the reference wiki:
 * Dave is blocked sitewide until 2030 (account creation too, not his own talk page's editing),
 * Eve partially (the page Berlin and the namespace Vorlage, her talk page left open).
 */
describeEachEngine('intestactions of blocked callers', (engine) => {
  const api = useReferenceApi(engine);
  let dave: SessionClient;
  let eve: SessionClient;
  let alice: SessionClient;
  const actionsOf = async (client: SessionClient, params: Record<string, string>) => {
    const answer = (await client.get({ action: 'query', format: 'json', formatversion: '2', prop: 'info', ...params }))
      .json;
    return new Map<string, any>(answer.query.pages.map((p: any) => [p.title, p.actions]));
  };
  const codes = (reasons: any[]) => reasons.map((r) => r.code);

  before(async () => {
    dave = new SessionClient(api().app);
    eve = new SessionClient(api().app);
    alice = new SessionClient(api().app);
    for (const [client, name] of [
      [dave, 'Dave'],
      [eve, 'Eve'],
      [alice, 'Alice'],
    ] as const) {
      assert.equal((await client.logIn(name, REFERENCE_PASSWORDS[name])).json.login.result, 'Success');
    }
  });

  test('a sitewide block refuses every action but reading and purging, last of the reasons, with its details', async () => {
    const actions = await actionsOf(dave, {
      titles: 'Berlin|Benutzer Diskussion:Dave',
      intestactions: 'edit|read|purge|move|createaccount|sendemail|unblock|upload|',
      intestactionsdetail: 'full',
    });
    const berlin = actions.get('Berlin');
    assert.deepEqual(codes(berlin.edit), ['blocked']);
    assert.deepEqual(berlin.read, []);
    assert.deepEqual(berlin.purge, []);
    // Moving Berlin is protected as well: the block comes after the protection.
    assert.deepEqual(codes(berlin.move), ['protectedpage', 'blocked']);
    // The block stops account creation (Dave's says so), not e-mail (it does not).
    assert.deepEqual(codes(berlin.createaccount), ['blocked']);
    assert.deepEqual(berlin.sendemail, []);
    assert.deepEqual(codes(berlin.unblock), ['permissiondenied']);
    assert.deepEqual(codes(berlin.upload), ['blocked']);
    assert.deepEqual(codes(berlin['']), ['blocked']);
    // Dave's block does not leave his own talk page open.
    assert.deepEqual(codes(actions.get('Benutzer Diskussion:Dave').edit), ['blocked']);
    assert.equal(berlin.edit[0].text, 'You have been blocked from editing.');
    assert.deepEqual(berlin.edit[0].data.blockinfo, {
      blockid: 1,
      blockedby: 'Admin',
      blockedbyid: 1,
      blockreason: 'Verlängert bis 2030',
      blockedtimestamp: '2026-11-21T22:26:20Z',
      blockexpiry: '2030-01-01T00:00:00Z',
      blockpartial: false,
      blocknocreate: true,
      blockanononly: false,
      blockedtimestampformatted: '22:26, 21. Nov. 2026',
      blockexpiryformatted: '00:00, 1. Jan. 2030',
      blockexpiryrelative: '00:00, 1. Jan. 2030',
    });
  });

  test('a partial block refuses only its pages and namespaces; quick checks leave blocks out', async () => {
    const full = await actionsOf(eve, {
      titles: 'Berlin|Hamburg|Vorlage:Gibtsnicht|Benutzer Diskussion:Eve',
      intestactions: 'edit|upload|createaccount',
      intestactionsdetail: 'full',
      errorformat: 'raw',
    });
    assert.deepEqual(full.get('Berlin').edit, [
      {
        code: 'blocked',
        key: 'apierror-blocked-partial',
        params: [],
        data: {
          blockinfo: {
            blockid: 4,
            blockedby: 'Admin',
            blockedbyid: 1,
            blockreason: 'Teilsperre',
            blockedtimestamp: '2026-11-21T22:26:27Z',
            blockexpiry: 'infinite',
            blockpartial: true,
            blocknocreate: false,
            blockanononly: false,
            blockedtimestampformatted: '22:26, 21. Nov. 2026',
          },
        },
      },
    ]);
    assert.deepEqual(codes(full.get('Vorlage:Gibtsnicht').edit), ['blocked']);
    assert.deepEqual(full.get('Hamburg').edit, []);
    assert.deepEqual(full.get('Benutzer Diskussion:Eve').edit, []);
    // Uploading and creating accounts are beyond a partial block without such restrictions.
    assert.deepEqual(full.get('Berlin').upload, []);
    assert.deepEqual(full.get('Berlin').createaccount, []);
    const quick = await actionsOf(eve, { titles: 'Berlin', intestactions: 'edit', intestactionsdetail: 'quick' });
    assert.deepEqual(quick.get('Berlin').edit, []);
    const boolean = await actionsOf(eve, { titles: 'Berlin|Hamburg', intestactions: 'edit' });
    assert.equal(boolean.get('Berlin').edit, false);
    assert.equal(boolean.get('Hamburg').edit, true);
  });

  test('uploading is refused by rights and blocks, not by the namespace of the title', async () => {
    const actions = await actionsOf(alice, { titles: 'Berlin|Vorlage:Gibtsnicht', intestactions: 'upload' });
    assert.equal(actions.get('Berlin').upload, true);
    assert.equal(actions.get('Vorlage:Gibtsnicht').upload, true);
  });

  test("changing a page's protection needs the right to edit it, whatever keeps the caller from editing", async () => {
    const anonymous = await actionsOf(new SessionClient(api().app), {
      titles: 'Berlin|Hamburg|Gesperrter Titel',
      intestactions: 'protect',
      intestactionsdetail: 'full',
      errorformat: 'raw',
    });
    // Berlin's editing is protected, Gesperrter Titel's creation; Hamburg anyone may edit.
    assert.deepEqual(
      anonymous.get('Berlin').protect.map((r: any) => r.key),
      ['badaccess-groups', 'protect-cantedit'],
    );
    assert.deepEqual(
      anonymous.get('Gesperrter Titel').protect.map((r: any) => r.code),
      ['permissiondenied', 'cantedit'],
    );
    assert.deepEqual(
      anonymous.get('Hamburg').protect.map((r: any) => r.code),
      ['permissiondenied'],
    );
    // Dave may edit nowhere: the block is a reason, after the missing right's and before its own.
    const blocked = await actionsOf(dave, { titles: 'Hamburg', intestactions: 'protect', intestactionsdetail: 'full' });
    assert.deepEqual(codes(blocked.get('Hamburg').protect), ['permissiondenied', 'cantedit', 'blocked']);
  });

  test('raw HTML messages need the site script rights; patrolling and deleted versions need no config right; undeleting needs editing', async () => {
    const actions = await actionsOf(alice, {
      titles:
        'MediaWiki:Gadgets-definition|MediaWiki:Copyright/de|MediaWiki:Tagline|MediaWiki:Common.js|Benutzer:Bob/x.css',
      intestactions: 'edit|patrol|deletedhistory',
      intestactionsdetail: 'full',
    });
    // Alice may edit the interface, but not the site's scripts and styles.
    assert.deepEqual(codes(actions.get('MediaWiki:Gadgets-definition').edit), ['siterawhtmlprotected']);
    assert.deepEqual(codes(actions.get('MediaWiki:Copyright/de').edit), ['siterawhtmlprotected']);
    assert.deepEqual(codes(actions.get('MediaWiki:Tagline').edit), []);
    assert.deepEqual(codes(actions.get('MediaWiki:Common.js').edit), ['sitejsprotected']);
    assert.deepEqual(codes(actions.get('Benutzer:Bob/x.css').edit), ['customcssprotected']);
    for (const page of ['MediaWiki:Gadgets-definition', 'MediaWiki:Common.js', 'Benutzer:Bob/x.css']) {
      assert.deepEqual(codes(actions.get(page).patrol), [], page);
    }
    assert.deepEqual(codes(actions.get('Benutzer:Bob/x.css').deletedhistory), []);
    // Dave's block keeps him from editing anything: undeleting is refused for it too, and where no
    // page is, for the missing right to create one.
    const undelete = await actionsOf(dave, {
      titles: 'Hamburg|Gibtsnicht',
      intestactions: 'undelete',
      intestactionsdetail: 'full',
    });
    assert.deepEqual(codes(undelete.get('Hamburg').undelete), ['permissiondenied', 'undelete-cantedit', 'blocked']);
    assert.deepEqual(codes(undelete.get('Gibtsnicht').undelete), [
      'permissiondenied',
      'undelete-cantedit',
      'undelete-cantcreate',
      'blocked',
    ]);
  });

  test('at most 50 actions are tested a request: the page that would start beyond them continues the module', async () => {
    const actions = Array.from({ length: 20 }, (_, i) => `a${i}`).join('|');
    const params = { action: 'query', format: 'json', formatversion: '2', prop: 'info', intestactions: actions };
    const client = new SessionClient(api().app);
    const first = (await client.get({ ...params, titles: 'Berlin|Hamburg|Eisenbahn|Deutschland' })).json;
    // Berlin, Deutschland and Eisenbahn in title order take 60 tests; Hamburg is left for the next request.
    assert.deepEqual(first.continue, { incontinue: '0|Hamburg', continue: '||' });
    const tested = first.query.pages.filter((p: any) => p.actions).map((p: any) => p.title);
    assert.deepEqual(tested.sort(), ['Berlin', 'Deutschland', 'Eisenbahn']);
  });
});
