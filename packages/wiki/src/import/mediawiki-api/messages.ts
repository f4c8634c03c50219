/**
 * The source wiki's interface messages, read through its API (`meta=allmessages` with
 * `amprop=default`) and stored as the catalogue the API renders its texts from
 * (`store/message-catalogue.ts`): for each language the text the source's software ships, not the
 * wiki's customisation, which stays the `MediaWiki:` page it is (a mirror copies it as a page).
 */
import type { WikiStore } from '../../store/database.js';
import { replaceMessageTexts, storedMessageLanguages } from '../../store/message-catalogue.js';
import type { MediaWikiApiClient } from './api-client.js';

export interface SourceSoftware {
  /** The source's content language. */
  language: string;
  /** `generator` of its siteinfo (`MediaWiki 1.39.10`). */
  software: string;
}

/** The source's content language and software version (one small request). */
export async function readSourceSoftware(client: MediaWikiApiClient): Promise<SourceSoftware> {
  const answer = await client.request({ action: 'query', meta: 'siteinfo', siprop: 'general' });
  const general = answer.query?.general ?? {};
  return { language: String(general.lang ?? 'en'), software: String(general.generator ?? '') };
}

/** The languages read by default: the content language and English (the `bc` error format's). */
export function defaultMessageLanguages(source: SourceSoftware, extra: readonly string[] = []): string[] {
  return [...new Set([source.language, 'en', ...extra])];
}

/** One language's shipped texts as the source gives them: the default where a page overrides it. */
export async function readSourceMessages(client: MediaWikiApiClient, lang: string): Promise<Map<string, string>> {
  // One answer holds the whole catalogue on a usual wiki (about a megabyte); a larger one is
  // continued with `amfrom`, which queryAll follows.
  const answer = await client.queryAll({ meta: 'allmessages', amlang: lang, amprop: 'default' });
  const texts = new Map<string, string>();
  for (const item of answer.query?.allmessages ?? []) {
    // A message only a page of the wiki defines has no shipped text: it is the page alone.
    if (item.missing !== undefined || item.defaultmissing !== undefined) continue;
    const text = item.default ?? item.content;
    if (typeof item.name === 'string' && typeof text === 'string') texts.set(item.name, text);
  }
  return texts;
}

export interface MessageImportSummary {
  languages: { lang: string; count: number }[];
}

/** Reads the source's catalogue in each language and replaces the stored one, a language at a time. */
export async function importSourceMessages(
  store: WikiStore,
  client: MediaWikiApiClient,
  options: { languages?: readonly string[]; source?: SourceSoftware } = {},
): Promise<MessageImportSummary> {
  const source = options.source ?? (await readSourceSoftware(client));
  const languages = defaultMessageLanguages(source, options.languages);
  const summary: MessageImportSummary = { languages: [] };
  for (const lang of languages) {
    const texts = await readSourceMessages(client, lang);
    if (texts.size === 0) throw new Error(`the source gave no messages in ${lang}`);
    await replaceMessageTexts(
      store,
      { lang, source: client.url, software: source.software, fetched: new Date().toISOString() },
      texts,
    );
    summary.languages.push({ lang, count: texts.size });
  }
  return summary;
}

/**
 * Reads the catalogue again when the source's software changed since its languages were read
 * (an upgrade ships other texts), or when none is stored yet: one siteinfo request when nothing
 * changed. Gives the languages read again (none when the stored ones are current).
 */
export async function refreshSourceMessages(store: WikiStore, client: MediaWikiApiClient): Promise<string[]> {
  const source = await readSourceSoftware(client);
  const stored = await storedMessageLanguages(store);
  const current = stored.filter((row) => row.source === client.url && row.software === source.software);
  if (stored.length > 0 && current.length === stored.length) return [];
  const extra = stored.map((row) => row.lang);
  const summary = await importSourceMessages(store, client, { languages: extra, source });
  return summary.languages.map((l) => l.lang);
}
