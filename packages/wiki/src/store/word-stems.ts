/**
 * Words under their stems, for searches with `srenablerewrites`: the Snowball stemmer of the
 * wiki's content language, and what the search index's helper thread is asked. This module
 * imports nothing heavy, so that the helper thread is ready soon after it starts.
 */
import { fastStemmer, type Stemmer } from './snowball.js';

/**
 * Languages by content language code, under the name that both the Snowball stemmers and
 * PostgreSQL's text search configurations give them.
 */
const LANGUAGES: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  nb: 'norwegian',
  ne: 'nepali',
  nl: 'dutch',
  nn: 'norwegian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sl: 'slovene',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** Those of the languages that the `snowball-stemmers` package has no stemmer for. */
const WITHOUT_SNOWBALL = new Set(['el', 'hi', 'id', 'lt', 'ne', 'sr', 'yi']);
/** Those that PostgreSQL has no built-in text search configuration for. */
const WITHOUT_POSTGRES_CONFIG = new Set(['cs', 'sl']);

/** The language of a content language code without its variant (`de` of `de-formal`). */
function baseLanguage(language: string): string {
  return language.toLowerCase().split('-')[0] ?? '';
}

/** The PostgreSQL text search configuration used for a wiki's language (`simple`: no stemming). */
export function postgresSearchConfig(language: string): string {
  const code = baseLanguage(language);
  return (!WITHOUT_POSTGRES_CONFIG.has(code) && LANGUAGES[code]) || 'simple';
}

/** The Snowball algorithm of a wiki's language, if there is one. */
function snowballAlgorithm(language: string): string | undefined {
  const code = baseLanguage(language);
  return WITHOUT_SNOWBALL.has(code) ? undefined : LANGUAGES[code];
}

/** The Snowball stemmer of a language (lowercase words); words stay as they are without one. */
export class WordStemmer {
  private readonly stemmer: Stemmer | undefined;

  constructor(language: string) {
    const algorithm = snowballAlgorithm(language);
    this.stemmer = algorithm ? fastStemmer(algorithm) : undefined;
  }

  stem(word: string): string {
    return this.stemmer ? this.stemmer.stem(word) : word;
  }
}

/** The `[stem, word]` pairs of the words that are not their own stem, flattened. */
export function stemPairs(words: string[], stemmer: WordStemmer): string[] {
  const pairs: string[] = [];
  for (const word of words) {
    const stem = stemmer.stem(word);
    if (stem !== word) pairs.push(stem, word);
  }
  return pairs;
}

/**
 * SQLite: a chunk of an FTS5 vocabulary table's words (`fts5vocab`, `row`) after the bound word,
 * as one text of a word a line (no word holds a line break: FTS5's tokenizer splits at every
 * ASCII character that is no letter or digit), and the chunk's last word (`terms`, `last`). A row
 * for each word took nearly twice as long (10,000 generated pages, 1.2 million words: 0.73 to
 * 0.82 s against 0.44 to 0.46 s).
 */
export function vocabularyChunkSql(vocabularyTable: string, chunk: number): string {
  return `select group_concat(term, char(10)) as terms, max(term) as last
    from (select term from ${vocabularyTable} where term > ? order by term limit ${Math.trunc(chunk)})`;
}

/**
 * SQLite: writes `[stem, word]` pairs into the stem table from one bound JSON array of pairs
 * (`stemPairsJson`): SQLite reads it faster than thousands of bound values.
 */
export const INSERT_STEM_PAIRS_SQL = `insert or ignore into searchindex_stem (ss_stem, ss_word)
  select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(?)`;

/** Flattened `[stem, word]` pairs (as `stemPairs` gives them) as the JSON `INSERT_STEM_PAIRS_SQL` takes. */
export function stemPairsJson(pairs: string[]): string {
  const rows: Array<[string, string]> = [];
  for (let i = 0; i < pairs.length; i += 2) rows.push([pairs[i]!, pairs[i + 1]!]);
  return JSON.stringify(rows);
}

/** What a search index thread is asked: the pages (title, wikitext) to prepare, or words to stem. */
export type SearchIndexRequest =
  | { kind: 'prepare'; pages: Array<[string, string]> }
  | { kind: 'stem'; words: string[] };

/** What a search index thread starts with: the content language, and where it says it is ready. */
export interface SearchIndexWorkerData {
  language: string;
  started: Int32Array;
}
