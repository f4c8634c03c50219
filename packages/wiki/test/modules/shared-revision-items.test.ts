/**
 * Items of prop=revisions shared by answers (support/revision-output.ts): the same answer for the
 * same request in every format, and a change to the store shown in the very next answer — a
 * renamed editor, a revision hidden (never shown to a caller without the right, even just after
 * one with the right saw it) and shown again.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { DELETED_TEXT } from '../../src/modules/support/hidden-content.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

/** Berlin's latest revision. */
const REVISION = 3532;
const CONTENTS = {
  action: 'query',
  prop: 'revisions',
  titles: 'Berlin|Hamburg|Hauptseite',
  rvprop: 'content|ids|timestamp|user|userid|comment|size|sha1|flags',
  rvslots: 'main',
};

describeEachEngine('shared revision items', (engine) => {
  const api = useReferenceApi(engine);
  let anon: SessionClient;
  let alice: SessionClient;

  before(async () => {
    anon = new SessionClient(api().app);
    alice = new SessionClient(api().app);
    const login = await alice.logIn('Alice', REFERENCE_PASSWORDS.Alice as string);
    assert.equal(login.json.login.result, 'Success');
  });

  const berlin = async (client: SessionClient) => {
    const answer = await client.get({ ...CONTENTS, format: 'json', formatversion: '2' });
    return answer.json.query.pages.find((page: any) => page.title === 'Berlin').revisions[0];
  };

  test("a revision's roles are a plain list: untagged items (<_v>) in XML", async () => {
    const answer = await anon.get({
      action: 'query',
      prop: 'revisions',
      rvprop: 'roles',
      titles: 'Berlin',
      format: 'xml',
    });
    assert.match(answer.body, /<rev><roles><_v>main<\/_v><\/roles><\/rev>/);
  });

  test('the same request gets the same answer in every format, compressed or not', async () => {
    const formats: Record<string, string>[] = [
      { format: 'json', formatversion: '2' },
      { format: 'json', formatversion: '1' },
      { format: 'json', formatversion: '2', ascii: '1' },
      { format: 'json', formatversion: '2', callback: 'cb' },
      { format: 'jsonfm', formatversion: '2' },
      { format: 'xml' },
      { format: 'php', formatversion: '2' },
    ];
    for (const format of formats) {
      const first = await anon.get({ ...CONTENTS, ...format });
      assert.equal(first.status, 200);
      for (let i = 0; i < 2; i++) {
        const again = await anon.get({ ...CONTENTS, ...format });
        assert.equal(again.body, first.body, JSON.stringify(format));
      }
    }
    const plain = await anon.get({ ...CONTENTS, format: 'json', formatversion: '2' });
    const parsed = JSON.parse(plain.body);
    assert.equal(parsed.query.pages.length, 3);
    assert.match((await berlin(anon)).slots.main.content, /Berlin/);
  });

  test("an editor's new name shows in the next answer", async () => {
    const { db } = api().store;
    const before = await berlin(anon);
    const row = await db
      .selectFrom('revision')
      .select('rev_actor')
      .where('rev_id', '=', REVISION)
      .executeTakeFirstOrThrow();
    const actor = await db
      .selectFrom('actor')
      .select('actor_name')
      .where('actor_id', '=', row.rev_actor)
      .executeTakeFirstOrThrow();
    assert.equal(before.user, actor.actor_name);
    try {
      await db.updateTable('actor').set({ actor_name: 'Umbenannt' }).where('actor_id', '=', row.rev_actor).execute();
      assert.equal((await berlin(anon)).user, 'Umbenannt');
    } finally {
      await db
        .updateTable('actor')
        .set({ actor_name: actor.actor_name })
        .where('actor_id', '=', row.rev_actor)
        .execute();
    }
    assert.deepEqual(await berlin(anon), before);
  });

  test('a revision hidden meanwhile: its text only for callers with the right, before and after them', async () => {
    const { db } = api().store;
    const shown = await berlin(anon);
    assert.match(shown.slots.main.content, /Berlin/);
    try {
      await db.updateTable('revision').set({ rev_deleted: DELETED_TEXT }).where('rev_id', '=', REVISION).execute();
      // Alice (sysop: deletedtext) first, then anonymous callers, twice.
      const forAlice = await berlin(alice);
      assert.equal(forAlice.slots.main.texthidden, true);
      assert.equal(forAlice.slots.main.content, shown.slots.main.content);
      assert.equal(forAlice.sha1, shown.sha1);
      for (let i = 0; i < 2; i++) {
        const hidden = await berlin(anon);
        assert.equal(hidden.sha1hidden, true);
        assert.equal(hidden.slots.main.texthidden, true);
        assert.equal(hidden.slots.main.content, undefined);
        assert.equal(hidden.sha1, undefined);
      }
    } finally {
      await db.updateTable('revision').set({ rev_deleted: 0 }).where('rev_id', '=', REVISION).execute();
    }
    assert.deepEqual(await berlin(anon), shown);
  });
});
