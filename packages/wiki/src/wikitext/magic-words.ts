/**
 * Lookups over MediaWiki's magic words in a content language: which `{{name}}` or `{{name:...}}`
 * is a variable or a parser function rather than a template, the behaviour switches (`__NOTOC__`)
 * and their page property names, and the redirect keywords. A language's synonyms are its own and
 * its fallbacks' with English's last, as MediaWiki resolves them (language-facts.ts).
 */
import { languageFacts } from '../site/mediawiki/language-facts.js';

/** Parser functions of extensions the reference wiki does not have, used in real dumps. */
const EXTRA_FUNCTIONS: ReadonlyArray<readonly [string, boolean, readonly string[]]> = [
  ['invoke', false, ['invoke']],
  ['property', false, ['property']],
  ['statements', false, ['statements']],
  ['babel', false, ['babel']],
  ['lst', false, ['lst', 'section']],
  ['lsth', false, ['lsth', 'section-h']],
  ['lstx', false, ['lstx', 'section-x']],
];

export interface MagicWords {
  /** The magic word id a template name stands for (`pagename`, `lc`, `defaultsort`), if any. */
  idOf(name: string): string | undefined;
  /** Every behaviour switch in the text, as page property names. */
  switchesIn(text: string): Set<string>;
  /** The text with its behaviour switches taken out (the parser shows nothing of them). */
  withoutSwitches(text: string): string;
  /** The text after a redirect keyword at the start (after leading whitespace), or undefined. */
  afterRedirectKeyword(text: string): string | undefined;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function buildMagicWords(language: string): MagicWords {
  const sensitive = new Map<string, string>();
  const insensitive = new Map<string, string>();
  const switchesSensitive: string[] = [];
  const switchesInsensitive: string[] = [];
  const switchIds = new Map<string, string>();
  const redirects: string[] = [];
  for (const [id, caseSensitive, synonyms] of [...magicWordList(language), ...EXTRA_FUNCTIONS]) {
    for (const synonym of synonyms) {
      if (id === 'redirect') {
        redirects.push(synonym);
        continue;
      }
      if (synonym.length > 4 && synonym.startsWith('__') && synonym.endsWith('__')) {
        (caseSensitive ? switchesSensitive : switchesInsensitive).push(synonym);
        switchIds.set(caseSensitive ? synonym : synonym.toUpperCase(), id);
        continue;
      }
      if (id.startsWith('img_') || synonym.includes('$1')) continue;
      const name = synonym.endsWith(':') ? synonym.slice(0, -1) : synonym;
      if (caseSensitive) sensitive.set(name, id);
      else insensitive.set(name.toUpperCase(), id);
    }
  }
  const byLength = (a: string, b: string) => b.length - a.length;
  const switchRegexes = [
    new RegExp(switchesSensitive.sort(byLength).map(escapeRegex).join('|'), 'g'),
    new RegExp(switchesInsensitive.sort(byLength).map(escapeRegex).join('|'), 'gi'),
  ];
  const redirectRegex = new RegExp(`^\\s*(?:${redirects.map(escapeRegex).join('|')})`, 'i');
  return {
    idOf(name) {
      return sensitive.get(name) ?? insensitive.get(name.toUpperCase());
    },
    switchesIn(text) {
      const found = new Set<string>();
      if (!text.includes('__')) return found;
      for (const regex of switchRegexes) {
        for (const m of text.matchAll(regex)) {
          const id = switchIds.get(m[0]) ?? switchIds.get(m[0].toUpperCase());
          if (id) found.add(id);
        }
      }
      return found;
    },
    withoutSwitches(text) {
      if (!text.includes('__')) return text;
      let out = text;
      for (const regex of switchRegexes) out = out.replace(regex, '');
      return out;
    },
    afterRedirectKeyword(text) {
      const m = redirectRegex.exec(text);
      return m ? text.slice(m[0].length) : undefined;
    },
  };
}

const byLanguage = new Map<string, MagicWords>();

/** The magic words of a content language (English's for a language MediaWiki does not have). */
export function magicWordsOf(language: string): MagicWords {
  let words = byLanguage.get(language);
  if (!words) {
    words = buildMagicWords(language);
    byLanguage.set(language, words);
  }
  return words;
}

/** Each magic word's synonyms in a content language: [id, case-sensitive, synonyms]. */
export function magicWordList(language: string): readonly (readonly [string, boolean, readonly string[]])[] {
  return languageFacts(language).magicWords.map(
    ({ name, caseSensitive, aliases }) => [name, caseSensitive, aliases] as const,
  );
}
