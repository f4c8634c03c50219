import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildNamespaces, defaultSite, SettingsError, siteFromSettings } from '../../src/site/defaults.js';

// The reference wiki's settings.json (see test/fixtures/reference-wiki/).
const referenceSettings = {
  Sitename: 'Testwiki',
  DBname: 'testwiki',
  Server: 'http://127.0.0.1:8090',
  ScriptPath: '',
  ArticlePath: '/index.php/$1',
  LanguageCode: 'de',
  Localtimezone: 'UTC',
  EnableUploads: true,
  UploadPath: '/images',
  FileExtensions: ['png', 'gif', 'jpg', 'jpeg', 'webp', 'svg'],
  Extensions: ['Cite', 'Gadgets', 'Interwiki', 'PageImages', 'ParserFunctions', 'Renameuser', 'ReplaceText'],
  GroupPermissions: { sysop: { interwiki: true } },
};

// What MediaWiki answered for siteinfo&siprop=namespaces|namespacealiases on that wiki:
// [id, name, canonical, case, subpages, content, namespaceprotection, defaultcontentmodel]
const expectedNamespaces: Array<[number, string, string | undefined, string, boolean, boolean, string?, string?]> = [
  [-2, 'Medium', 'Media', 'first-letter', false, false],
  [-1, 'Spezial', 'Special', 'first-letter', false, false],
  [0, '', undefined, 'first-letter', false, true],
  [1, 'Diskussion', 'Talk', 'first-letter', true, false],
  [2, 'Benutzer', 'User', 'first-letter', true, false],
  [3, 'Benutzer Diskussion', 'User talk', 'first-letter', true, false],
  [4, 'Testwiki', 'Project', 'first-letter', true, false],
  [5, 'Testwiki Diskussion', 'Project talk', 'first-letter', true, false],
  [6, 'Datei', 'File', 'first-letter', false, false],
  [7, 'Datei Diskussion', 'File talk', 'first-letter', true, false],
  [8, 'MediaWiki', 'MediaWiki', 'first-letter', true, false, 'editinterface'],
  [9, 'MediaWiki Diskussion', 'MediaWiki talk', 'first-letter', true, false],
  [10, 'Vorlage', 'Template', 'first-letter', true, false],
  [11, 'Vorlage Diskussion', 'Template talk', 'first-letter', true, false],
  [12, 'Hilfe', 'Help', 'first-letter', true, false],
  [13, 'Hilfe Diskussion', 'Help talk', 'first-letter', true, false],
  [14, 'Kategorie', 'Category', 'first-letter', false, false],
  [15, 'Kategorie Diskussion', 'Category talk', 'first-letter', true, false],
  [2300, 'Gadget', 'Gadget', 'case-sensitive', false, false, 'gadgets-edit'],
  [2301, 'Gadget Diskussion', 'Gadget talk', 'case-sensitive', false, false],
  [
    2302,
    'Gadget-Definition',
    'Gadget definition',
    'case-sensitive',
    false,
    false,
    'gadgets-definition-edit',
    'GadgetDefinition',
  ],
  [2303, 'Gadget-Definition Diskussion', 'Gadget definition talk', 'case-sensitive', false, false],
];
const expectedAliases = [
  { id: 2, name: 'Benutzerin' },
  { id: 3, name: 'Benutzerin Diskussion' },
  { id: 6, name: 'Bild' },
  { id: 6, name: 'Image' },
  { id: 7, name: 'Bild Diskussion' },
  { id: 7, name: 'Image talk' },
];

describe('site configuration from settings.json', () => {
  test("the reference wiki's namespaces and aliases are what MediaWiki reported", () => {
    const site = siteFromSettings(referenceSettings);
    assert.deepEqual(
      site.namespaces.map((ns) => [
        ns.id,
        ns.name,
        ns.canonical,
        ns.case,
        ns.subpages,
        ns.content,
        ns.protection,
        ns.defaultContentModel,
      ]),
      expectedNamespaces.map(([id, name, canonical, c, subpages, content, protection, model]) => [
        id,
        name,
        canonical,
        c,
        subpages,
        content,
        protection,
        model,
      ]),
    );
    assert.deepEqual(site.namespaceAliases, expectedAliases);
  });

  test('the site fields come from the settings', () => {
    const site = siteFromSettings(referenceSettings, { uploadDirectory: '/srv/wiki/images' });
    assert.equal(site.wikiId, 'testwiki');
    assert.equal(site.siteName, 'Testwiki');
    assert.equal(site.server, 'http://127.0.0.1:8090');
    assert.equal(site.scriptPath, '');
    assert.equal(site.articlePath, '/index.php/$1');
    assert.equal(site.uploadPath, '/images');
    assert.equal(site.uploadDirectory, '/srv/wiki/images');
    assert.equal(site.language, 'de');
    assert.equal(site.mainPage, 'Hauptseite');
    assert.equal(site.enableUploads, true);
    assert.deepEqual(site.fileExtensions, ['png', 'gif', 'jpg', 'jpeg', 'webp', 'svg']);
    assert.deepEqual(site.groupPermissions, { sysop: { interwiki: true } });
    assert.equal(site.settings.Sitename, 'Testwiki');
  });

  test("settings left out are MediaWiki's defaults", () => {
    const site = siteFromSettings({ DBname: 'plain' });
    assert.equal(site.language, 'en');
    assert.equal(site.siteName, 'MediaWiki');
    assert.equal(site.mainPage, 'Main Page');
    assert.equal(site.articlePath, '/index.php/$1');
    assert.equal(site.enableUploads, false);
    assert.deepEqual(site.fileExtensions, ['png', 'gif', 'jpg', 'jpeg', 'webp']);
    const names = Object.fromEntries(site.namespaces.map((ns) => [ns.id, ns.name]));
    assert.equal(names[4], 'MediaWiki');
    assert.equal(names[5], 'MediaWiki talk');
    assert.equal(names[3], 'User talk');
    assert.equal(names[2300], undefined, 'no Gadget namespace without the extension');
    assert.deepEqual(site.namespaceAliases, [
      { id: 6, name: 'Image' },
      { id: 7, name: 'Image talk' },
    ]);
    assert.ok(site.interwiki.some((iw) => iw.prefix === 'wikipedia' && !iw.local));
  });

  test('the wiki id falls back to the database file name; a bad setting is named', () => {
    assert.equal(siteFromSettings({}, { fallbackWikiId: 'mywiki' }).wikiId, 'mywiki');
    assert.throws(() => siteFromSettings({}), /DBname/);
    assert.throws(
      () => siteFromSettings({ DBname: 'x', EnableUploads: 'yes' }),
      (e: unknown) => {
        assert.ok(e instanceof SettingsError);
        assert.match(e.message, /EnableUploads/);
        return true;
      },
    );
    assert.throws(() => siteFromSettings({ DBname: 'x', ExtraNamespaces: { abc: 'X' } }), /ExtraNamespaces/);
    assert.throws(
      () => siteFromSettings({ DBname: 'x', AllUnicodeFixes: 'yes' }),
      /AllUnicodeFixes must be true or false/,
    );
    assert.throws(
      () => siteFromSettings({ DBname: 'x', OverrideUcfirstCharacters: ['ß'] }),
      /OverrideUcfirstCharacters/,
    );
    assert.throws(
      () => siteFromSettings({ DBname: 'x', OverrideUcfirstCharacters: { ab: 'AB' } }),
      /OverrideUcfirstCharacters must map single characters/,
    );
    assert.throws(
      () => siteFromSettings({ DBname: 'x', OverrideUcfirstCharacters: { ß: 5 } }),
      /OverrideUcfirstCharacters/,
    );
    assert.deepEqual(
      siteFromSettings({ DBname: 'x', OverrideUcfirstCharacters: { ß: 'ß' } }).settings.OverrideUcfirstCharacters,
      {
        ß: 'ß',
      },
    );
  });
});

describe('namespace rules', () => {
  test('without capital links only special, user and MediaWiki namespaces keep first-letter case', () => {
    const { namespaces } = buildNamespaces({ language: 'en', siteName: 'W', capitalLinks: false });
    const firstLetter = namespaces.filter((ns) => ns.case === 'first-letter').map((ns) => ns.id);
    assert.deepEqual(firstLetter, [-1, 2, 3, 8, 9]);
  });

  test('extra namespaces, meta namespace and aliases from settings', () => {
    const { namespaces, namespaceAliases } = buildNamespaces({
      language: 'de',
      siteName: 'Mein Wiki',
      metaNamespace: 'Projekt',
      extraNamespaces: { 100: 'Portal', 101: 'Portal_Diskussion' },
      contentNamespaces: [0, 100],
      aliases: { WP: 4 },
      extensions: ['Scribunto'],
    });
    const byId = new Map(namespaces.map((ns) => [ns.id, ns]));
    assert.equal(byId.get(4)?.name, 'Projekt');
    assert.equal(byId.get(5)?.name, 'Projekt Diskussion');
    assert.equal(byId.get(101)?.name, 'Portal Diskussion');
    assert.equal(byId.get(100)?.content, true);
    assert.equal(byId.get(828)?.name, 'Modul');
    assert.equal(byId.get(828)?.canonical, 'Module');
    assert.ok(namespaceAliases.some((a) => a.name === 'WP' && a.id === 4));
  });

  test("Scribunto's namespaces in the wiki's language, with its aliases, as MediaWiki 1.39 with Scribunto names them", () => {
    const scribunto = (language: string) => {
      const { namespaces, namespaceAliases } = buildNamespaces({ language, siteName: 'W', extensions: ['Scribunto'] });
      return {
        names: namespaces.filter((ns) => ns.id === 828 || ns.id === 829).map((ns) => ns.name),
        aliases: namespaceAliases.filter((a) => a.id === 828).map((a) => a.name),
      };
    };
    assert.deepEqual(scribunto('ru'), { names: ['Модуль', 'Обсуждение модуля'], aliases: [] });
    assert.deepEqual(scribunto('es').names, ['Módulo', 'Módulo discusión']);
    // A language without names of its own has its fallbacks' (Austrian German: German's).
    assert.deepEqual(scribunto('de-at').names, ['Modul', 'Modul Diskussion']);
    // Chinese keeps the English names, and takes the aliases of both scripts.
    assert.deepEqual(scribunto('zh'), { names: ['Module', 'Module talk'], aliases: ['模块', '模塊', '模組', '模组'] });
    assert.deepEqual(scribunto('zh-hant').names, ['模組', '模組討論']);
    // A deprecated code is its replacement's language.
    assert.deepEqual(scribunto('zh-yue').names, ['模組', '模組討論']);
    // Without Scribunto, its aliases name no namespace.
    const without = buildNamespaces({ language: 'zh', siteName: 'W' });
    assert.ok(!without.namespaceAliases.some((a) => a.id === 828));
  });

  test("the project talk namespace declined by the language's grammar (Russian: genitive)", () => {
    const name = (siteName: string) =>
      buildNamespaces({ language: 'ru', siteName }).namespaces.find((ns) => ns.id === 5)?.name;
    assert.equal(name('Википедия'), 'Обсуждение Википедии');
    assert.equal(name('Testwiki'), 'Обсуждение Testwiki');
  });

  test('a fresh store describes a German wiki', () => {
    const site = defaultSite();
    assert.equal(site.language, 'de');
    assert.equal(site.mainPage, 'Hauptseite');
    assert.equal(site.scriptPath, '');
    assert.equal(site.namespaces.find((ns) => ns.id === 14)?.name, 'Kategorie');
  });
});
