/**
 * The source wiki's language data, read through its API and stored (`store/language-data.ts`) for
 * `meta=languageinfo` and siteinfo's `languages`, `languagevariants` and interwiki languages to
 * answer from: every code its software knows (`meta=languageinfo` with `licode=*`) with each fact,
 * the codes' names in the content language, English and the languages asked for, the codes
 * siteinfo lists and the variants' fallbacks.
 */
import type { WikiStore } from '../../store/database.js';
import { replaceLanguageData, type StoredLanguageCode, storedLanguageSources } from '../../store/language-data.js';
import { compareByteOrder } from '../../text/byte-order.js';
import type { MediaWikiApiClient } from './api-client.js';
import { defaultMessageLanguages, readSourceSoftware, type SourceSoftware } from './messages.js';

/** Every fact `meta=languageinfo` of MediaWiki 1.39 gives (its `variantnames` came later). */
const FACTS = 'code|bcp47|dir|autonym|name|fallbacks|variants';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Every code with its name in `inLanguage` (`uselang`), as the source gives them. */
async function readLanguageInfo(client: MediaWikiApiClient, inLanguage: string): Promise<Record<string, any>> {
  // The source stops after a few seconds of work and continues with `licontinue`; queryAll follows.
  const answer = await client.queryAll({ meta: 'languageinfo', licode: '*', liprop: FACTS, uselang: inLanguage });
  return answer.query?.languageinfo ?? {};
}

/** The source's language data, with names in each of `languages` (the first gives the facts). */
export async function readSourceLanguages(
  client: MediaWikiApiClient,
  languages: readonly string[],
): Promise<{ codes: StoredLanguageCode[]; names: Map<string, Map<string, string>> }> {
  const names = new Map<string, Map<string, string>>();
  let facts: Record<string, any> = {};
  for (const [index, inLanguage] of languages.entries()) {
    const info = await readLanguageInfo(client, inLanguage);
    if (index === 0) facts = info;
    names.set(inLanguage, new Map(Object.entries(info).map(([code, item]) => [code, String(item.name ?? '')])));
  }
  const site = await client.request({
    action: 'query',
    meta: 'siteinfo',
    siprop: 'languages|languagevariants',
    siinlanguagecode: 'en',
  });
  const listed = new Set<string>((site.query?.languages ?? []).map((l: any) => String(l.code)));
  const variantFallbacks: Record<string, Record<string, unknown>> = site.query?.languagevariants ?? {};
  const codes = new Map<string, StoredLanguageCode>();
  for (const [code, item] of Object.entries(facts)) {
    codes.set(code, {
      code,
      bcp47: String(item.bcp47 ?? code),
      dir: String(item.dir ?? 'ltr'),
      autonym: String(item.autonym ?? ''),
      fallbacks: strings(item.fallbacks),
      variants: strings(item.variants),
      listed: false,
    });
  }
  // MediaWiki's defined languages (siteinfo's list) are among every language it knows.
  for (const code of listed) {
    const known = codes.get(code);
    if (known) known.listed = true;
  }
  for (const [code, variants] of Object.entries(variantFallbacks)) {
    const known = codes.get(code);
    if (!known) continue;
    known.variantFallbacks = Object.fromEntries(
      Object.entries(variants ?? {}).map(([variant, v]) => [variant, strings((v as any)?.fallbacks)]),
    );
  }
  return { codes: [...codes.values()].sort((a, b) => compareByteOrder(a.code, b.code)), names };
}

export interface LanguageImportSummary {
  codes: number;
  languages: string[];
}

/** Reads the source's language data, with names in its content language, English and `languages`, and stores it. */
export async function importSourceLanguages(
  store: WikiStore,
  client: MediaWikiApiClient,
  options: { languages?: readonly string[]; source?: SourceSoftware } = {},
): Promise<LanguageImportSummary> {
  const source = options.source ?? (await readSourceSoftware(client));
  const languages = defaultMessageLanguages(source, options.languages);
  const data = await readSourceLanguages(client, languages);
  if (data.codes.length === 0) throw new Error('the source gave no language codes');
  await replaceLanguageData(
    store,
    { source: client.url, software: source.software, fetched: new Date().toISOString() },
    data,
  );
  return { codes: data.codes.length, languages };
}

/**
 * Reads the language data again when the source's software changed since it was read, or when none
 * is stored yet (one siteinfo request when nothing changed). Gives the languages whose names were
 * read (none when the stored data is current).
 */
export async function refreshSourceLanguages(
  store: WikiStore,
  client: MediaWikiApiClient,
  source?: SourceSoftware,
): Promise<string[]> {
  const software = source ?? (await readSourceSoftware(client));
  const stored = await storedLanguageSources(store);
  const current = stored.filter((row) => row.source === client.url && row.software === software.software);
  if (stored.length > 0 && current.length === stored.length) return [];
  const extra = stored.map((row) => row.lang).filter((lang) => lang !== '');
  const summary = await importSourceLanguages(store, client, { languages: extra, source: software });
  return summary.languages;
}
