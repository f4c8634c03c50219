import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import { contentMessageReader } from '../../src/api/messages/store.js';
import { completeDeferredBuilds, describeDeferredBuild } from '../../src/import/deferred-builds.js';
import { importXmlDump } from '../../src/import/xml/xml-importer.js';
import { deferredBuild } from '../../src/store/deferred-builds.js';
import { loadSite } from '../../src/store/site-store.js';
import { queryJson } from '../helpers/reference-api.js';
import { importTestStores } from './test-stores.js';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page of the dump: title, namespace, id, text, and its content model when not wikitext. */
type DumpPage = [string, number, number, string, string?];

// The articles come before the templates they use, as they may in a real dump.
const PAGES: DumpPage[] = [
  ['Apple', 0, 1, 'An apple. {{Fruit|red}} {{#ifexist:Quince|yes|no}} [[Orchard]]'],
  ['Banana', 0, 2, '{{DEFAULTSORT:Nana}}A banana. {{Fruit alias}}'],
  ['Cherry', 0, 3, 'A cherry. {{No such template}} [[Category:Stone fruits]]'],
  ['Fig', 0, 4, 'A fig, no templates. [[Category:Fruits]]'],
  [
    'Template:Fruit',
    10,
    5,
    '<includeonly>[[Category:Fruits]]{{Navbox fruit}}</includeonly><noinclude>[[Category:Templates]]</noinclude>',
  ],
  ['Template:Fruit alias', 10, 6, '#REDIRECT [[Template:Fruit]]'],
  ['Template:Navbox fruit', 10, 7, '[[Pear]] [[Plum]] [https://example.com/fruit fruit site] [[File:Missing.png]]'],
  ['Pear', 0, 8, 'A pear.'],
  // A redirect's other text is parsed as any page's; a hidden category is tracked as one.
  ['Pyrus', 0, 9, '#REDIRECT [[Pear]]\n{{R from scientific name}}'],
  ['Category:Fruits', 14, 10, '__HIDDENCAT__ Fruits.'],
  // A style sheet is no wikitext: it links nothing, whatever it holds.
  ['MediaWiki:Common.css', 8, 11, '/* [[Category:Fruits]] {{Fruit}} */', 'css'],
];

function dump(): string {
  const pages = PAGES.map(
    ([title, ns, id, text, model = 'wikitext']) =>
      `<page><title>${title}</title><ns>${ns}</ns><id>${id}</id><revision><id>${id + 100}</id>` +
      '<timestamp>2026-01-01T00:00:00Z</timestamp><contributor><username>Editor</username><id>1</id></contributor>' +
      `<model>${model}</model><format>${model === 'css' ? 'text/css' : 'text/x-wiki'}</format><text xml:space="preserve">${escapeXml(text)}</text></revision></page>`,
  );
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo><sitename>Fruitwiki</sitename><dbname>fruitwiki</dbname><base>https://fruit.example/wiki/Main_Page</base>
    <case>first-letter</case><namespaces><namespace key="-2" case="first-letter">Media</namespace>
    <namespace key="0" case="first-letter" /><namespace key="6" case="first-letter">File</namespace>
    <namespace key="8" case="first-letter">MediaWiki</namespace>
    <namespace key="10" case="first-letter">Template</namespace><namespace key="14" case="first-letter">Category</namespace></namespaces></siteinfo>
  ${pages.join('\n  ')}
</mediawiki>`;
}

describeEachEngine('links that templates add, completed after an XML import', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'expanded-links-');
  const file = join(dir, 'fruitwiki.xml');
  writeFileSync(file, dump());

  test('categories, transclusions, links and files of templates; counts; the warning meanwhile', async () => {
    const store = await freshStore();
    await importXmlDump(store, file, { deferBuilds: true, lint: false });
    const app = await buildApp({ store, site: (await loadSite(store.db))! });
    try {
      const members = () =>
        queryJson(app, { list: 'categorymembers', cmtitle: 'Category:Fruits', cmprop: 'title|sortkeyprefix' });
      const before = await members();
      assert.match(
        before.warnings.categorymembers.warnings,
        /The link tables are being completed with what templates add \(0 of 11 pages read\)/,
      );
      assert.deepEqual(before.query.categorymembers, [{ ns: 0, title: 'Fig', sortkeyprefix: '' }]);

      const pendingLinks = await queryJson(app, { titles: 'Apple', prop: 'extlinks|images' });
      assert.match(pendingLinks.warnings.extlinks.warnings, /being completed/);
      assert.match(pendingLinks.warnings.images.warnings, /being completed/);

      await completeDeferredBuilds(store, undefined, { message: contentMessageReader(store) });
      assert.equal(await deferredBuild(store.db, 'links'), undefined);
      const after = await members();
      assert.equal(after.warnings, undefined);
      assert.deepEqual(after.query.categorymembers, [
        { ns: 0, title: 'Apple', sortkeyprefix: '' },
        { ns: 0, title: 'Fig', sortkeyprefix: '' },
        { ns: 0, title: 'Banana', sortkeyprefix: 'Nana' },
      ]);

      const apple = await queryJson(app, {
        titles: 'Apple|Cherry',
        prop: 'templates|links|categories|images|extlinks',
        tllimit: 'max',
        pllimit: 'max',
      });
      const pages = Object.fromEntries(Object.values(apple.query.pages).map((p: any) => [p.title, p]));
      const titles = (list: Array<{ title: string }> | undefined) => (list ?? []).map((item) => item.title);
      // Nested templates are transclusions too; the template's own <noinclude> category is not the page's.
      assert.deepEqual(titles(pages.Apple.templates), ['Template:Fruit', 'Template:Navbox fruit']);
      // #ifexist links its target; the navbox's links are the page's.
      assert.deepEqual(titles(pages.Apple.links), ['Orchard', 'Pear', 'Plum', 'Quince']);
      assert.deepEqual(titles(pages.Apple.categories), ['Category:Fruits', 'Category:Pages with broken file links']);
      assert.deepEqual(titles(pages.Apple.images), ['File:Missing.png']);
      assert.deepEqual(
        pages.Apple.extlinks.map((l: { url: string }) => l.url),
        ['https://example.com/fruit'],
      );
      // A missing template is a transclusion and a link.
      assert.deepEqual(titles(pages.Cherry.templates), ['Template:No such template']);
      assert.deepEqual(titles(pages.Cherry.links), ['Template:No such template']);

      // A redirected template: both the redirect and its target are transcluded.
      const banana = await queryJson(app, { titles: 'Banana', prop: 'templates' });
      assert.deepEqual(titles((Object.values(banana.query.pages)[0] as any).templates), [
        'Template:Fruit',
        'Template:Fruit alias',
        'Template:Navbox fruit',
      ]);
      const embedded = await queryJson(app, { list: 'embeddedin', eititle: 'Template:Navbox fruit' });
      assert.deepEqual(titles(embedded.query.embeddedin), ['Apple', 'Banana']);

      const info = await queryJson(app, { titles: 'Category:Fruits', prop: 'categoryinfo|categories' });
      const fruits = Object.values(info.query.pages)[0] as any;
      assert.equal(fruits.categoryinfo.pages, 3);
      assert.deepEqual(titles(fruits.categories), ['Category:Hidden categories']);

      const pyrus = await queryJson(app, { titles: 'Pyrus', prop: 'links|templates' });
      const redirect = Object.values(pyrus.query.pages)[0] as any;
      assert.deepEqual(titles(redirect.templates), ['Template:R from scientific name']);
      assert.deepEqual(titles(redirect.links), ['Pear', 'Template:R from scientific name']);
      const css = await queryJson(app, { titles: 'MediaWiki:Common.css', prop: 'categories|templates' });
      const sheet = Object.values(css.query.pages)[0] as any;
      assert.equal(sheet.categories, undefined);
      assert.equal(sheet.templates, undefined);
      const target = await queryJson(app, { titles: 'Pyrus', redirects: '1' });
      assert.deepEqual(target.query.redirects, [{ from: 'Pyrus', to: 'Pear' }]);
    } finally {
      await app.close();
    }
  });

  test('a page whose expansion fails keeps the links of its text as written; the build goes on and says so', async () => {
    const store = await freshStore();
    await importXmlDump(store, file, { deferBuilds: true, lint: false });
    // A message source that fails stands for any failure inside the expansion of one page.
    await store.db
      .updateTable('content')
      .set({ content_text: '{{int:failing-message}} [[Orchard]] {{Fruit}}' })
      .where(
        'content_id',
        '=',
        (
          await store.db
            .selectFrom('slots')
            .select('slot_content_id')
            .where('slot_revision_id', '=', 104)
            .executeTakeFirstOrThrow()
        ).slot_content_id,
      )
      .execute();
    const message = async (key: string) => {
      if (key === 'failing-message') throw new Error('no messages today');
      return undefined;
    };
    const [result] = await completeDeferredBuilds(store, undefined, { message });
    assert.equal(result?.kind, 'links');
    assert.equal(result?.failed, 1);
    assert.match(describeDeferredBuild(result!), /10 pages in .* s \(1 read as written: their expansion failed\)/);
    const app = await buildApp({ store, site: (await loadSite(store.db))! });
    try {
      const fig = await queryJson(app, { titles: 'Fig', prop: 'links|templates|categories' });
      const page = Object.values(fig.query.pages)[0] as any;
      assert.deepEqual(
        page.links.map((l: { title: string }) => l.title),
        ['Orchard'],
      );
      assert.deepEqual(
        page.templates.map((l: { title: string }) => l.title),
        ['Template:Fruit'],
      );
      assert.equal(page.categories, undefined);
      const apple = await queryJson(app, { titles: 'Apple', prop: 'categories' });
      assert.ok((Object.values(apple.query.pages)[0] as any).categories.length > 0, 'the other pages expanded');
    } finally {
      await app.close();
    }
  });
});
