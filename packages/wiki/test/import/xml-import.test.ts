import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import { sql } from 'kysely';
import { ImportRefused } from '../../src/import/wiki-identity.js';
import { importXmlDump, XmlImportError } from '../../src/import/xml/xml-importer.js';
import type { WikiStore } from '../../src/store/database.js';
import { refreshQueryCache } from '../../src/store/querycache.js';
import { refreshSearchIndex } from '../../src/store/search-index.js';
import { loadSite } from '../../src/store/site-store.js';
import { dumpsDir } from '../helpers/fixtures.js';
import { importTestStores } from './test-stores.js';

/** The counts of data/README.md: pages / revisions / redirects of each sample dump. */
const samples: Array<[file: string, pages: number, revisions: number, redirects: number]> = [
  ['aawiki-20260101-pages-meta-history.xml', 507, 1307, 19],
  ['enwiki-pages-articles1-shortened.xml', 206, 206, 100],
  ['ltgwiki-pages-articles-sample2004.xml', 2004, 2004, 195],
  ['enwiktionary-20150224-pages-articles-sample300.xml', 300, 300, 5],
  ['dewiktionary-20080617-sample5.xml', 5, 5, 0],
  ['commonswiki-sample-file-page-59revs.xml', 1, 59, 0],
  ['simplewiki-sample-2pages-33revs.xml', 2, 33, 0],
  ['pywikibot-enwiki-Pear-export-0.3-4revs.xml', 1, 4, 0],
  ['pywikibot-enwiki-Pyrus-export-0.3-6revs.xml', 1, 6, 1],
];

async function count(store: WikiStore, sql: string): Promise<number> {
  const rows = await (store.db as any).executeQuery({ sql, parameters: [], query: { kind: 'RawNode' } });
  const row = rows.rows[0] as Record<string, unknown>;
  return Number(Object.values(row)[0]);
}

async function tableCounts(store: WikiStore): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'page',
    'revision',
    'content',
    'slots',
    'actor',
    'user',
    'pagelinks',
    'categorylinks',
    'redirect',
  ]) {
    out[table] = await count(store, `select count(*) from "${table}"`);
  }
  return out;
}

function page(id: number, title: string, ns: number, revisions: string): string {
  return `<page><title>${title}</title><ns>${ns}</ns><id>${id}</id>${revisions}</page>`;
}

function revision(id: number, parent: number | undefined, timestamp: string, text: string, user = 'Alice'): string {
  return `<revision><id>${id}</id>${parent ? `<parentid>${parent}</parentid>` : ''}<timestamp>${timestamp}</timestamp><contributor><username>${user}</username><id>7</id></contributor><comment>edit ${id}</comment><model>wikitext</model><format>text/x-wiki</format><text bytes="${Buffer.byteLength(text)}" xml:space="preserve">${text}</text></revision>`;
}

function dump(pages: string, dbname = 'examplewiki'): string {
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo><sitename>Example</sitename><dbname>${dbname}</dbname><base>https://example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.41.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /><namespace key="2" case="first-letter">User</namespace>
      <namespace key="10" case="first-letter">Template</namespace><namespace key="14" case="first-letter">Category</namespace></namespaces>
  </siteinfo>
  ${pages}
</mediawiki>`;
}

describeEachEngine('XML dump import', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'xml-import-');

  function fixture(name: string): string {
    const path = join(dir, name);
    writeFileSync(path, gunzipSync(readFileSync(join(dumpsDir, `${name}.gz`))));
    return path;
  }

  function file(name: string, content: string | Buffer): string {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  for (const [name, pages, revisions, redirects] of samples) {
    test(`${name}: ${pages} pages, ${revisions} revisions, ${redirects} redirects; a second import changes nothing`, async () => {
      const store = await freshStore();
      const path = fixture(name);
      const summary = await importXmlDump(store, path, { lint: false });
      assert.deepEqual([summary.pages, summary.revisions, summary.redirects], [pages, revisions, redirects]);
      assert.equal(await count(store, 'select count(*) from page'), pages);
      assert.equal(await count(store, 'select count(*) from revision'), revisions);
      assert.equal(await count(store, 'select count(*) from page where page_is_redirect = 1'), redirects);
      assert.equal(await count(store, 'select count(*) from redirect'), redirects);
      const before = await tableCounts(store);
      const again = await importXmlDump(store, path, { lint: false });
      assert.equal(again.outcome, 'updated');
      assert.equal(again.newRevisions, 0);
      assert.deepEqual(await tableCounts(store), before);
    });
  }

  test('a dump through a named pipe, plain or compressed, on the reading thread or a worker: the rows of the file', async () => {
    const name = 'aawiki-20260101-pages-meta-history.xml';
    const plain = fixture(name);
    const fromFile = await freshStore();
    await importXmlDump(fromFile, plain, { lint: false });
    const expected = await tableCounts(fromFile);
    const xml = readFileSync(plain);
    for (const [content, readerThread] of [
      [xml, false],
      [xml, true],
      [gzipSync(xml), true],
    ] as const) {
      const fifo = join(dir, 'pipe.xml');
      rmSync(fifo, { force: true });
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      // The writer is another process: it blocks until the import opens the pipe.
      const writer = spawn('sh', ['-c', 'cat > "$0"', fifo], { stdio: ['pipe', 'ignore', 'inherit'] });
      const written = once(writer, 'exit');
      writer.stdin.end(content);
      const store = await freshStore();
      const summary = await importXmlDump(store, fifo, { lint: false, readerThread });
      await written;
      assert.deepEqual([summary.pages, summary.revisions], [507, 1307]);
      // A pipe's size is what came through it.
      assert.equal(summary.bytes, content.length);
      assert.deepEqual(await tableCounts(store), expected);
    }
  });

  test('a gzipped dump imports as the plain one does; the site comes from its siteinfo', async () => {
    const store = await freshStore();
    const summary = await importXmlDump(store, join(dumpsDir, 'ltgwiki-pages-articles-sample2004.xml.gz'), {
      lint: false,
    });
    assert.equal(summary.pages, 2004);
    const site = await loadSite(store.db);
    assert.equal(site?.wikiId, 'ltgwiki');
    assert.equal(site?.server, 'https://ltg.wikipedia.org');
    assert.equal(site?.articlePath, '/wiki/$1');
    assert.equal(site?.mainPage, 'Suoku puslopa');
    assert.equal(site?.namespaces.find((n) => n.id === 10)?.name, 'Taiss');
    // Localized namespace prefixes are understood in links: a category of the ltgwiki dump.
    assert.ok((await count(store, 'select count(*) from categorylinks')) > 500);
    assert.ok((await count(store, 'select count(*) from category where cat_pages > 0')) > 100);
    // The expensive special pages are computed at the end of the import, for list=querypage.
    assert.ok((await count(store, "select count(*) from querycache where qc_type = 'Wantedpages'")) > 10);
    assert.equal(await count(store, "select count(*) from querycache_info where qci_type = 'Lonelypages'"), 1);
  });

  test('a schema 0.3 dump without <dbname> and <ns>: the wiki id from its host, namespaces from title prefixes', async () => {
    const store = await freshStore();
    await importXmlDump(store, fixture('dewiktionary-20080617-sample5.xml'), { lint: false });
    const site = await loadSite(store.db);
    assert.equal(site?.wikiId, 'dewiktionary');
    assert.equal(site?.language, 'de');
    assert.equal(site?.mainPage, 'Wiktionary:Hauptseite');
    assert.equal(site?.namespaces.find((n) => n.id === 0)?.case, 'case-sensitive');
    assert.equal(site?.namespaces.find((n) => n.id === 2)?.case, 'first-letter');
    assert.equal(await count(store, "select page_namespace from page where page_title = 'Ignore'"), 12);
  });

  test('a bzip2-compressed dump imports', async () => {
    const store = await freshStore();
    const summary = await importXmlDump(store, join(dumpsDir, 'pywikibot-enwiki-Pear-export-0.3-4revs.xml.bz2'), {
      lint: false,
    });
    assert.deepEqual([summary.pages, summary.revisions], [1, 4]);
    assert.equal(await count(store, "select count(*) from page where page_title = 'Pear'"), 1);
  });

  test('revisions keep their ids, editors, comments, flags and deleted markers', async () => {
    const store = await freshStore();
    await importXmlDump(store, fixture('simplewiki-sample-2pages-33revs.xml'), { lint: false });
    const rows = await (store.db as any)
      .selectFrom('revision')
      .innerJoin('actor', 'actor_id', 'rev_actor')
      .select([
        'rev_id',
        'rev_parent_id',
        'rev_timestamp',
        'rev_deleted',
        'rev_comment',
        'rev_minor_edit',
        'actor_name',
        'actor_user',
      ])
      .where('rev_id', 'in', [266092, 360821])
      .orderBy('rev_id')
      .execute();
    assert.deepEqual(rows[0], {
      rev_id: 266092,
      rev_parent_id: 0,
      rev_timestamp: '20061213030714',
      rev_deleted: 0,
      rev_comment: 'New page: {{babel|en}}',
      rev_minor_edit: 0,
      actor_name: 'Ryulong',
      actor_user: 6629,
    });
    assert.equal(rows[1].rev_deleted, 4, 'the hidden contributor is marked');
    assert.equal(rows[1].rev_parent_id, 266092);
    assert.ok((await count(store, 'select count(*) from ip_changes')) > 0, 'IP edits are indexed');
    assert.ok((await count(store, 'select count(*) from revision where rev_minor_edit = 1')) > 0);
  });

  test('a newer dump of the same wiki adds revisions and brings the links up to date', async () => {
    const store = await freshStore();
    const v1 = file(
      'v1.xml',
      dump(page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'See [[Beta]]. [[Category:Letters]]'))),
    );
    const v2 = file(
      'v2.xml',
      dump(
        page(
          1,
          'Alpha',
          0,
          revision(10, undefined, '2020-01-01T00:00:00Z', 'See [[Beta]]. [[Category:Letters]]') +
            revision(11, 10, '2021-01-01T00:00:00Z', 'See [[Gamma]]. {{Box}}'),
        ) + page(2, 'Beta', 0, revision(20, undefined, '2021-02-01T00:00:00Z', '#REDIRECT [[Alpha#Top]]')),
      ),
    );
    await importXmlDump(store, v1, { lint: false });
    assert.equal(await count(store, "select count(*) from pagelinks where pl_title = 'Beta'"), 1);
    assert.equal(await count(store, "select cat_pages from category where cat_title = 'Letters'"), 1);
    const summary = await importXmlDump(store, v2, { lint: false });
    assert.equal(summary.outcome, 'updated');
    assert.equal(summary.newRevisions, 2);
    assert.equal(await count(store, 'select count(*) from revision'), 3);
    assert.equal(await count(store, 'select page_latest from page where page_id = 1'), 11);
    assert.equal(await count(store, 'select page_is_new from page where page_id = 1'), 0);
    assert.equal(await count(store, "select count(*) from pagelinks where pl_from = 1 and pl_title = 'Gamma'"), 1);
    assert.equal(await count(store, "select count(*) from pagelinks where pl_title = 'Beta'"), 0);
    assert.equal(
      await count(store, "select count(*) from templatelinks where tl_namespace = 10 and tl_title = 'Box'"),
      1,
    );
    assert.equal(await count(store, "select cat_pages from category where cat_title = 'Letters'"), 0);
    assert.equal(
      await count(
        store,
        "select count(*) from redirect where rd_from = 2 and rd_title = 'Alpha' and rd_fragment = 'Top'",
      ),
      1,
    );
    // The older dump again: nothing goes back.
    await importXmlDump(store, v1, { lint: false });
    assert.equal(await count(store, 'select page_latest from page where page_id = 1'), 11);
  });

  test('another wiki is refused unless it replaces the store', async () => {
    const store = await freshStore();
    await importXmlDump(
      store,
      file('a.xml', dump(page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'a')))),
    );
    const other = file(
      'b.xml',
      dump(page(5, 'Other', 0, revision(50, undefined, '2020-01-01T00:00:00Z', 'b')), 'otherwiki'),
    );
    await assert.rejects(importXmlDump(store, other, { lint: false }), ImportRefused);
    assert.equal(await count(store, 'select count(*) from page'), 1);
    const replaced = await importXmlDump(store, other, { lint: false, replace: true });
    assert.equal(replaced.outcome, 'replaced');
    assert.equal(await count(store, 'select page_id from page'), 5);
    assert.equal((await loadSite(store.db))?.wikiId, 'otherwiki');
  });

  test('an unknown namespace number is kept', async () => {
    const store = await freshStore();
    await importXmlDump(
      store,
      file('ns.xml', dump(page(3, 'Portal:Things', 3000, revision(30, undefined, '2020-01-01T00:00:00Z', 'x')))),
    );
    assert.equal(await count(store, 'select page_namespace from page where page_id = 3'), 3000);
  });

  test('Wantedpages counts links to missing pages from existing pages outside the MediaWiki namespace', async () => {
    const store = await freshStore();
    const at = '2020-01-01T00:00:00Z';
    await importXmlDump(
      store,
      file(
        'wanted.xml',
        dump(
          [
            page(1, 'A', 0, revision(10, undefined, at, '[[Missing]] [[Existing]] [[From interface]] [[User:Nobody]]')),
            page(2, 'B', 0, revision(11, undefined, at, '[[Missing]] [[Existing]] [[Once]] [[User:Nobody]]')),
            page(3, 'Existing', 0, revision(12, undefined, at, 'x')),
            page(4, 'MediaWiki:C', 8, revision(13, undefined, at, '[[From interface]] [[Orphaned]]')),
          ].join(''),
        ),
      ),
      { lint: false },
    );
    // Rows whose linking page is gone, as a copied MediaWiki database may hold them.
    await sql`insert into pagelinks (pl_from, pl_namespace, pl_title, pl_from_namespace)
      values (98, 0, 'Orphaned', 0), (99, 0, 'Orphaned', 0)`.execute(store.db);
    await refreshQueryCache(store.db, (await loadSite(store.db))!);
    const wanted = await sql<{
      qc_value: number;
      qc_namespace: number;
      qc_title: string;
    }>`select qc_value, qc_namespace,
      qc_title from querycache where qc_type = 'Wantedpages' order by qc_value desc, qc_title`.execute(store.db);
    assert.deepEqual(
      wanted.rows.map((r) => [Number(r.qc_value), Number(r.qc_namespace), r.qc_title]),
      // Linked once is wanted too (MediaWiki's default threshold); the link from the MediaWiki
      // namespace does not count, and the orphaned target has no other.
      [
        [2, 0, 'Missing'],
        [1, 0, 'From_interface'],
        [1, 0, 'Once'],
      ],
    );
  });

  test('a truncated or malformed dump fails with its byte offset and leaves the store as it was', async () => {
    const store = await freshStore();
    const good = dump(page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'a')));
    await importXmlDump(store, file('good.xml', good), { lint: false });
    const before = await tableCounts(store);
    const second = dump(
      page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'a')) +
        page(2, 'Beta', 0, revision(20, undefined, '2020-01-01T00:00:00Z', 'b')),
    );
    const cut = second.slice(0, second.lastIndexOf('<page>') + 40);
    await assert.rejects(importXmlDump(store, file('truncated.xml', cut), { lint: false }), (err: Error) => {
      assert.ok(err instanceof XmlImportError);
      assert.match(
        err.message,
        new RegExp(`truncated\\.xml ends too early \\(truncated\\?\\) at byte ${Buffer.byteLength(cut)}`),
      );
      return true;
    });
    assert.deepEqual(await tableCounts(store), before);

    const broken = second.replace('<title>Beta</title>', '<title>Beta</titel>');
    const offset = Buffer.byteLength(broken.slice(0, broken.indexOf('</titel>')));
    await assert.rejects(importXmlDump(store, file('broken.xml', broken), { lint: false }), (err: Error) => {
      assert.match(err.message, /broken\.xml is not well-formed XML at byte (\d+)/);
      const at = Number(/at byte (\d+)/.exec(err.message)![1]);
      assert.ok(Math.abs(at - offset) <= 10, `offset ${at} near ${offset}`);
      return true;
    });
    assert.deepEqual(await tableCounts(store), before);

    const gz = gzipSync(Buffer.from(second));
    await assert.rejects(
      importXmlDump(store, file('cut.xml.gz', gz.subarray(0, gz.length - 30)), { lint: false }),
      /at byte \d+/,
    );
    assert.deepEqual(await tableCounts(store), before);
  });

  /** Every row of the tables an import writes, in a fixed order. */
  async function tableRows(store: WikiStore): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    const orders: Record<string, string> = {
      page: 'page_id',
      revision: 'rev_id',
      content: 'content_id',
      slots: 'slot_revision_id, slot_role',
      actor: 'actor_id',
      user: 'user_id',
      pagelinks: 'pl_from, pl_namespace, pl_title',
      templatelinks: 'tl_from, tl_namespace, tl_title',
      imagelinks: 'il_from, il_to',
      categorylinks: 'cl_from, cl_to',
      externallinks: 'el_from, el_index, el_to',
      langlinks: 'll_from, ll_lang',
      iwlinks: 'iwl_from, iwl_prefix, iwl_title',
      redirect: 'rd_from',
      page_props: 'pp_page, pp_propname',
      category: 'cat_title',
    };
    for (const [table, order] of Object.entries(orders)) {
      const result = await (store.db as any).executeQuery({
        sql: `select * from "${table}" order by ${order}`,
        parameters: [],
        query: { kind: 'RawNode' },
      });
      out[table] = result.rows.map((row: Record<string, unknown>) =>
        JSON.stringify({ ...row, page_random: undefined, el_id: undefined, cat_id: undefined }),
      );
    }
    return out;
  }

  /** SQLite: the search index as rows: every word's place, the entries, the stems. */
  async function searchIndexRows(store: WikiStore): Promise<Record<string, string[]>> {
    const db = store.db as any;
    await sql`create virtual table if not exists temp.search_words using fts5vocab(main, searchindex, instance)`.execute(
      db,
    );
    await sql`create virtual table if not exists temp.title_words using fts5vocab(main, searchindex_title, instance)`.execute(
      db,
    );
    const out: Record<string, string[]> = {};
    for (const [name, query] of [
      ['words', sql`select term, doc, col, offset from temp.search_words order by term, doc, col, offset`],
      ['title words', sql`select term, doc, col, offset from temp.title_words order by term, doc, col, offset`],
      ['entries', sql`select si_page, si_latest, si_wordcount from searchindex_page order by si_page`],
      ['stems', sql`select ss_stem, ss_word from searchindex_stem order by ss_stem, ss_word`],
    ] as const) {
      out[name] = (await query.execute(db)).rows.map((row: unknown) => JSON.stringify(row));
    }
    return out;
  }

  test('into an empty store the search index fills as the pages are written: the index a rebuild makes', async (t) => {
    if (engine.name !== 'sqlite') return t.skip('the index is built in bulk on SQLite only');
    // A page met again: while its entry waits to be written, and after 70 other pages wrote it.
    const others = Array.from({ length: 70 }, (_, i) =>
      page(i + 2, `Seite ${i + 2}`, 0, revision(100 + i, undefined, '2020-01-02T00:00:00Z', `Text ${i} Wörter`)),
    ).join('');
    const again = dump(
      page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'Erste Häuser <b>fett</b>')) +
        page(1, 'Alpha', 0, revision(11, 10, '2020-02-01T00:00:00Z', 'Zweite Fassung mit [[Beta]]s und Dörfer')) +
        others +
        page(1, 'Alpha', 0, revision(12, 11, '2020-03-01T00:00:00Z', 'Dritte Fassung, Gärten')),
    );
    // Written by the importing thread, or on a thread of its own in a scratch file copied in at
    // the end (searchThread), or before the store's other indexes are built (searchCopyFirst).
    const searchWays = [
      { searchThread: false },
      { searchThread: true, searchCopyFirst: false },
      { searchThread: true, searchCopyFirst: true },
    ];
    for (const [path, threads] of [
      [fixture('aawiki-20260101-pages-meta-history.xml'), [false, true]],
      [file('page-twice.xml', again), [false]],
    ] as const) {
      for (const [readerThread, way] of threads.flatMap((r) => searchWays.map((w) => [r, w] as const))) {
        const store = await freshStore();
        await importXmlDump(store, path, { lint: false, readerThread, ...way });
        assert.equal(existsSync(`${store.sqlite!.name}.search-build`), false, 'the scratch file is gone');
        assert.ok(
          !store.sqlite!.prepare('select name from pragma_database_list').pluck().all().includes('search_build'),
        );
        const imported = await searchIndexRows(store);
        assert.ok(imported.entries!.length > 0 && imported.words!.length > imported.entries!.length);
        // The bulk build's own FTS5 options do not outlive it: later edits write and merge as usual.
        for (const table of ['searchindex', 'searchindex_title']) {
          assert.deepEqual(
            store.sqlite!.prepare(`select k, v from ${table}_config where k <> 'version' order by k`).all(),
            [
              { k: 'automerge', v: 4 },
              { k: 'crisismerge', v: 16 },
              { k: 'hashsize', v: 1048576 },
            ],
          );
        }
        // FTS5's own check of the index as stored.
        for (const table of ['searchindex', 'searchindex_title']) {
          store.sqlite!.prepare(`insert into ${table} (${table}, rank) values ('integrity-check', 0)`).run();
        }
        await refreshSearchIndex(store.db, (await loadSite(store.db))!, { rebuild: true });
        assert.deepEqual(
          imported,
          await searchIndexRows(store),
          `${path}, reader thread: ${readerThread}, search: ${JSON.stringify(way)}`,
        );
      }
    }
  });

  test('linting shared with a helper thread gives the rows linting alone gives, in the same order', async () => {
    // More pages than the helper takes at once, each with links and lint errors of its own.
    const pages = Array.from({ length: 90 }, (_, i) =>
      page(
        i + 1,
        `Seite ${i + 1}`,
        0,
        revision(
          100 + i,
          undefined,
          '2020-01-02T00:00:00Z',
          (
            `<center>Mitte ${i}</center> [[Ziel ${i % 7}]] {{Vorlage ${i % 3}}} ''kursiv\n== <b>Kopf ${i}</b> ==\n` +
            `[[Kategorie:K${i % 4}]] <div>offen ${i}`
          )
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
        ),
      ),
    ).join('');
    const path = file('lint-shared.xml', dump(pages));
    const linterRows = async (store: WikiStore) =>
      (
        await (store.db as any).executeQuery({
          sql: 'select * from linter order by linter_id',
          parameters: [],
          query: { kind: 'RawNode' },
        })
      ).rows.map((row: unknown) => JSON.stringify(row));
    for (const readerThread of [false, true]) {
      const alone = await freshStore();
      const shared = await freshStore();
      await importXmlDump(alone, path, { readerThread, lintThread: false });
      await importXmlDump(shared, path, { readerThread, lintThread: true });
      const lint = await linterRows(shared);
      assert.ok(lint.length >= 180, `lint errors found: ${lint.length}`);
      assert.deepEqual(lint, await linterRows(alone), `reader thread: ${readerThread}`);
      const rows = await tableRows(shared);
      assert.ok(rows.pagelinks!.length >= 90 && rows.templatelinks!.length >= 90);
      assert.deepEqual(rows, await tableRows(alone), `reader thread: ${readerThread}`);
    }
  });

  test('a dump read on a worker thread gives the same rows as one read inline, and fails the same way', async () => {
    for (const name of ['aawiki-20260101-pages-meta-history.xml', 'ltgwiki-pages-articles-sample2004.xml']) {
      const path = fixture(name);
      const inline = await freshStore();
      const threaded = await freshStore();
      const a = await importXmlDump(inline, path, { lint: false, readerThread: false });
      const b = await importXmlDump(threaded, path, { lint: false, readerThread: true });
      assert.deepEqual({ ...b, seconds: 0 }, { ...a, seconds: 0 });
      const rows = await tableRows(threaded);
      assert.ok(rows.pagelinks!.length > 1000);
      assert.deepEqual(rows, await tableRows(inline));
    }
    const store = await freshStore();
    const second = dump(
      page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', 'a')) +
        page(2, 'Beta', 0, revision(20, undefined, '2020-01-01T00:00:00Z', 'b')),
    );
    const broken = second.replace('<title>Beta</title>', '<title>Beta</titel>');
    await assert.rejects(
      importXmlDump(store, file('broken-threaded.xml', broken), { lint: false, readerThread: true }),
      (err: Error) => {
        assert.ok(err instanceof XmlImportError);
        assert.match(err.message, /broken-threaded\.xml is not well-formed XML at byte \d+/);
        return true;
      },
    );
    assert.equal(await count(store, 'select count(*) from page'), 0);
    await assert.rejects(
      importXmlDump(store, join(dir, 'missing.xml'), { lint: false, readerThread: true }),
      /cannot read .*missing\.xml: no such file/,
    );
  });

  test('an import whose search index is built on a thread of its own fails as a whole, its scratch file removed', async (t) => {
    if (engine.name !== 'sqlite') return t.skip('SQLite stores only');
    const store = await freshStore();
    const pages = Array.from({ length: 80 }, (_, i) =>
      page(i + 1, `Seite ${i + 1}`, 0, revision(100 + i, undefined, '2020-01-02T00:00:00Z', `Text ${i} [[Ziel]]`)),
    ).join('');
    const whole = dump(pages);
    // Cut inside the last page: 64 pages' entries were sent to the thread before the dump ends.
    const cut = whole.slice(0, whole.lastIndexOf('<page>') + 30);
    await assert.rejects(
      importXmlDump(store, file('search-thread-cut.xml', cut), { lint: false, searchThread: true }),
      XmlImportError,
    );
    assert.equal(existsSync(`${store.sqlite!.name}.search-build`), false);
    assert.equal(await count(store, 'select count(*) from page'), 0);
    assert.equal(await count(store, 'select count(*) from searchindex_page'), 0);
    assert.equal(store.sqlite!.prepare('select count(*) from searchindex_data').pluck().get(), 2);
    assert.ok(!store.sqlite!.prepare('select name from pragma_database_list').pluck().all().includes('search_build'));
    // The store takes the whole dump afterwards, with its index.
    const summary = await importXmlDump(store, file('search-thread-whole.xml', whole), {
      lint: false,
      searchThread: true,
    });
    assert.equal(summary.pages, 80);
    assert.equal(await count(store, `select count(*) from searchindex where searchindex match 'ziel'`), 80);
  });

  test('an import into an empty store leaves the SQLite file in write-ahead-log mode, failed or not', async () => {
    const store = await freshStore();
    const journal = () => store.sqlite?.pragma('journal_mode', { simple: true }) ?? 'wal';
    const good = dump(page(1, 'Alpha', 0, revision(10, undefined, '2020-01-01T00:00:00Z', '[[Beta]]')));
    const cut = good.slice(0, good.indexOf('</page>'));
    await assert.rejects(importXmlDump(store, file('empty-cut.xml', cut), { lint: false }), XmlImportError);
    assert.equal(journal(), 'wal');
    assert.equal(await count(store, 'select count(*) from page'), 0);
    await importXmlDump(store, file('empty-good.xml', good), { lint: false });
    assert.equal(journal(), 'wal');
    assert.equal(await count(store, 'select count(*) from pagelinks'), 1);
  });

  test('an unreadable file is a clear error', async () => {
    const store = await freshStore();
    await assert.rejects(
      importXmlDump(store, join(dir, 'missing.xml'), { lint: false }),
      /cannot read .*missing\.xml: no such file/,
    );
    await assert.rejects(
      importXmlDump(store, file('not-xml.xml', 'hello'), { lint: false }),
      /not-xml\.xml is not well-formed XML at byte \d+: text data outside of root node/,
    );
  });
});
