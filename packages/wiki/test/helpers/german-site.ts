/**
 * The site description of the reference wiki (`Testwiki`, content language German), as its
 * `siteinfo` answer describes it: the namespaces, aliases and part of the interwiki map that title
 * parsing and link extraction depend on.
 */
import type { InterwikiEntry, NamespaceInfo, SiteConfig } from '../../src/site/site.js';

const names: Array<[number, string, string | undefined, boolean]> = [
  [-2, 'Medium', 'Media', false],
  [-1, 'Spezial', 'Special', false],
  [0, '', undefined, false],
  [1, 'Diskussion', 'Talk', true],
  [2, 'Benutzer', 'User', true],
  [3, 'Benutzer Diskussion', 'User talk', true],
  [4, 'Testwiki', 'Project', true],
  [5, 'Testwiki Diskussion', 'Project talk', true],
  [6, 'Datei', 'File', false],
  [7, 'Datei Diskussion', 'File talk', true],
  [8, 'MediaWiki', 'MediaWiki', true],
  [9, 'MediaWiki Diskussion', 'MediaWiki talk', true],
  [10, 'Vorlage', 'Template', true],
  [11, 'Vorlage Diskussion', 'Template talk', true],
  [12, 'Hilfe', 'Help', true],
  [13, 'Hilfe Diskussion', 'Help talk', true],
  [14, 'Kategorie', 'Category', false],
  [15, 'Kategorie Diskussion', 'Category talk', true],
  [2300, 'Gadget', 'Gadget', false],
  [2301, 'Gadget Diskussion', 'Gadget talk', false],
  [2302, 'Gadget-Definition', 'Gadget definition', false],
  [2303, 'Gadget-Definition Diskussion', 'Gadget definition talk', false],
];

const namespaces: NamespaceInfo[] = names.map(([id, name, canonical, subpages]) => ({
  id,
  name,
  ...(canonical ? { canonical } : {}),
  case: id >= 2300 ? 'case-sensitive' : 'first-letter',
  subpages,
  content: id === 0,
  nonincludable: false,
}));

const languages = ['en', 'es', 'fr', 'it', 'ja', 'nl', 'pl', 'sv'];
const interwiki: InterwikiEntry[] = [
  ...languages.map((code) => ({
    prefix: code,
    url: `https://${code}.wikipedia.org/wiki/$1`,
    local: true,
    trans: false,
    language: code,
  })),
  ...['wikipedia', 'commons', 'wikt', 'mw', 'metawikimedia', 'google'].map((prefix) => ({
    prefix,
    url: `https://example.org/${prefix}/$1`,
    local: false,
    trans: false,
  })),
];

export function germanSite(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    wikiId: 'testwiki',
    siteName: 'Testwiki',
    server: 'http://127.0.0.1:8090',
    scriptPath: '',
    articlePath: '/index.php/$1',
    uploadPath: '/images',
    language: 'de',
    timezone: 'UTC',
    mainPage: 'Hauptseite',
    namespaces,
    namespaceAliases: [
      { id: 2, name: 'Benutzerin' },
      { id: 3, name: 'Benutzerin Diskussion' },
      { id: 6, name: 'Bild' },
      { id: 6, name: 'Image' },
      { id: 7, name: 'Bild Diskussion' },
      { id: 7, name: 'Image talk' },
    ],
    interwiki,
    extensions: [],
    fileExtensions: ['png', 'gif', 'jpg', 'jpeg', 'webp', 'svg'],
    enableUploads: true,
    groupPermissions: {},
    settings: {},
    ...overrides,
  };
}
