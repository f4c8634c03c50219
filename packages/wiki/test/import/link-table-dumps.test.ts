import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { LinkTableDumpError } from '../../src/import/sql-dump/link-table-dumps.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import type { WikiStore } from '../../src/store/database.js';
import { dumpsDir, fixturesDir } from '../helpers/fixtures.js';
import { type LinkSchema, writeLinkTableDumps } from '../helpers/link-table-dumps.js';
import { referenceWikiFiles } from '../helpers/reference-wiki.js';
import { importTestStores } from './test-stores.js';

/** The reference wiki exported by MediaWiki's dumpBackup.php --full, and the date its dumps carry. */
const referenceXml = join(fixturesDir, 'reference-wiki', 'testwiki-20261121-pages-meta-history.xml.gz');

/** Each compared table's rows, as the store keeps them, read from MediaWiki's database. */
const comparedTables: Record<string, { database: string; store: string }> = {
  pagelinks: {
    database: 'select pl_from, pl_namespace, pl_title, pl_from_namespace from pagelinks',
    store: 'select pl_from, pl_namespace, pl_title, pl_from_namespace from pagelinks',
  },
  templatelinks: {
    database:
      'select tl_from, lt_namespace, lt_title, tl_from_namespace from templatelinks join linktarget on lt_id = tl_target_id',
    store: 'select tl_from, tl_namespace, tl_title, tl_from_namespace from templatelinks',
  },
  categorylinks: {
    database: 'select cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_type from categorylinks',
    store: 'select cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_type from categorylinks',
  },
  imagelinks: {
    database: 'select il_from, il_to, il_from_namespace from imagelinks',
    store: 'select il_from, il_to, il_from_namespace from imagelinks',
  },
  externallinks: {
    database: 'select el_id, el_from, el_to, el_index, el_index_60 from externallinks',
    store: 'select el_id, el_from, el_to, el_index, el_index_60 from externallinks',
  },
  langlinks: { database: 'select * from langlinks', store: 'select ll_from, ll_lang, ll_title from langlinks' },
  iwlinks: { database: 'select * from iwlinks', store: 'select iwl_from, iwl_prefix, iwl_title from iwlinks' },
  redirect: {
    database: 'select rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment from redirect',
    store: 'select rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment from redirect',
  },
  page_props: {
    database: 'select pp_page, pp_propname, pp_value, pp_sortkey from page_props',
    store: 'select pp_page, pp_propname, pp_value, pp_sortkey from page_props',
  },
  page_restrictions: {
    database: 'select pr_id, pr_page, pr_type, pr_level, pr_cascade, pr_expiry from page_restrictions',
    store: 'select pr_id, pr_page, pr_type, pr_level, pr_cascade, pr_expiry from page_restrictions',
  },
  category: {
    database: 'select cat_id, cat_title, cat_pages, cat_subcats, cat_files from category',
    store: 'select cat_id, cat_title, cat_pages, cat_subcats, cat_files from category',
  },
};

/** Rows as sorted lines of text, so that engines and column types compare. */
function lines(rows: unknown[][]): string[] {
  const text = (v: unknown) => (v === null ? 'NULL' : Buffer.isBuffer(v) ? v.toString('utf8') : String(v));
  return rows.map((row) => row.map(text).join('\t')).sort();
}

async function storeRows(store: WikiStore, query: string): Promise<string[]> {
  const result = await sql.raw<Record<string, unknown>>(query).execute(store.db);
  return lines(result.rows.map((row) => Object.values(row)));
}

describeEachEngine('link tables from SQL dumps', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'link-table-dumps-');

  for (const schema of ['1.39', 'linktarget'] as LinkSchema[]) {
    test(`with the XML dump, the ${schema === '1.39' ? '1.39' : 'linktarget-based'} schema's link tables are MediaWiki's exactly`, async () => {
      const { database } = await referenceWikiFiles();
      const folder = join(dir, schema);
      mkdirSync(folder, { recursive: true });
      const files = writeLinkTableDumps(database, folder, 'testwiki-20261121', schema);
      // Compressed dumps are read as plain ones are.
      const pagelinks = files.find((f) => f.endsWith('-pagelinks.sql'))!;
      writeFileSync(`${pagelinks}.gz`, gzipSync(readFileSync(pagelinks)));
      const given = files.map((f) => (f === pagelinks ? `${f}.gz` : f));
      const store = await freshStore();
      const summary = await importXmlDump(store, referenceXml, { lint: false, linkTables: given });
      assert.deepEqual(
        summary.linkTables.map((t) => t.unresolved),
        summary.linkTables.map(() => 0),
      );
      const mediaWiki = new Database(database, { readonly: true });
      try {
        for (const [table, queries] of Object.entries(comparedTables)) {
          let expected = lines(mediaWiki.prepare(queries.database).raw().all() as unknown[][]);
          let actual = await storeRows(store, queries.store);
          if (schema === 'linktarget' && table === 'externallinks') {
            // The newer schema keeps no el_to: the URL is rebuilt from the index, whose host is lowercased.
            const withoutUrl = (rows: string[]) =>
              rows.map((r) =>
                r
                  .split('\t')
                  .filter((_, i) => i !== 2)
                  .join('\t'),
              );
            expected = withoutUrl(expected);
            actual = withoutUrl(actual);
          }
          assert.equal(actual.length, expected.length, `${table}: row count`);
          assert.deepEqual(actual, expected, table);
        }
      } finally {
        mediaWiki.close();
      }
      // The derived tables follow: a category's members, the wanted pages.
      const wanted = await sql<{
        n: number;
      }>`select count(*) as n from querycache where qc_type = 'Wantedpages'`.execute(store.db);
      assert.ok(Number(wanted.rows[0]!.n) > 0);
    });
  }

  test('the link tables of another wiki or date are refused before anything is imported', async () => {
    const aawikiXml = join(dumpsDir, 'aawiki-20260101-pages-meta-history.xml.gz');
    const store = await freshStore();
    const elsewhere = join(dir, 'testwiki-20261121-pagelinks.sql');
    writeFileSync(elsewhere, gunzipSync(readFileSync(join(fixturesDir, 'sql', 'aawiki-20260101-pagelinks.sql.gz'))));
    await assert.rejects(importXmlDump(store, aawikiXml, { lint: false, linkTables: [elsewhere] }), (err: Error) => {
      assert.ok(err instanceof LinkTableDumpError);
      assert.match(err.message, /is a dump of testwiki of 20261121, not of aawiki of 20260101/);
      return true;
    });
    const otherDate = join(dir, 'aawiki-20250101-pagelinks.sql');
    copyFileSync(elsewhere, otherDate);
    await assert.rejects(
      importXmlDump(store, aawikiXml, { lint: false, linkTables: [otherDate] }),
      /aawiki of 20250101, not of aawiki of 20260101/,
    );
    // Named for the wiki, but its header says another database.
    const renamed = join(dir, 'renamed', 'aawiki-20260101-pagelinks.sql');
    mkdirSync(join(dir, 'renamed'), { recursive: true });
    writeFileSync(renamed, readFileSync(elsewhere, 'utf8').replace('Database: aawiki', 'Database: dewiki'));
    await assert.rejects(
      importXmlDump(store, aawikiXml, { lint: false, linkTables: [renamed] }),
      /is a dump of the database dewiki \(its header says so\), the XML dump is of aawiki/,
    );
    assert.equal(Number((await sql<{ n: number }>`select count(*) as n from page`.execute(store.db)).rows[0]!.n), 0);
  });

  test('link tables by linktarget id without the linktarget dump are refused, naming it', async () => {
    const store = await freshStore();
    const aawiki = join(dir, 'aa');
    mkdirSync(aawiki, { recursive: true });
    const categorylinks = join(aawiki, 'aawiki-20260101-categorylinks.sql.gz');
    copyFileSync(join(fixturesDir, 'sql', 'aawiki-20260101-categorylinks.sql.gz'), categorylinks);
    await assert.rejects(
      importXmlDump(store, join(dumpsDir, 'aawiki-20260101-pages-meta-history.xml.gz'), {
        lint: false,
        linkTables: [categorylinks],
      }),
      /names its link targets by linktarget id: give the linktarget dump of the same date as well/,
    );
  });
});
