import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { importReferenceWiki, useReferenceWiki } from '../helpers/reference-wiki.js';

describeEachEngine('the reference wiki for tests', (engine) => {
  const wiki = useReferenceWiki(engine);

  test('gives a store holding the reference wiki and its site', async () => {
    const { store, site } = wiki();
    assert.equal(site.wikiId, 'testwiki');
    assert.equal(site.mainPage, 'Hauptseite');
    const pages = await store.db
      .selectFrom('page')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(pages.n), 2660);
  });

  test('each caller gets its own copy to change', async () => {
    const other = await importReferenceWiki(engine);
    try {
      await other.store.db.deleteFrom('page').execute();
      const left = await wiki().store.db.selectFrom('page').select('page_id').limit(1).execute();
      assert.equal(left.length, 1, 'the first store still has its pages');
    } finally {
      await other.dispose();
    }
  });
});
