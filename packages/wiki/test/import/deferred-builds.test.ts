import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import { sql } from 'kysely';
import { buildApp } from '../../src/api/app.js';
import { completeDeferredBuilds } from '../../src/import/deferred-builds.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import type { WikiStore } from '../../src/store/database.js';
import { deferredBuild } from '../../src/store/deferred-builds.js';
import { loadSite } from '../../src/store/site-store.js';
import { dumpsDir } from '../helpers/fixtures.js';
import { queryJson } from '../helpers/reference-api.js';
import { importTestStores } from './test-stores.js';

const WORDS = ['Wikipedia', 'Afar', 'user', 'deletion'];

async function lintRows(store: WikiStore): Promise<string[]> {
  const result = await sql<Record<string, unknown>>`select linter_page, linter_namespace, linter_cat, linter_start,
    linter_end, linter_params, linter_template from linter`.execute(store.db);
  return result.rows.map((row) => Object.values(row).map(String).join('\t')).sort();
}

describeEachEngine('search index and lint errors built after the import', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'deferred-builds-');
  const file = join(dir, 'aawiki-20260101-pages-meta-history.xml');
  writeFileSync(file, gunzipSync(readFileSync(join(dumpsDir, 'aawiki-20260101-pages-meta-history.xml.gz'))));

  test('the server answers at once, says what is still being built, and ends with the same index and errors', async () => {
    const reference = await freshStore();
    await importXmlDump(reference, file);
    const referenceApp = await buildApp({ store: reference, site: (await loadSite(reference.db))! });

    const store = await freshStore();
    await importXmlDump(store, file, { deferBuilds: true });
    const app = await buildApp({ store, site: (await loadSite(store.db))! });
    try {
      const search = (target = app, word = 'Wikipedia') =>
        queryJson(target, {
          list: 'search',
          srsearch: word,
          srwhat: 'text',
          srlimit: 'max',
          srinfo: 'totalhits',
          srnamespace: '*',
        });
      const pending = await search();
      assert.match(pending.warnings.search.warnings, /The search index is being built \(0 of 507 pages indexed\)/);
      assert.equal(pending.query.searchinfo.approximate, true);
      const stats = await queryJson(app, { meta: 'linterstats' });
      assert.match(stats.warnings.linterstats.warnings, /Linting is in progress \(0 of 507 pages linted\)/);
      const errors = await queryJson(app, { list: 'linterrors', lntcategories: 'missing-end-tag' });
      assert.match(errors.warnings.linterrors.warnings, /Linting is in progress/);

      // One batch of each: the search answers from the pages indexed so far, its total an estimate.
      await completeDeferredBuilds(store, undefined, { batches: 1 });
      assert.equal((await deferredBuild(store.db, 'search'))?.done, 200);
      const partial = await search();
      assert.match(partial.warnings.search.warnings, /\(200 of 507 pages indexed\)/);
      const expected = await search(referenceApp);
      const ids = (answer: any) => answer.query.search.map((hit: { pageid: number }) => hit.pageid);
      assert.ok(ids(partial).length > 0);
      assert.ok(ids(partial).every((id: number) => ids(expected).includes(id)));
      assert.ok(partial.query.searchinfo.totalhits >= ids(partial).length);

      // The rest resumes from there.
      await completeDeferredBuilds(store);
      assert.equal(await deferredBuild(store.db, 'search'), undefined);
      assert.equal(await deferredBuild(store.db, 'lint'), undefined);
      for (const word of WORDS) {
        const done = await search(app, word);
        assert.equal(done.warnings, undefined);
        assert.deepEqual(done.query, (await search(referenceApp, word)).query, word);
      }
      assert.equal((await queryJson(app, { meta: 'linterstats' })).warnings, undefined);
      assert.deepEqual(await lintRows(store), await lintRows(reference));
    } finally {
      await app.close();
      await referenceApp.close();
    }
  });
});
