import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { migrateToLatest } from '@svc/common';
import { describeEachEngine, useTestDatabase } from '@svc/common/testing';
import SQLite from 'better-sqlite3';
import { importMediaWikiDatabase } from '../../src/import/mediawiki-database/importer.js';
import { ImportRefused } from '../../src/import/wiki-identity.js';
import type { WikiStore } from '../../src/store/database.js';
import { migrations } from '../../src/store/migrations/index.js';
import type { WikiDatabase } from '../../src/store/schema.js';
import { loadSite } from '../../src/store/site-store.js';
import { wikiTables } from '../../src/store/wiki-tables.js';
import { type ReferenceWikiFiles, referenceWikiFiles } from '../helpers/reference-wiki.js';

/**
 * What each store table must hold, read from MediaWiki's database with joins written here, apart
 * from the importer: `select` gives the store's columns for every row of the source.
 */
const commentOf = (alias: string, column: string) => `left join comment ${alias} on ${alias}.comment_id = ${column}`;
const resolved: Record<string, string> = {
  revision: `select r.*, coalesce(c.comment_text, '') as rev_comment from revision r
    left join revision_comment_temp t on t.revcomment_rev = r.rev_id ${commentOf('c', 't.revcomment_comment_id')}`,
  slots: 'select s.*, role_name as slot_role from slots s join slot_roles on role_id = s.slot_role_id',
  content: `select c.content_id, c.content_size, c.content_sha1, m.model_name as content_model, t.old_text as content_text
    from content c join content_models m on m.model_id = c.content_model
    join text t on 'tt:' || t.old_id = c.content_address`,
  templatelinks: `select tl.*, lt.lt_namespace as tl_namespace, lt.lt_title as tl_title from templatelinks tl
    join linktarget lt on lt.lt_id = tl.tl_target_id`,
  protected_titles: `select p.*, c.comment_text as pt_reason from protected_titles p ${commentOf('c', 'p.pt_reason_id')}`,
  image: `select i.*, c.comment_text as img_description from image i ${commentOf('c', 'i.img_description_id')}`,
  oldimage: `select o.*, c.comment_text as oi_description from oldimage o ${commentOf('c', 'o.oi_description_id')}`,
  filearchive: `select f.*, c.comment_text as fa_description, d.comment_text as fa_deleted_reason from filearchive f
    ${commentOf('c', 'f.fa_description_id')} ${commentOf('d', 'f.fa_deleted_reason_id')}`,
  archive: `select a.*, c.comment_text as ar_comment from archive a ${commentOf('c', 'a.ar_comment_id')}`,
  logging: `select l.*, c.comment_text as log_comment from logging l ${commentOf('c', 'l.log_comment_id')}`,
  recentchanges: `select r.*, c.comment_text as rc_comment from recentchanges r ${commentOf('c', 'r.rc_comment_id')}`,
  ipblocks: `select b.*, c.comment_text as ipb_reason from ipblocks b ${commentOf('c', 'b.ipb_reason_id')}`,
};
/**
 * Store tables filled from the settings rather than from one MediaWiki table, and the query cache,
 * which keeps the source's rows and adds the special pages the source had not cached.
 */
const notFromOneTable = new Set(['site', 'querycache', 'querycachetwo', 'querycache_info']);

function canonical(row: Record<string, unknown>, columns: string[]): string {
  return JSON.stringify(
    columns.map((c) => {
      const v = row[c];
      return Buffer.isBuffer(v) ? v.toString('utf8') : v;
    }),
  );
}

function expectedRows(source: SQLite.Database, table: string, columns: string[]): string[] {
  const query = resolved[table] ?? `select * from ${table}`;
  return (source.prepare(query).all() as Record<string, unknown>[]).map((r) => canonical(r, columns)).sort();
}

async function storedRows(store: WikiStore, table: string, columns: string[]): Promise<string[]> {
  const rows = (await store.db
    .selectFrom(table as keyof WikiDatabase)
    .selectAll()
    .execute()) as Record<string, unknown>[];
  return rows.map((r) => canonical(r, columns)).sort();
}

/** A digest of everything the store holds, except when the site row was written. */
async function storeDigest(store: WikiStore): Promise<string> {
  const hash = createHash('sha256');
  for (const table of wikiTables) {
    const columns = table.columns.map((c) => c.name).filter((c) => c !== 'site_updated');
    hash.update(table.name);
    for (const row of await storedRows(store, table.name, columns)) hash.update(row);
  }
  return hash.digest('hex');
}

describeEachEngine('MediaWiki database import', (engine) => {
  const open = useTestDatabase<WikiDatabase>(engine, async ({ db }) => {
    await migrateToLatest(db, migrations);
  });
  let files: ReferenceWikiFiles;
  let source: SQLite.Database;
  let scratch: string;
  before(async () => {
    files = await referenceWikiFiles();
    source = new SQLite(files.database, { readonly: true });
    scratch = mkdtempSync(join(tmpdir(), 'wiki-import-test-'));
  });
  after(() => {
    source?.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  const importReference = (options: { settingsFile?: string; replace?: boolean; file?: string } = {}) =>
    importMediaWikiDatabase(open(), options.file ?? files.database, {
      settingsFile: options.settingsFile ?? files.settings,
      imagesDir: files.images,
      replace: options.replace,
      // Lint errors of an import are checked by the linter tests; here they would only cost time.
      lint: false,
    });

  test('the reference wiki imports completely', async () => {
    const summary = await importReference();
    assert.equal(summary.wikiId, 'testwiki');
    assert.equal(summary.outcome, 'new');
    const rows = Object.fromEntries(summary.tables.map((t) => [t.table, t.rows]));
    assert.equal(rows.page, 2660);
    assert.equal(rows.revision, 3530);
    assert.equal(rows.logging, 174);
    assert.equal(rows.recentchanges, 189);
    assert.equal(summary.uploadDirectory, files.images);
  });

  test('every table has the source rows, row for row', async () => {
    for (const table of wikiTables) {
      if (notFromOneTable.has(table.name)) continue;
      const columns = table.columns.map((c) => c.name);
      const expected = expectedRows(source, table.name, columns);
      const stored = await storedRows(open(), table.name, columns);
      assert.equal(stored.length, expected.length, `${table.name}: row count`);
      const differing = stored.findIndex((row, i) => row !== expected[i]);
      assert.equal(differing, -1, `${table.name}: stored ${stored[differing]}, expected ${expected[differing]}`);
    }
  });

  test('a sample of rows reads as MediaWiki has them', async () => {
    const { db } = open();
    const main = await db
      .selectFrom('page')
      .selectAll()
      .where('page_namespace', '=', 0)
      .where('page_title', '=', 'Hauptseite')
      .executeTakeFirstOrThrow();
    const text = await db
      .selectFrom('slots')
      .innerJoin('content', 'content_id', 'slot_content_id')
      .select(['content_text', 'content_model', 'content_size'])
      .where('slot_revision_id', '=', main.page_latest)
      .where('slot_role', '=', 'main')
      .executeTakeFirstOrThrow();
    assert.equal(text.content_model, 'wikitext');
    assert.equal(Buffer.byteLength(text.content_text), text.content_size);
    assert.equal(text.content_size, main.page_len);

    const admin = await db.selectFrom('user').selectAll().where('user_name', '=', 'Admin').executeTakeFirstOrThrow();
    assert.match(admin.user_password, /^:pbkdf2:/);
    const token = await db
      .selectFrom('user_properties')
      .select('up_value')
      .where('up_user', '=', admin.user_id)
      .where('up_property', '=', 'watchlisttoken')
      .executeTakeFirstOrThrow();
    assert.equal(token.up_value, '0123456789abcdef0123456789abcdef01234567');

    const renamed = await db
      .selectFrom('logging')
      .select(['log_params', 'log_title'])
      .where('log_type', '=', 'renameuser')
      .executeTakeFirstOrThrow();
    assert.match(renamed.log_params, /Frank/);

    const site = await loadSite(db);
    assert.equal(site?.siteName, 'Testwiki');
    assert.equal(site?.language, 'de');
    assert.equal(site?.uploadDirectory, files.images);
    assert.equal(site?.interwiki.length, 74);
    assert.deepEqual(
      site?.interwiki.find((iw) => iw.prefix === 'en'),
      {
        prefix: 'en',
        url: 'https://en.wikipedia.org/wiki/$1',
        local: true,
        trans: false,
        api: 'https://en.wikipedia.org/w/api.php',
        wikiId: 'enwiki',
      },
    );
  });

  test('importing the same database again changes nothing', async () => {
    const before = await storeDigest(open());
    const summary = await importReference();
    assert.equal(summary.outcome, 'updated');
    assert.equal(await storeDigest(open()), before);
  });

  test('another wiki is refused without --replace, and the store stays as it was', async () => {
    const before = await storeDigest(open());
    const otherSettings = join(scratch, 'other.json');
    writeFileSync(
      otherSettings,
      JSON.stringify({ DBname: 'otherwiki', Server: 'https://other.example', LanguageCode: 'en' }),
    );
    await assert.rejects(importReference({ settingsFile: otherSettings }), (error: unknown) => {
      assert.ok(error instanceof ImportRefused);
      assert.match(error.message, /testwiki.*otherwiki.*--replace/);
      return true;
    });
    assert.equal(await storeDigest(open()), before);
  });

  test('a failure half-way leaves the store as it was', async () => {
    const before = await storeDigest(open());
    const broken = join(scratch, 'broken.sqlite');
    copyFileSync(files.database, broken);
    const db = new SQLite(broken);
    db.prepare("update text set old_flags = 'external' where old_id = (select max(old_id) from text)").run();
    db.close();
    await assert.rejects(importReference({ file: broken }), /flags external/);
    assert.equal(await storeDigest(open()), before);
  });

  test('compressed text (gzip flag) is stored inflated', async () => {
    const compressed = join(scratch, 'compressed.sqlite');
    copyFileSync(files.database, compressed);
    const db = new SQLite(compressed);
    const row = db
      .prepare(
        "select old_id, old_text, content_id from text join content on content_address = 'tt:' || old_id where old_text like '%Berlin%' limit 1",
      )
      .get() as { old_id: number; old_text: string; content_id: number };
    db.prepare("update text set old_text = ?, old_flags = 'utf-8,gzip' where old_id = ?").run(
      deflateRawSync(Buffer.from(row.old_text, 'utf8')),
      row.old_id,
    );
    db.close();
    await importReference({ file: compressed });
    const stored = await open()
      .db.selectFrom('content')
      .select('content_text')
      .where('content_id', '=', row.content_id)
      .executeTakeFirst();
    assert.equal(stored?.content_text, row.old_text);
  });

  test('file rows the database has without metadata get it from the files, as MediaWiki read it', async () => {
    const blanked = join(scratch, 'no-metadata.sqlite');
    copyFileSync(files.database, blanked);
    const db = new SQLite(blanked);
    db.exec(`update image set img_width = 0, img_height = 0, img_bits = 0, img_metadata = '', img_media_type = null,
      img_major_mime = 'unknown', img_minor_mime = 'unknown', img_sha1 = '' where img_name in ('Beispiel.png', 'Logo.svg')`);
    db.exec(`update oldimage set oi_width = 0, oi_height = 0, oi_bits = 0, oi_metadata = '', oi_media_type = null,
      oi_major_mime = 'unknown', oi_minor_mime = 'unknown', oi_sha1 = ''`);
    db.close();
    await importReference({ file: blanked });
    const columns = ['width', 'height', 'bits', 'metadata', 'media_type', 'major_mime', 'minor_mime', 'sha1'];
    for (const [table, prefix] of [
      ['image', 'img'],
      ['oldimage', 'oi'],
    ] as const) {
      const wanted = columns.map((c) => `${prefix}_${c}`);
      assert.deepEqual(
        await storedRows(open(), table, [`${prefix}_name`, ...wanted]),
        expectedRows(source, table, [`${prefix}_name`, ...wanted]),
        table,
      );
    }
  });

  test('with --replace another wiki replaces the one stored', async () => {
    const otherSettings = join(scratch, 'other.json');
    writeFileSync(otherSettings, JSON.stringify({ DBname: 'otherwiki', LanguageCode: 'en' }));
    const summary = await importReference({ settingsFile: otherSettings, replace: true });
    assert.equal(summary.outcome, 'replaced');
    const site = await loadSite(open().db);
    assert.equal(site?.wikiId, 'otherwiki');
    assert.equal(site?.mainPage, 'Main Page');
  });

  test('inputs that are not a MediaWiki database are named in the error', async () => {
    const empty = join(scratch, 'empty.sqlite');
    new SQLite(empty).close();
    await assert.rejects(importReference({ file: empty }), /not a MediaWiki 1\.39 database: it has no table page/);
    const text = join(scratch, 'notes.sqlite');
    writeFileSync(text, 'this is not a database, only text long enough to have a header of sorts.');
    await assert.rejects(importReference({ file: text }), /not a readable SQLite database/);
    await assert.rejects(
      importReference({ file: join(scratch, 'missing.sqlite') }),
      /cannot read .*missing\.sqlite: ENOENT/,
    );
    const newer = join(scratch, 'newer.sqlite');
    copyFileSync(files.database, newer);
    const db = new SQLite(newer);
    db.exec('alter table externallinks rename column el_index_60 to el_to_domain_index');
    db.close();
    await assert.rejects(
      importReference({ file: newer }),
      /the externallinks table is not shaped as in MediaWiki 1\.39 \(no such column: el_index_60\)/,
    );
    const alone = join(scratch, 'alone.sqlite');
    copyFileSync(files.database, alone);
    await assert.rejects(
      importMediaWikiDatabase(open(), alone),
      /no settings\.json beside the database .*--settings FILE/,
    );
  });
});
