/**
 * The language data of the wiki's software, read from the source wiki (`wiki languages`,
 * `wiki mirror`) and stored with the wiki: every language code the software knows with its facts,
 * and the codes' names in the languages they were read in. The API keeps it in memory
 * (`api/language-data.ts`) and reloads it when a source row says it was read again.
 */
import { sql } from 'kysely';
import { insertRows } from './bulk-insert.js';
import type { WikiStore } from './database.js';
import { isPostgres } from './dialect.js';

/** What `meta=languageinfo` says of a code whatever the reader's language, and siteinfo's parts. */
export interface StoredLanguageCode {
  code: string;
  bcp47: string;
  dir: string;
  autonym: string;
  fallbacks: string[];
  variants: string[];
  /** Whether siteinfo's `languages` lists the code (MediaWiki's defined languages). */
  listed: boolean;
  /** siteinfo's `languagevariants` entry: each variant's fallbacks; undefined without a converter. */
  variantFallbacks?: Record<string, string[]>;
}

/** Where and when the codes (`lang` '') or the names in a language were read, and how many. */
export interface LanguageSourceRow {
  lang: string;
  /** The api.php they were read from. */
  source: string;
  /** The source's software and version (`MediaWiki 1.39.10`). */
  software: string;
  /** When (ISO 8601). */
  fetched: string;
  count: number;
}

export interface StoredLanguageData {
  codes: StoredLanguageCode[];
  /** Per language the names are in: each code's name. */
  names: Map<string, Map<string, string>>;
}

/** The stored source rows, in language order (empty when the store holds no language data). */
export async function storedLanguageSources(store: WikiStore): Promise<LanguageSourceRow[]> {
  const rows = await store.db.selectFrom('language_source').selectAll().orderBy('ls_lang').execute();
  return rows.map((r) => ({
    lang: r.ls_lang,
    source: r.ls_source,
    software: r.ls_software,
    fetched: r.ls_fetched,
    count: Number(r.ls_count),
  }));
}

/** Every stored code (in code order) and name. */
export async function readLanguageData(store: WikiStore): Promise<StoredLanguageData> {
  const rows = await store.db.selectFrom('language_code').selectAll().orderBy('lc_code').execute();
  const codes = rows.map((r) => {
    const code: StoredLanguageCode = {
      code: r.lc_code,
      bcp47: r.lc_bcp47,
      dir: r.lc_dir,
      autonym: r.lc_autonym,
      fallbacks: JSON.parse(r.lc_fallbacks) as string[],
      variants: JSON.parse(r.lc_variants) as string[],
      listed: Number(r.lc_listed) === 1,
    };
    if (r.lc_variant_fallbacks !== '') code.variantFallbacks = JSON.parse(r.lc_variant_fallbacks);
    return code;
  });
  const names = new Map<string, Map<string, string>>();
  const nameRows = await store.db.selectFrom('language_name').selectAll().execute();
  for (const r of nameRows) {
    const inLanguage = names.get(r.ln_in) ?? new Map<string, string>();
    names.set(r.ln_in, inLanguage);
    inLanguage.set(r.ln_code, r.ln_name);
  }
  return { codes, names };
}

/**
 * Replaces the stored language data by `data`, read from `source`, in one transaction: a reader
 * sees the old data or the new, never a part of each.
 */
export async function replaceLanguageData(
  store: WikiStore,
  source: Omit<LanguageSourceRow, 'lang' | 'count'>,
  data: StoredLanguageData,
): Promise<void> {
  const codeRows = data.codes.map((c) => ({
    lc_code: c.code,
    lc_bcp47: c.bcp47,
    lc_dir: c.dir,
    lc_autonym: c.autonym,
    lc_fallbacks: JSON.stringify(c.fallbacks),
    lc_variants: JSON.stringify(c.variants),
    lc_listed: c.listed ? 1 : 0,
    lc_variant_fallbacks: c.variantFallbacks ? JSON.stringify(c.variantFallbacks) : '',
  }));
  const nameRows = [...data.names].flatMap(([inLanguage, names]) =>
    [...names].map(([code, name]) => ({ ln_in: inLanguage, ln_code: code, ln_name: name })),
  );
  const sourceRows = [
    { ls_lang: '', count: codeRows.length },
    ...[...data.names].map(([inLanguage, names]) => ({ ls_lang: inLanguage, count: names.size })),
  ].map(({ ls_lang, count }) => ({
    ls_lang,
    ls_source: source.source,
    ls_software: source.software,
    ls_fetched: source.fetched,
    ls_count: count,
  }));
  await store.db.transaction().execute(async (tx) => {
    for (const table of ['language_code', 'language_name', 'language_source'] as const) {
      await tx.deleteFrom(table).execute();
    }
    await insertRows(tx, 'language_code', codeRows);
    await insertRows(tx, 'language_name', nameRows);
    await insertRows(tx, 'language_source', sourceRows);
  });
  if (isPostgres(store.db)) await sql`analyze language_name`.execute(store.db);
}
