/**
 * Localized namespace names of the content languages the wiki knows, as MediaWiki's language
 * files define them (facts, not configuration). `$1` in a project-talk name stands for the
 * project namespace's name. A language not listed here falls back to English.
 */
export interface LanguageNamespaces {
  /** Names by namespace id; 4 (project) is the site's own name and is not listed. */
  names: Record<number, string>;
  /** The project talk namespace, `$1` standing for the project namespace's name. */
  projectTalk: string;
  /** Other names a title may use: gendered forms and old names. */
  aliases: Array<[name: string, id: number]>;
  /** Names of namespaces that extensions add, by extension. */
  extensions: Record<string, Record<number, string>>;
  mainPage: string;
}

const english: LanguageNamespaces = {
  names: {
    [-2]: 'Media',
    [-1]: 'Special',
    0: '',
    1: 'Talk',
    2: 'User',
    3: 'User talk',
    6: 'File',
    7: 'File talk',
    8: 'MediaWiki',
    9: 'MediaWiki talk',
    10: 'Template',
    11: 'Template talk',
    12: 'Help',
    13: 'Help talk',
    14: 'Category',
    15: 'Category talk',
  },
  projectTalk: '$1 talk',
  aliases: [],
  extensions: {
    Gadgets: { 2300: 'Gadget', 2301: 'Gadget talk', 2302: 'Gadget definition', 2303: 'Gadget definition talk' },
    Scribunto: { 828: 'Module', 829: 'Module talk' },
  },
  mainPage: 'Main Page',
};

const german: LanguageNamespaces = {
  names: {
    [-2]: 'Medium',
    [-1]: 'Spezial',
    0: '',
    1: 'Diskussion',
    2: 'Benutzer',
    3: 'Benutzer Diskussion',
    6: 'Datei',
    7: 'Datei Diskussion',
    8: 'MediaWiki',
    9: 'MediaWiki Diskussion',
    10: 'Vorlage',
    11: 'Vorlage Diskussion',
    12: 'Hilfe',
    13: 'Hilfe Diskussion',
    14: 'Kategorie',
    15: 'Kategorie Diskussion',
  },
  projectTalk: '$1 Diskussion',
  aliases: [
    ['Benutzerin', 2],
    ['Benutzerin Diskussion', 3],
    ['Bild', 6],
    ['Bild Diskussion', 7],
  ],
  extensions: {
    Gadgets: {
      2300: 'Gadget',
      2301: 'Gadget Diskussion',
      2302: 'Gadget-Definition',
      2303: 'Gadget-Definition Diskussion',
    },
    Scribunto: { 828: 'Modul', 829: 'Modul Diskussion' },
  },
  mainPage: 'Hauptseite',
};

const byLanguage: Record<string, LanguageNamespaces> = { en: english, de: german };

/** The namespace names of a content language, English for one not known. */
export function languageNamespaces(language: string): LanguageNamespaces {
  return byLanguage[language] ?? english;
}

/** English names are the canonical ones in every language. */
export const canonicalNamespaces = english;

/**
 * Old canonical names every wiki accepts (MediaWiki's `Image` for `File`), whatever its
 * language; listed after the language's own aliases, as `siteinfo` shows them.
 */
export const canonicalAliases: Array<[name: string, id: number]> = [
  ['Image', 6],
  ['Image talk', 7],
];
