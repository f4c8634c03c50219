import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import { TitleCodec } from '../../src/site/title.js';
import { openWikiStore } from '../../src/store/database.js';
import {
  ENABLED_LINT_CATEGORIES,
  LINT_PIECE_CHARS,
  LINT_PIECE_HEADINGS,
  LINT_PIECE_MAX_CHARS,
  lintPieces,
  lintWikitext,
} from '../../src/wikitext/lint.js';
import { germanSite } from '../helpers/german-site.js';
import { useReferenceApi } from '../helpers/reference-api.js';

test("wikitext's lint errors in Linter's categories, with byte locations, parameters and templates", () => {
  const codec = new TitleCodec(germanSite());
  const text = [
    'Ä <center>x</center> <b/>',
    '== Kopf <i>x ==',
    '== ==',
    '{{Box|<font>y</font>}}',
    '[http://a.example [[Link]]]',
    '<div id="a"></div><div id="a"></div>',
    '</span>',
    '[[::Foo]]',
    '<div>offen',
  ].join('\n');
  const found = lintWikitext(text, codec);
  const at = (s: string) => Buffer.byteLength(text.slice(0, text.indexOf(s)));
  assert.deepEqual(
    found.map((e) => [e.category, e.start, e.params, e.template]),
    [
      ['obsolete-tag', at('<center>'), { name: 'center' }, undefined],
      ['self-closed-tag', at('<b/>'), { name: 'b' }, undefined],
      ['missing-end-tag-in-heading', at('<i>'), { name: 'i' }, undefined],
      ['empty-heading', at('== =='), {}, undefined],
      ['obsolete-tag', at('{{Box'), { name: 'font' }, 'Vorlage:Box'],
      ['wikilink-in-extlink', at('[[Link]]'), {}, undefined],
      ['duplicate-ids', at('id="a"></div>\n'), { id: 'a' }, undefined],
      ['stripped-tag', at('</span>'), { name: 'span' }, undefined],
      ['multi-colon-escape', at('[[::'), {}, undefined],
      ['missing-end-tag', at('<div>offen'), { name: 'div' }, undefined],
    ],
  );
  const center = found[0];
  assert.equal(center.end - center.start, '<center>'.length);
  const box = found[4];
  assert.equal(
    box.end - box.start,
    Buffer.byteLength('{{Box|<font>y</font>}}'),
    'an error in a template call spans the call',
  );
  assert.deepEqual(lintWikitext('Nur Text mit [[Link]].', codec), []);
});

/** A page of `count` sections of about 20,000 characters, each with an obsolete `<center>`. */
function longPage(count: number): string {
  const filler = "Ein Satz mit [[Link]] und ''kursiv''.\n".repeat(500);
  return Array.from({ length: count }, (_, i) => `== Abschnitt ${i} ==\n<center>${i}</center>\n${filler}`).join('');
}

test('a long page is linted in pieces cut before headings where nothing is left open', () => {
  const codec = new TitleCodec(germanSite());
  const plain = longPage(16);
  const plainPieces = lintPieces(plain);
  assert.ok(plainPieces.length > 2, `${plainPieces.length} pieces`);
  // Each construct in turn spans the first place where the plain page is cut (the end of one
  // section and the start of the next); a comment's <center> is no error.
  const constructs: Array<[open: string, close: string]> = [
    ['<div class="x">\n', '</div>\n'],
    ['{|\n| Zelle\n', '|}\n'],
    ['{{Box|\n', '}}\n'],
    ['<!-- <center>alt</center>\n', '-->'],
  ];
  for (const [open, close] of constructs) {
    const sections = plain.split(/(?=== Abschnitt)/);
    const k = Number(/^== Abschnitt (\d+)/.exec(plain.slice(plainPieces[1]![0]))![1]);
    sections[k - 1] += open;
    sections[k] = sections[k]!.replace('\n', `\n${close}`);
    const text = sections.join('');
    const pieces = lintPieces(text);
    assert.equal(pieces[0]![0], 0);
    assert.equal(pieces.at(-1)![1], text.length);
    for (let i = 1; i < pieces.length; i++) assert.equal(pieces[i]![0], pieces[i - 1]![1]);
    for (const [start, end] of pieces) {
      assert.ok(end - start <= LINT_PIECE_CHARS, `a piece of ${end - start} characters`);
      assert.ok(text.startsWith('== Abschnitt', start), 'a piece begins with a heading');
    }
    const from = text.indexOf(open);
    const to = text.indexOf(close, from + open.length);
    assert.ok(!pieces.some(([start]) => start > from && start < to), `no cut within ${open.trim()}`);
    // The whole page's findings: the obsolete tags outside the comment, and nothing else.
    const centers = [...text.matchAll(/(?<!<!-- )<center>/g)];
    assert.deepEqual(
      lintWikitext(text, codec).map((f) => [f.category, f.start, f.template]),
      centers.map((m) => ['obsolete-tag', Buffer.byteLength(text.slice(0, m.index)), undefined]),
      open,
    );
  }
  assert.deepEqual(lintPieces('kurz'), [[0, 4]]);
});

test('a page of many sections is linted in pieces of a bounded number of headings', () => {
  const codec = new TitleCodec(germanSite());
  const text = '== A ==\n<center>x</center>\n'.repeat(1_000);
  const pieces = lintPieces(text);
  assert.ok(pieces.length >= 1_000 / (LINT_PIECE_HEADINGS + 1), `${pieces.length} pieces`);
  for (const [start, end] of pieces) {
    assert.ok(text.startsWith('== A ==', start), 'a piece begins with a heading');
    assert.ok(text.slice(start, end).split('== A ==').length - 1 <= LINT_PIECE_HEADINGS + 1);
  }
  assert.equal(pieces.at(-1)![1], text.length);
  const centers = [...text.matchAll(/<center>/g)].map((m) => ['obsolete-tag', m.index]);
  assert.deepEqual(
    lintWikitext(text, codec).map((f) => [f.category, f.start]),
    centers,
  );
});

test('a long page without headings is cut at line breaks, and a single long line within it', () => {
  const lines = `${'x'.repeat(99)}\n`.repeat(5_000);
  const pieces = lintPieces(lines);
  assert.ok(pieces.length > 1);
  for (const [start, end] of pieces) {
    assert.ok(end - start <= LINT_PIECE_MAX_CHARS);
    assert.ok(start === 0 || lines[start - 1] === '\n', 'a piece begins on a line of its own');
  }
  assert.equal(pieces.at(-1)![1], lines.length);
  const line = 'ä'.repeat(3 * LINT_PIECE_MAX_CHARS);
  assert.deepEqual(
    lintPieces(line).map(([start, end]) => end - start),
    [LINT_PIECE_MAX_CHARS, LINT_PIECE_MAX_CHARS, LINT_PIECE_MAX_CHARS],
  );
});

describeEachEngine('list=linterrors and meta=linterstats', (engine) => {
  const api = useReferenceApi(engine, { lint: true });

  async function allErrors(params: Record<string, string> = {}) {
    const errors: any[] = [];
    let next: Record<string, string> = {};
    for (;;) {
      const answer = await api().query({ list: 'linterrors', lntlimit: '50', ...params, ...next });
      errors.push(...answer.query.linterrors);
      if (!answer.continue) return errors;
      next = { lntfrom: String(answer.continue.lntfrom) };
      assert.equal(answer.continue.continue, '-||');
    }
  }

  test('the imported wiki has lint errors, each in MediaWiki’s shape, in id order', async () => {
    const errors = await allErrors();
    assert.ok(errors.length > 10, `${errors.length} lint errors`);
    const first = errors[0];
    assert.deepEqual(Object.keys(first), [
      'pageid',
      'ns',
      'title',
      'lintId',
      'category',
      'location',
      'templateInfo',
      'params',
    ]);
    assert.ok(Array.isArray(first.location) && first.location.length === 2 && first.location[0] < first.location[1]);
    assert.equal(typeof first.templateInfo, 'object');
    assert.ok(!Array.isArray(first.params));
    const ids = errors.map((e) => e.lintId);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(new Set(ids).size, ids.length, 'continuation repeats nothing');
    for (const e of errors) assert.ok(ENABLED_LINT_CATEGORIES.includes(e.category));
    const page = await api().query({ prop: 'info', pageids: String(first.pageid) });
    assert.equal(page.query.pages[0].title, first.title);
  });

  test('filters: categories, namespace, page ids and title', async () => {
    const all = await allErrors();
    const category = all[0].category as string;
    const byCategory = await allErrors({ lntcategories: category });
    assert.deepEqual(
      byCategory.map((e) => e.lintId),
      all.filter((e) => e.category === category).map((e) => e.lintId),
    );
    const byPage = await allErrors({ lntpageid: String(all[0].pageid) });
    assert.deepEqual(
      byPage.map((e) => e.lintId),
      all.filter((e) => e.pageid === all[0].pageid).map((e) => e.lintId),
    );
    const byTitle = await allErrors({ lnttitle: all[0].title });
    assert.deepEqual(byTitle, byPage);
    const ns = all.find((e) => e.ns !== 0)?.ns ?? 0;
    const byNamespace = await allErrors({ lntnamespace: String(ns) });
    assert.deepEqual(
      byNamespace.map((e) => e.lintId),
      all.filter((e) => e.ns === ns).map((e) => e.lintId),
    );
    const missing = await api().query({ list: 'linterrors', lnttitle: 'Gibt es nicht 12345' });
    assert.deepEqual(missing.query.linterrors, []);
    const bad = await api().query({ list: 'linterrors', lnttitle: 'A[b]' });
    assert.equal(bad.error.code, 'invalidtitle');
  });

  test('lntfrom starts at a lint id; limits continue', async () => {
    const all = await allErrors();
    const answer = await api().query({ list: 'linterrors', lntlimit: '3', lntfrom: String(all[5].lintId) });
    assert.deepEqual(
      answer.query.linterrors.map((e: any) => e.lintId),
      all.slice(5, 8).map((e) => e.lintId),
    );
    assert.equal(answer.continue.lntfrom, all[8].lintId);
  });

  test('linterstats counts the errors of every enabled category', async () => {
    const all = await allErrors();
    const answer = await api().query({ meta: 'linterstats' });
    const totals = answer.query.linterstats.totals;
    assert.deepEqual(Object.keys(totals), [...ENABLED_LINT_CATEGORIES]);
    for (const category of ENABLED_LINT_CATEGORIES) {
      assert.equal(totals[category], all.filter((e) => e.category === category).length, category);
    }
  });
});

/** A dump of one page (`Seite`) with the given revisions' texts, the last being current. */
function dumpOf(texts: string[]): string {
  const revisions = texts
    .map(
      (text, i) =>
        `<revision><id>${i + 1}</id><timestamp>2024-01-0${i + 1}T00:00:00Z</timestamp><contributor><username>Alice</username><id>7</id></contributor><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${text}</text></revision>`,
    )
    .join('');
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo><sitename>Example</sitename><dbname>lintwiki</dbname><base>https://example.org/wiki/Main_Page</base>
    <case>first-letter</case><namespaces><namespace key="0" case="first-letter" /></namespaces></siteinfo>
  <page><title>Seite</title><ns>0</ns><id>5</id>${revisions}</page></mediawiki>`;
}

test('a dump with a page of a million characters imports with its lint errors', async () => {
  // Linted whole, such a page took several hundred megabytes and stopped the reader thread.
  const dir = mkdtempSync(join(tmpdir(), 'lint-long-'));
  try {
    const text = longPage(53);
    assert.ok(text.length >= 1_000_000);
    const file = join(dir, 'long.xml');
    writeFileSync(file, dumpOf([text.replace(/&/g, '&amp;').replace(/</g, '&lt;')]));
    const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'wiki.sqlite') });
    try {
      await importXmlDump(store, file);
      const rows = await store.db
        .selectFrom('linter')
        .select(['linter_cat', 'linter_start'])
        .orderBy('linter_id')
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.linter_cat, Number(r.linter_start)]),
        [...text.matchAll(/<center>/g)].map((m) => ['obsolete-tag', Buffer.byteLength(text.slice(0, m.index))]),
      );
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describeEachEngine('lint errors of a dump import', (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'lint-import-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the current revision's errors, replaced by a newer dump; none with lint off", async () => {
    const { target, dispose } = await engine.createTarget();
    const store = await openWikiStore(target);
    try {
      const rows = () =>
        store.db
          .selectFrom('linter')
          .select(['linter_page', 'linter_namespace', 'linter_cat'])
          .orderBy('linter_id')
          .execute();
      const v1 = join(dir, 'v1.xml');
      writeFileSync(v1, dumpOf(['&lt;center&gt;a&lt;/center&gt; &lt;div&gt;b']));
      await importXmlDump(store, v1);
      assert.deepEqual(
        (await rows()).map((r) => [r.linter_page, r.linter_namespace, r.linter_cat]),
        [
          [5, 0, 'obsolete-tag'],
          [5, 0, 'missing-end-tag'],
        ],
      );
      const v2 = join(dir, 'v2.xml');
      writeFileSync(v2, dumpOf(['&lt;center&gt;a&lt;/center&gt; &lt;div&gt;b', 'Sauber.']));
      await importXmlDump(store, v2);
      assert.deepEqual(await rows(), []);
      const v3 = join(dir, 'v3.xml');
      writeFileSync(
        v3,
        dumpOf(['&lt;center&gt;a&lt;/center&gt; &lt;div&gt;b', 'Sauber.', '&lt;center&gt;c&lt;/center&gt;']),
      );
      await importXmlDump(store, v3, { lint: false });
      assert.deepEqual(await rows(), []);
    } finally {
      await store.close();
      await dispose();
    }
  });
});
