/**
 * The deleted-revision modules (prop=deletedrevisions, list=alldeletedrevisions, list=deletedrevs)
 * over the reference wiki's archive: their modes, orders, continuation and parameter errors, and
 * for every hidden field who sees it. Callers: anonymous, Dave (no extra rights), Alice (sysop:
 * deletedhistory, deletedtext) and Admin (sysop and suppress: also suppressrevision, viewsuppressed).
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import {
  DELETED_COMMENT,
  DELETED_RESTRICTED,
  DELETED_TEXT,
  DELETED_USER,
} from '../../src/modules/support/hidden-content.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

/** Bob's deleted article and Admin's deleted file page, the reference wiki's archive. */
const ARTICLE_REV = 306;
const FILE_REV = 358;

type Caller = 'anon' | 'Dave' | 'Alice' | 'Admin';

describeEachEngine('deleted revisions', (engine) => {
  const api = useReferenceApi(engine);
  const clients = new Map<Caller, SessionClient>();

  before(async () => {
    clients.set('anon', new SessionClient(api().app));
    for (const name of ['Dave', 'Alice', 'Admin'] as const) {
      const client = new SessionClient(api().app);
      const login = await client.logIn(name, REFERENCE_PASSWORDS[name] as string);
      assert.equal(login.json.login.result, 'Success', name);
      clients.set(name, client);
    }
  });

  async function query(caller: Caller, params: Record<string, string>): Promise<any> {
    const client = clients.get(caller) as SessionClient;
    const answer = await client.get({ action: 'query', format: 'json', formatversion: '2', ...params });
    return answer.json;
  }

  async function setDeleted(bits: number): Promise<void> {
    await api()
      .store.db.updateTable('archive')
      .set({ ar_deleted: bits })
      .where('ar_rev_id', '=', ARTICLE_REV)
      .execute();
  }

  test("filearchive's parsed description comes with the description after it; the continue value is read before the titles", async () => {
    const parsed = await query('Admin', { list: 'filearchive', faprop: 'parseddescription' });
    assert.deepEqual(parsed.query.filearchive, [
      {
        id: 1,
        name: 'Alt.png',
        ns: 6,
        title: 'Datei:Alt.png',
        parseddescription: 'Altes Bild',
        description: 'Altes Bild',
      },
    ]);
    const continued = await query('Admin', { list: 'filearchive', faprefix: '~~~', facontinue: '0|0' });
    assert.equal(continued.error.code, 'badcontinue');
  });

  test('alldeletedrevisions: by title, newest title first, continuing by ns|title|timestamp|ar_id', async () => {
    const all = await query('Alice', { list: 'alldeletedrevisions', adrprop: 'ids|user' });
    assert.deepEqual(
      all.query.alldeletedrevisions.map((p: any) => [p.title, p.pageid, p.revisions.map((r: any) => r.revid)]),
      [
        ['Datei:Alt.png', 0, [FILE_REV]],
        ['Veralteter Artikel', 0, [ARTICLE_REV]],
      ],
    );
    const first = await query('Alice', { list: 'alldeletedrevisions', adrprop: 'ids', adrlimit: '1' });
    assert.equal(first.continue.adrcontinue, '0|Veralteter_Artikel|20261121222615|1');
    const second = await query('Alice', {
      list: 'alldeletedrevisions',
      adrprop: 'ids',
      adrlimit: '1',
      ...first.continue,
    });
    assert.deepEqual(second.query.alldeletedrevisions[0].revisions[0].revid, ARTICLE_REV);
    const newer = await query('Alice', { list: 'alldeletedrevisions', adrprop: 'ids', adrdir: 'newer' });
    assert.deepEqual(
      newer.query.alldeletedrevisions.map((p: any) => p.title),
      ['Veralteter Artikel', 'Datei:Alt.png'],
    );
    const files = await query('Alice', { list: 'alldeletedrevisions', adrprop: 'ids', adrnamespace: '6' });
    assert.deepEqual(
      files.query.alldeletedrevisions.map((p: any) => p.title),
      ['Datei:Alt.png'],
    );
    const prefixed = await query('Alice', { list: 'alldeletedrevisions', adrprop: 'ids', adrprefix: 'Veralt' });
    assert.deepEqual(
      prefixed.query.alldeletedrevisions.map((p: any) => p.title),
      ['Veralteter Artikel'],
    );
  });

  test('alldeletedrevisions: by editor, with start/end; the mode parameters are checked', async () => {
    const bob = await query('Alice', { list: 'alldeletedrevisions', adruser: 'Bob', adrprop: 'ids|timestamp' });
    assert.deepEqual(
      bob.query.alldeletedrevisions.map((p: any) => p.revisions[0].revid),
      [ARTICLE_REV],
    );
    const limited = await query('Alice', {
      list: 'alldeletedrevisions',
      adruser: 'Admin',
      adrprop: 'ids',
      adrlimit: '1',
    });
    assert.equal(limited.query.alldeletedrevisions[0].revisions[0].revid, FILE_REV);
    const before = await query('Alice', {
      list: 'alldeletedrevisions',
      adruser: 'Bob',
      adrstart: '2020-01-01T00:00:00Z',
    });
    assert.deepEqual(before.query.alldeletedrevisions, []);
    const mixed = await query('Alice', { list: 'alldeletedrevisions', adruser: 'Bob', adrexcludeuser: 'Bob' });
    assert.equal(mixed.error.code, 'invalidparammix');
    const startAlone = await query('Alice', { list: 'alldeletedrevisions', adrstart: '2020-01-01T00:00:00Z' });
    assert.equal(startAlone.error.code, 'invalidparammix');
    assert.equal(startAlone.error.info, 'The "adrstart" parameter may only be used with "adruser".');
    const bad = await query('Alice', { list: 'alldeletedrevisions', adrcontinue: 'x|y' });
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('anyone may list deleted revisions; comments need deletedhistory, content deletedtext', async () => {
    const anon = await query('anon', { list: 'alldeletedrevisions', adrprop: 'ids|user|timestamp' });
    assert.equal(anon.query.alldeletedrevisions.length, 2);
    for (const [module, prop] of [
      ['list', 'alldeletedrevisions'],
      ['prop', 'deletedrevisions'],
    ] as const) {
      const prefix = prop === 'deletedrevisions' ? 'drv' : 'adr';
      const base = { [module]: prop, ...(module === 'prop' ? { titles: 'Veralteter Artikel' } : {}) };
      const comment = await query('Dave', { ...base, [`${prefix}prop`]: 'ids|comment' });
      assert.equal(comment.error.code, 'permissiondenied');
      assert.equal(comment.error.info, "You don't have permission to view deleted comments.");
      const content = await query('Dave', { ...base, [`${prefix}prop`]: 'ids|content', [`${prefix}slots`]: 'main' });
      assert.equal(content.error.code, 'permissiondenied');
      assert.equal(content.error.info, "You don't have permission to view content of deleted revisions.");
      // A diff reads the content too, and the rights are checked before the continue value is read.
      const diff = await query('Dave', {
        ...base,
        [`${prefix}prop`]: 'ids',
        [`${prefix}difftotext`]: 'x',
        [`${prefix}continue`]: '',
      });
      assert.equal(diff.error.code, 'permissiondenied');
      const allowed = await query('Alice', {
        ...base,
        [`${prefix}prop`]: 'comment|content',
        [`${prefix}slots`]: 'main',
      });
      assert.equal(allowed.error, undefined, prop);
    }
  });

  test('prop=deletedrevisions: by titles (missing or existing pages) and by deleted revids', async () => {
    const byTitle = await query('Alice', {
      prop: 'deletedrevisions',
      titles: 'Veralteter Artikel|Berlin',
      drvprop: 'ids|user',
    });
    const pages = new Map(byTitle.query.pages.map((p: any) => [p.title, p]));
    assert.deepEqual((pages.get('Veralteter Artikel') as any).deletedrevisions, [
      { revid: ARTICLE_REV, parentid: 0, user: 'Bob' },
    ]);
    assert.equal((pages.get('Berlin') as any).deletedrevisions, undefined);

    const byRevid = await query('Alice', { prop: 'deletedrevisions', revids: String(ARTICLE_REV), drvprop: 'ids' });
    assert.equal(byRevid.query.badrevids, undefined);
    assert.equal(byRevid.query.pages[0].title, 'Veralteter Artikel');
    assert.equal(byRevid.query.pages[0].missing, true);
    assert.deepEqual(byRevid.query.pages[0].deletedrevisions, [{ revid: ARTICLE_REV, parentid: 0 }]);
    // prop=revisions shows no deleted revision for it.
    const live = await query('Alice', { prop: 'revisions', revids: String(ARTICLE_REV) });
    assert.equal(live.query.pages[0].revisions, undefined);
    // Without deletedhistory, a deleted revision's id is a bad revision id.
    const hidden = await query('Dave', { prop: 'deletedrevisions', revids: String(ARTICLE_REV), drvprop: 'ids' });
    assert.deepEqual(hidden.query.badrevids, { [ARTICLE_REV]: { revid: ARTICLE_REV, missing: true } });

    const both = await query('Alice', { prop: 'deletedrevisions', titles: 'X', drvuser: 'Bob', drvexcludeuser: 'Bob' });
    assert.equal(both.error.code, 'invalidparammix');
  });

  test('prop=deletedrevisions with diffto: a deleted revision is not in the revision table, so nothing is compared', async () => {
    // As MediaWiki's difference engine loads revisions: by id from the revision table only. The
    // answer names the revisions compared, with a body of false, and spends no diff: none is made.
    const diffs = async (diffto: string) => {
      const answer = await query('Alice', { prop: 'deletedrevisions', revids: String(ARTICLE_REV), drvdiffto: diffto });
      return answer.query.pages[0].deletedrevisions[0].diff;
    };
    assert.deepEqual(await diffs('prev'), { from: false, to: ARTICLE_REV, body: false });
    assert.deepEqual(await diffs('next'), { from: ARTICLE_REV, to: 0, body: false });
    assert.deepEqual(await diffs('cur'), { from: ARTICLE_REV, to: 0, body: false });
    assert.deepEqual(await diffs('3532'), { from: ARTICLE_REV, to: 3532, body: false });
  });

  test('prop=deletedrevisions over thousands of generated pages answers (one condition per namespace)', async () => {
    const answer = await query('Admin', {
      generator: 'allpages',
      gapnamespace: '0',
      gaplimit: 'max',
      prop: 'deletedrevisions',
      drvprop: 'ids',
      drvlimit: 'max',
    });
    assert.equal(answer.error, undefined, JSON.stringify(answer.error));
    assert.ok(answer.query.pages.length > 1000, `${answer.query.pages.length} pages`);
    // The same titles named one by one give the same deleted revisions.
    const byName = await query('Admin', {
      prop: 'deletedrevisions',
      titles: 'Veralteter Artikel|Berlin',
      drvprop: 'ids',
    });
    const named = byName.query.pages.find((p: any) => p.title === 'Veralteter Artikel');
    assert.ok(named.deletedrevisions.length > 0);
  });

  test('deleted revision generators hand their revisions to the page set', async () => {
    const generated = await query('Alice', {
      generator: 'alldeletedrevisions',
      prop: 'deletedrevisions',
      drvprop: 'ids|user',
    });
    const byTitle = new Map(generated.query.pages.map((p: any) => [p.title, p]));
    assert.deepEqual([...byTitle.keys()].sort(), ['Datei:Alt.png', 'Veralteter Artikel']);
    assert.deepEqual((byTitle.get('Datei:Alt.png') as any).deletedrevisions, [
      { revid: FILE_REV, parentid: 0, user: 'Admin' },
    ]);
    const titles = await query('Alice', {
      generator: 'alldeletedrevisions',
      gadrgeneratetitles: '1',
      gadrdir: 'newer',
      gadrlimit: '1',
    });
    assert.deepEqual(
      titles.query.pages.map((p: any) => p.title),
      ['Veralteter Artikel'],
    );
    assert.equal(titles.continue.gadrcontinue, '6|Alt.png');
    const older = await query('Alice', { generator: 'alldeletedrevisions', gadrgeneratetitles: '1' });
    // The message names the parameter without the generator prefix, as MediaWiki words it.
    assert.match(older.warnings.alldeletedrevisions.warnings, /"adrdir=newer"/);
  });

  test('list=deletedrevs: its three modes, their parameter checks and rights', async () => {
    const byTitle = await query('Alice', { list: 'deletedrevs', titles: 'Veralteter Artikel', drprop: 'revid|len' });
    assert.deepEqual(byTitle.query.deletedrevs, [
      {
        revisions: [{ timestamp: '2026-11-21T22:26:15Z', revid: ARTICLE_REV, len: '79' }],
        ns: 0,
        title: 'Veralteter Artikel',
      },
    ]);
    const byUser = await query('Alice', { list: 'deletedrevs', druser: 'Admin', drprop: 'revid' });
    assert.deepEqual(
      byUser.query.deletedrevs.map((p: any) => p.title),
      ['Datei:Alt.png'],
    );
    const files = await query('Alice', { list: 'deletedrevs', drnamespace: '6', drprefix: 'A', drunique: '1' });
    assert.deepEqual(
      files.query.deletedrevs.map((p: any) => p.title),
      ['Datei:Alt.png'],
    );
    const empty = await query('Alice', { list: 'deletedrevs', drfrom: 'W', drdir: 'newer' });
    assert.deepEqual(empty.query.deletedrevs, []);
    assert.match(empty.warnings.deletedrevs.warnings, /has been deprecated/);

    const mode3Start = await query('Alice', { list: 'deletedrevs', drstart: '2020-01-01T00:00:00Z' });
    assert.equal(mode3Start.error.code, 'badparams');
    // MediaWiki names the parameter without the module's prefix here.
    assert.equal(mode3Start.error.info, 'The "start" parameter cannot be used in mode 3.');
    const mode2From = await query('Alice', { list: 'deletedrevs', druser: 'Bob', drfrom: 'A' });
    assert.equal(mode2From.error.info, 'The "from" parameter cannot be used in modes 1 or 2.');
    const both = await query('Alice', { list: 'deletedrevs', druser: 'Bob', drexcludeuser: 'Alice' });
    assert.equal(both.error.code, 'badparams');
    // MediaWiki names this error by a text that is no message key, shown in its marks for a missing message.
    assert.equal(both.error.info, '⧼user and excludeuser cannot be used together⧽');
    const dave = await query('Dave', { list: 'deletedrevs' });
    assert.equal(dave.error.code, 'permissiondenied');
    assert.equal(dave.error.info, "You don't have permission to view a page's deleted history.");
    assert.equal(dave.warnings, undefined);
    const token = await query('Alice', { list: 'deletedrevs', drprop: 'token' });
    assert.match(token.query.deletedrevs[0].token, /\+\\$/);
  });

  /** The revision of Bob's deleted article as each module shows it to `caller`. */
  async function articleRevision(module: string, caller: Caller, props: string): Promise<any> {
    if (module === 'deletedrevs') {
      const answer = await query(caller, { list: 'deletedrevs', titles: 'Veralteter Artikel', drprop: props });
      return answer.query.deletedrevs[0].revisions[0];
    }
    if (module === 'deletedrevisions') {
      const answer = await query(caller, {
        prop: 'deletedrevisions',
        titles: 'Veralteter Artikel',
        drvprop: props,
        drvslots: 'main',
      });
      return answer.query.pages[0].deletedrevisions[0];
    }
    const answer = await query(caller, {
      list: 'alldeletedrevisions',
      adrprop: props,
      adrslots: 'main',
      adrnamespace: '0',
    });
    return answer.query.alldeletedrevisions[0].revisions[0];
  }

  const contentOf = (module: string, rev: any) => (module === 'deletedrevs' ? rev.text : rev.slots?.main?.content);
  const textHidden = (module: string, rev: any) =>
    module === 'deletedrevs' ? rev.texthidden : rev.slots?.main?.texthidden;

  for (const module of ['alldeletedrevisions', 'deletedrevisions', 'deletedrevs']) {
    test(`${module}: a hidden editor is shown with deletedhistory, a suppressed one only with suppression rights`, async () => {
      await setDeleted(DELETED_USER);
      try {
        if (module !== 'deletedrevs') {
          const dave = await articleRevision(module, 'Dave', 'ids|user|userid');
          assert.equal(dave.userhidden, true);
          assert.equal(dave.user, undefined);
          assert.equal(dave.userid, undefined);
        }
        const alice = await articleRevision(module, 'Alice', 'ids|user|userid');
        assert.equal(alice.userhidden, true);
        assert.equal(alice.user, 'Bob');
        assert.equal(alice.userid, 4);
        await setDeleted(DELETED_USER | DELETED_RESTRICTED);
        const aliceSuppressed = await articleRevision(module, 'Alice', 'ids|user');
        assert.equal(aliceSuppressed.user, undefined);
        assert.equal(aliceSuppressed.suppressed, true);
        const admin = await articleRevision(module, 'Admin', 'ids|user');
        assert.equal(admin.user, 'Bob');
        assert.equal(admin.suppressed, true);
      } finally {
        await setDeleted(0);
      }
    });

    test(`${module}: a hidden comment is shown with deletedhistory, a suppressed one only with suppression rights`, async () => {
      await setDeleted(DELETED_COMMENT);
      try {
        const alice = await articleRevision(module, 'Alice', 'ids|comment|parsedcomment');
        assert.equal(alice.commenthidden, true);
        assert.equal(alice.comment, 'Artikel angelegt');
        assert.equal(typeof alice.parsedcomment, 'string');
        assert.equal(alice.suppressed, undefined);
        await setDeleted(DELETED_COMMENT | DELETED_RESTRICTED);
        const suppressed = await articleRevision(module, 'Alice', 'ids|comment|parsedcomment');
        assert.equal(suppressed.commenthidden, true);
        assert.equal(suppressed.comment, undefined);
        assert.equal(suppressed.parsedcomment, undefined);
        assert.equal(suppressed.suppressed, true);
        const admin = await articleRevision(module, 'Admin', 'ids|comment');
        assert.equal(admin.comment, 'Artikel angelegt');
      } finally {
        await setDeleted(0);
      }
    });

    test(`${module}: hidden text and its SHA-1 are shown with deletedtext, suppressed ones only with suppression rights`, async () => {
      await setDeleted(DELETED_TEXT);
      try {
        const alice = await articleRevision(module, 'Alice', 'ids|sha1|content');
        assert.equal(textHidden(module, alice), true);
        assert.match(contentOf(module, alice), /Dieser Artikel wird gelöscht/);
        assert.equal(alice.sha1hidden, true);
        assert.match(alice.sha1, /^[0-9a-f]{40}$/);
        await setDeleted(DELETED_TEXT | DELETED_RESTRICTED);
        const suppressed = await articleRevision(module, 'Alice', 'ids|sha1|content');
        assert.equal(textHidden(module, suppressed), true);
        assert.equal(contentOf(module, suppressed), undefined);
        assert.equal(suppressed.sha1, undefined);
        assert.equal(suppressed.suppressed, true);
        const admin = await articleRevision(module, 'Admin', 'ids|sha1|content');
        assert.match(contentOf(module, admin), /Dieser Artikel wird gelöscht/);
        assert.match(admin.sha1, /^[0-9a-f]{40}$/);
      } finally {
        await setDeleted(0);
      }
    });
  }

  test('tag filters and tags of deleted revisions', async () => {
    const { store } = api();
    await store.db.insertInto('change_tag').values({ ct_rev_id: ARTICLE_REV, ct_tag_id: 4 }).execute();
    try {
      const tagged = await query('Alice', { list: 'alldeletedrevisions', adrtag: 'mw-replace', adrprop: 'ids|tags' });
      assert.deepEqual(
        tagged.query.alldeletedrevisions.map((p: any) => p.revisions[0]),
        [{ revid: ARTICLE_REV, parentid: 0, tags: ['mw-replace'] }],
      );
      const none = await query('Alice', { list: 'deletedrevs', drtag: 'mw-new-redirect', drnamespace: '0' });
      assert.deepEqual(none.query.deletedrevs, []);
      const tags = await query('Alice', { list: 'deletedrevs', titles: 'Veralteter Artikel', drprop: 'tags' });
      assert.deepEqual(tags.query.deletedrevs[0].revisions[0].tags, ['mw-replace']);
    } finally {
      await store.db.deleteFrom('change_tag').where('ct_rev_id', '=', ARTICLE_REV).execute();
    }
  });

  test('a search by editor leaves out rows whose editor the caller may not see', async () => {
    await setDeleted(DELETED_USER | DELETED_RESTRICTED);
    try {
      const alice = await query('Alice', { list: 'alldeletedrevisions', adruser: 'Bob', adrprop: 'ids' });
      assert.deepEqual(alice.query.alldeletedrevisions, []);
      const admin = await query('Admin', { list: 'alldeletedrevisions', adruser: 'Bob', adrprop: 'ids' });
      assert.equal(admin.query.alldeletedrevisions.length, 1);
      const deletedrevs = await query('Alice', { list: 'deletedrevs', druser: 'Bob' });
      assert.deepEqual(deletedrevs.query.deletedrevs, []);
    } finally {
      await setDeleted(0);
    }
  });
});
