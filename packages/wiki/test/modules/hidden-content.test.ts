/**
 * Revision-deleted and suppressed fields: for every field a right hides, a caller without the
 * right sees only MediaWiki's marker, and a caller with it sees the value too.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import type { RequestUser } from '../../src/api/module.js';
import { canSeeField, DELETED_COMMENT, DELETED_TEXT, DELETED_USER } from '../../src/modules/support/hidden-content.js';
import { type RevisionRow, revisionItems } from '../../src/modules/support/revision-output.js';
import { TitleCodec } from '../../src/site/title.js';
import { queryJson } from '../helpers/reference-api.js';
import { useReferenceWiki } from '../helpers/reference-wiki.js';
import { anonymousCaller, userInGroups, userWithRights } from '../helpers/request-users.js';

/** Alice's first revision of Berlin, hidden in the tests below. */
const REVISION = 236;
const ALL_PROPS = ['ids', 'user', 'userid', 'comment', 'parsedcomment', 'sha1', 'content', 'slotsha1'];

describeEachEngine('hidden revision content', (engine) => {
  const wiki = useReferenceWiki(engine);
  let row: Omit<RevisionRow, 'deleted'>;

  before(async () => {
    const r = await wiki()
      .store.db.selectFrom('revision')
      .innerJoin('actor', 'actor_id', 'rev_actor')
      .innerJoin('page', 'page_id', 'rev_page')
      .selectAll()
      .where('rev_id', '=', REVISION)
      .executeTakeFirstOrThrow();
    row = {
      revId: r.rev_id,
      parentId: r.rev_parent_id,
      pageId: r.rev_page,
      namespace: r.page_namespace,
      dbKey: r.page_title,
      timestamp: r.rev_timestamp,
      minor: r.rev_minor_edit,
      len: r.rev_len,
      sha1: r.rev_sha1,
      comment: r.rev_comment,
      actorName: r.actor_name,
      actorUser: r.actor_user,
    };
  });

  async function show(user: RequestUser, deleted: number, legacy = false) {
    const { store, site } = wiki();
    const ctx = {
      params: { prop: ALL_PROPS },
      store,
      site,
      titles: new TitleCodec(site),
      user,
    } as unknown as Parameters<typeof revisionItems>[0];
    const [item] = await revisionItems(ctx, [{ ...row, deleted }], { slots: legacy ? undefined : ['main'] });
    return item as any;
  }

  const anon = () => anonymousCaller(wiki().site);
  const sysop = () => userInGroups(wiki().site, 'Admin', 1, ['sysop']);
  const suppressor = () => userInGroups(wiki().site, 'Oversight', 9, ['sysop', 'suppress']);

  test('nothing hidden: every field shown, no markers', async () => {
    const item = await show(anon(), 0);
    assert.equal(item.user, 'Alice');
    assert.equal(item.userid, 3);
    assert.equal(item.comment, 'Neuer Artikel über Berlin');
    assert.equal(typeof item.parsedcomment, 'string');
    assert.match(item.sha1, /^[0-9a-f]{40}$/);
    assert.match(item.slots.entries.get('main').content, /Berlin/);
    for (const marker of ['userhidden', 'commenthidden', 'texthidden', 'sha1hidden', 'suppressed']) {
      assert.equal(item[marker], undefined, marker);
    }
  });

  test('hidden user: name and id only with deletedhistory', async () => {
    const hidden = await show(anon(), DELETED_USER);
    assert.equal(hidden.userhidden, true);
    assert.equal(hidden.user, undefined);
    assert.equal(hidden.userid, undefined);
    assert.equal(hidden.anon, undefined);
    const shown = await show(sysop(), DELETED_USER);
    assert.equal(shown.userhidden, true);
    assert.equal(shown.user, 'Alice');
    assert.equal(shown.userid, 3);
  });

  test('hidden comment: comment and parsedcomment only with deletedhistory', async () => {
    const hidden = await show(anon(), DELETED_COMMENT);
    assert.equal(hidden.commenthidden, true);
    assert.equal(hidden.comment, undefined);
    assert.equal(hidden.parsedcomment, undefined);
    const shown = await show(sysop(), DELETED_COMMENT);
    assert.equal(shown.commenthidden, true);
    assert.equal(shown.comment, 'Neuer Artikel über Berlin');
    assert.equal(typeof shown.parsedcomment, 'string');
  });

  test('hidden text: content and sums only with deletedtext', async () => {
    const hidden = await show(anon(), DELETED_TEXT);
    assert.equal(hidden.sha1hidden, true);
    assert.equal(hidden.sha1, undefined);
    assert.equal(hidden.slots.entries.get('main').texthidden, true);
    assert.equal(hidden.slots.entries.get('main').content, undefined);
    assert.equal(hidden.slots.entries.get('main').sha1, undefined);
    const legacy = await show(anon(), DELETED_TEXT, true);
    assert.equal(legacy.texthidden, true);
    assert.equal(legacy.content, undefined);
    const shown = await show(sysop(), DELETED_TEXT);
    assert.match(shown.sha1, /^[0-9a-f]{40}$/);
    assert.match(shown.slots.entries.get('main').content, /Berlin/);
    assert.equal(shown.slots.entries.get('main').texthidden, true);
  });

  test('suppressed: hidden from administrators too, shown with suppressrevision/viewsuppressed', async () => {
    const everything = DELETED_TEXT | DELETED_COMMENT | DELETED_USER | 8;
    for (const caller of [anon(), sysop()]) {
      const item = await show(caller, everything);
      assert.equal(item.suppressed, true);
      assert.equal(item.user, undefined);
      assert.equal(item.comment, undefined);
      assert.equal(item.slots.entries.get('main').content, undefined);
    }
    const shown = await show(suppressor(), everything);
    assert.equal(shown.suppressed, true);
    assert.equal(shown.user, 'Alice');
    assert.equal(shown.comment, 'Neuer Artikel über Berlin');
    assert.match(shown.slots.entries.get('main').content, /Berlin/);
  });

  test('each right opens only its own field', () => {
    const rights = (names: string[]): RequestUser => userWithRights('X', 2, names);
    assert.equal(canSeeField(rights(['deletedhistory']), DELETED_TEXT, DELETED_TEXT), false);
    assert.equal(canSeeField(rights(['deletedtext']), DELETED_TEXT, DELETED_TEXT), true);
    assert.equal(canSeeField(rights(['deletedtext']), DELETED_COMMENT, DELETED_COMMENT), false);
    assert.equal(canSeeField(rights(['deletedhistory']), DELETED_USER, DELETED_USER), true);
    assert.equal(canSeeField(rights(['deletedhistory']), DELETED_USER | 8, DELETED_USER), false);
    assert.equal(canSeeField(rights(['viewsuppressed']), DELETED_USER | 8, DELETED_USER), true);
    assert.equal(canSeeField(rights([]), DELETED_COMMENT, DELETED_USER), true);
  });

  test("over HTTP an anonymous caller gets the marker of the reference wiki's hidden comment", async () => {
    const app = await buildApp({ store: wiki().store, site: wiki().site });
    try {
      const answer = await queryJson(app, { prop: 'revisions', revids: '248', rvprop: 'comment|parsedcomment|user' });
      assert.deepEqual(answer.query.pages[0].revisions[0], { user: 'Bob', commenthidden: true });
    } finally {
      await app.close();
    }
  });
});
