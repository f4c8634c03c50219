/**
 * Localized namespace names of content languages, as MediaWiki's language files define them
 * (facts, not configuration; see language-facts.ts). `$1` in a project-talk name stands for the
 * project namespace's name.
 */
import { readFileSync } from 'node:fs';
import { compareByteOrder } from '../text/byte-order.js';
import { DEPRECATED_CODES } from './languages.js';
import { convertGrammar, languageFacts } from './mediawiki/language-facts.js';
import type { NamespaceAlias } from './site.js';

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

interface ScribuntoFile {
  names: Record<string, Record<string, string>>;
  aliases: Record<string, Record<string, number>>;
}
let scribuntoFile: ScribuntoFile | undefined;

/**
 * Scribunto's namespace names and aliases in a language (the language facts lack them: the wiki
 * they are written from has no Scribunto), as MediaWiki merges them: each name from the nearest
 * language of the fallback chain that has it, English last; the aliases of all of them.
 */
function scribuntoNamespaces(
  language: string,
  fallbacks: readonly string[],
): { names: Record<number, string>; aliases: LanguageNamespaces['aliases'] } {
  scribuntoFile ??= JSON.parse(
    readFileSync(new URL('./mediawiki/scribunto-namespaces.json', import.meta.url), 'utf8'),
  ) as ScribuntoFile;
  const replaced = DEPRECATED_CODES[language];
  const chain = [...new Set([...(replaced ? [replaced] : []), language, ...fallbacks, 'en'])];
  const names: Record<number, string> = {};
  const aliases: LanguageNamespaces['aliases'] = [];
  for (const code of chain) {
    for (const [id, name] of Object.entries(scribuntoFile.names[code] ?? {})) names[Number(id)] ??= spacedName(name);
    for (const [alias, id] of Object.entries(scribuntoFile.aliases[code] ?? {})) aliases.push([spacedName(alias), id]);
  }
  return { names, aliases };
}

function spacedName(name: string): string {
  return name.replace(/_/g, ' ');
}

const GADGET_NAMESPACES = [2300, 2301, 2302, 2303];

const byLanguage = new Map<string, LanguageNamespaces>([['en', english]]);

/**
 * The namespace names of a content language, from MediaWiki's language facts; English's for a
 * language MediaWiki does not have. The project talk name keeps `$1` for the project's name, and
 * the grammar it is declined by (`Обсуждение_{{GRAMMAR:genitive|$1}}`): see `withProjectName`.
 */
export function languageNamespaces(language: string): LanguageNamespaces {
  const known = byLanguage.get(language);
  if (known) return known;
  const facts = languageFacts(language);
  if (facts.code === 'en') return english;
  const names: Record<number, string> = {};
  for (const id of Object.keys(english.names).map(Number))
    names[id] = spacedName(facts.namespaces[id] ?? english.names[id]);
  const projectTalk = spacedName(facts.namespaces[5] ?? '$1_talk');
  const aliases: Array<[string, number]> = [];
  for (const [name, id] of Object.entries(facts.namespaceAliases)) {
    const alias = spacedName(name);
    // The canonical old names come after (canonicalAliases); a name the namespace has is no alias.
    if (canonicalAliases.some(([old]) => old === alias) || names[id] === alias) continue;
    if (!aliases.some(([known]) => known === alias)) aliases.push([alias, id]);
  }
  const scribunto = scribuntoNamespaces(language, facts.fallback);
  for (const [alias, id] of scribunto.aliases) {
    if (scribunto.names[id] !== alias && !aliases.some(([known]) => known === alias)) aliases.push([alias, id]);
  }
  const gadgets: Record<number, string> = {};
  for (const id of GADGET_NAMESPACES) gadgets[id] = spacedName(facts.namespaces[id] ?? english.extensions.Gadgets[id]);
  const local: LanguageNamespaces = {
    names,
    projectTalk,
    aliases,
    extensions: { Gadgets: gadgets, Scribunto: scribunto.names },
    mainPage: facts.mainPage,
  };
  byLanguage.set(language, local);
  return local;
}

/** English names are the canonical ones in every language. */
export const canonicalNamespaces = english;

/**
 * A wiki's namespace aliases from a language's (`$1` standing for the project's name, as in a
 * project talk alias), the old canonical ones and the wiki's own, for the namespaces it has
 * (`namespaces`: their names by id): each name once and none a namespace's own name, in
 * siteinfo's order (MediaWiki sorts them by namespace, then by name).
 */
export function namespaceAliasList(
  aliases: readonly (readonly [name: string, id: number])[],
  project: string,
  namespaces: ReadonlyMap<number, string>,
  language = 'en',
): NamespaceAlias[] {
  const seen = new Set<string>();
  const list: NamespaceAlias[] = [];
  for (const [written, id] of aliases) {
    const name = withProjectName(written, project, language);
    if (!namespaces.has(id) || namespaces.get(id) === name || seen.has(name)) continue;
    seen.add(name);
    list.push({ id, name });
  }
  return list.sort((a, b) => a.id - b.id || compareByteOrder(a.name, b.name));
}

/**
 * Old canonical names every wiki accepts (MediaWiki's `Image` for `File`), whatever its
 * language; listed after the language's own aliases, as `siteinfo` shows them.
 */
export const canonicalAliases: Array<[name: string, id: number]> = [
  ['Image', 6],
  ['Image talk', 7],
];

/**
 * A namespace name with the project's name put in for `$1`, declined where the language's name
 * asks for it (`Обсуждение_{{GRAMMAR:genitive|$1}}` → `Обсуждение Википедии`), as MediaWiki does.
 */
export function withProjectName(template: string, project: string, language: string): string {
  return template
    .replace(/\{\{GRAMMAR:([^|}]*)\|\$1\}\}/gi, (_, grammaticalCase: string) =>
      convertGrammar(project, grammaticalCase.trim(), language),
    )
    .replace('$1', project);
}
