/**
 * list=tags on the reference wiki: every tag the software defines, the wiki's own tags and their
 * use counts, continuation by name, the texts in the reader's language and the wiki's
 * `MediaWiki:Tag-…` pages over them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const tags = (answer: any): any[] => answer.query.tags;
const ALL = 'displayname|description|hitcount|defined|source|active';

describeEachEngine('list=tags', (engine) => {
  const api = useReferenceApi(engine);

  test('every tag once, in name order, continuing by name', async () => {
    const seen: string[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 10; i++) {
      const answer = await api().query({ list: 'tags', tglimit: '4', ...cont });
      seen.push(...tags(answer).map((t) => t.name));
      if (!answer.continue) break;
      cont = answer.continue;
    }
    assert.equal(seen.length, 13);
    assert.deepEqual(seen, [...seen].sort());
    assert.deepEqual(seen.slice(-3), ['mw-undo', 'oracle-test', 'sichtung']);
  });

  test("the wiki's own tags: defined by hand, active, counted", async () => {
    const answer = await api().query({ list: 'tags', tgprop: ALL, tgcontinue: 'oracle-test' });
    assert.deepEqual(tags(answer)[0], {
      name: 'oracle-test',
      displayname: 'oracle-test',
      description: '',
      hitcount: 7,
      defined: true,
      source: ['manual'],
      active: true,
    });
  });

  test("names and descriptions in the reader's language, the wiki's pages first", async () => {
    const english = await api().query({ list: 'tags', tgprop: 'displayname|description', uselang: 'en', tglimit: '1' });
    assert.deepEqual(tags(english)[0], {
      name: 'mw-blank',
      displayname: 'Blanking',
      description: 'Edits that blank a page',
    });
    // A language that falls back to German reads German's texts, as in MediaWiki 1.39.
    const formal = await api().query({ list: 'tags', tgprop: 'displayname', uselang: 'de-formal', tglimit: '1' });
    assert.equal(tags(formal)[0].displayname, 'Geleert');
    const { store } = api();
    const pages: [number, string, string][] = [
      [990001, 'Tag-oracle-test', 'Orakel & Test'],
      [990002, 'Tag-oracle-test-description', 'Markiert vom [[Orakel]]'],
      [990003, 'Tag-mw-blank', '-'],
    ];
    for (const [id, title, text] of pages) {
      await store.db
        .insertInto('content')
        .values({
          content_id: id,
          content_size: text.length,
          content_sha1: '',
          content_model: 'wikitext',
          content_text: text,
        })
        .execute();
      await store.db
        .insertInto('slots')
        .values({ slot_revision_id: id, slot_role: 'main', slot_content_id: id, slot_origin: id })
        .execute();
      await store.db
        .insertInto('page')
        .values({
          page_id: id,
          page_namespace: 8,
          page_title: title,
          page_random: 0.5,
          page_touched: '20261122000000',
          page_latest: id,
          page_len: text.length,
        })
        .execute();
    }
    try {
      const answer = await api().query({ list: 'tags', tgprop: 'displayname|description' });
      assert.equal(tags(answer)[0].displayname, false, 'a name of "-" hides the tag');
      const own = await api().query({ list: 'tags', tgprop: 'displayname|description', tgcontinue: 'oracle-test' });
      assert.equal(tags(own)[0].displayname, 'Orakel &amp; Test');
      assert.equal(tags(own)[0].description, 'Markiert vom [[Orakel]]');
      // In another language the wiki's (German) pages do not apply.
      const english = await api().query({
        list: 'tags',
        tgprop: 'displayname|description',
        tgcontinue: 'oracle-test',
        tglimit: '1',
        uselang: 'en',
      });
      assert.deepEqual(tags(english)[0], { name: 'oracle-test', displayname: 'oracle-test', description: '' });
    } finally {
      const ids = pages.map(([id]) => id);
      await store.db.deleteFrom('page').where('page_id', 'in', ids).execute();
      await store.db.deleteFrom('slots').where('slot_revision_id', 'in', ids).execute();
      await store.db.deleteFrom('content').where('content_id', 'in', ids).execute();
    }
  });
});
