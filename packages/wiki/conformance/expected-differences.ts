/**
 * The committed list of differences from MediaWiki 1.39 that are meant (expected-differences.json):
 * each kind a regular expression over a difference's kind (`query.pages[].missing missing`), with
 * the reason it is right. A run fails on a difference no entry covers, and on an entry that covers
 * nothing in a run big enough to meet it.
 */
import { readFileSync } from 'node:fs';
import type { Difference } from './compare-trees.js';
import type { GeneratedRequest } from './generate-requests.js';

export interface ExpectedDifference {
  /** A regular expression matched against the whole kind. */
  kind: string;
  reason: string;
  /** Only requests running one of these modules (any request when absent). */
  modules?: string[];
  /**
   * Only answers whose messages are in this language (`de`): the language `errorformat`,
   * `errorlang` and `uselang` choose, German (the wiki's) unless they say otherwise.
   */
  language?: string;
  /** Only requests with a parameter whose `name=value` this regular expression finds. */
  requestParams?: string;
  /**
   * The smallest run (in requests, without `--module`) expected to meet this kind; a smaller run
   * does not count its absence against it. 3,000 when absent.
   */
  minimumRun?: number;
  /**
   * Only requests that MediaWiki answered with an error whose code (its `MediaWiki-API-Error`
   * header) this regular expression finds: its own internal errors (`internal_api_error_…`),
   * where any answer of this service differs.
   */
  mediawikiError?: string;
  /**
   * Whether the kind occurs depends on the speed or load of the machines (a time limit, a work
   * budget), so a run that meets none does not count against it.
   */
  dependsOnLoad?: boolean;
  /**
   * Only runs whose service holds (true) or lacks (false) MediaWiki's message catalogue; an entry
   * for the other kind of run is left out of it (any run when absent).
   */
  catalogue?: boolean;
  /**
   * Only runs whose wiki has one of these content languages (`--language`; German when it is not
   * given); an entry for other languages is left out of the run (any run when absent).
   */
  contentLanguages?: string[];
  /**
   * The difference is one of the spec's newer MediaWiki from 1.39 (a deprecation, a bound), where
   * this service follows the spec: a run counts the requests that differ only in such kinds apart.
   */
  spec?: boolean;
}

export interface ExpectedList {
  entries: ExpectedDifference[];
  /**
   * The entry covering a difference of a request, if any; `mediawikiError` is the error code
   * MediaWiki answered the request with.
   */
  covering(difference: Difference, request: GeneratedRequest, mediawikiError?: string): ExpectedDifference | undefined;
}

/** The language of an answer's error and warning texts, as the request chooses it. */
export function messageLanguage(request: GeneratedRequest): string {
  const param = (name: string) => request.params.find(([n]) => n === name)?.[1];
  const format = param('errorformat') ?? 'bc';
  // bc texts are always English; the others (the docref of none and raw too) follow the languages.
  if (format === 'bc') return 'en';
  const resolve = (value: string | undefined) => (value === 'content' ? 'de' : value);
  const errorlang = param('errorlang');
  if (errorlang !== undefined && errorlang !== 'uselang') return resolve(errorlang) ?? 'de';
  const uselang = param('uselang');
  if (uselang !== undefined && uselang !== 'user') return resolve(uselang) ?? 'de';
  return 'de';
}

export const DEFAULT_MINIMUM_RUN = 3000;

export function loadExpectedDifferences(run: { catalogue: boolean; contentLanguage?: string }): ExpectedList {
  const entries = (
    JSON.parse(readFileSync(new URL('./expected-differences.json', import.meta.url), 'utf8')) as ExpectedDifference[]
  ).filter(
    (entry) =>
      (entry.catalogue === undefined || entry.catalogue === run.catalogue) &&
      (entry.contentLanguages === undefined || entry.contentLanguages.includes(run.contentLanguage ?? 'de')),
  );
  const compiled = entries.map((entry) => ({
    entry,
    pattern: new RegExp(`^(?:${entry.kind})$`),
    params: entry.requestParams === undefined ? undefined : new RegExp(entry.requestParams),
    error: entry.mediawikiError === undefined ? undefined : new RegExp(entry.mediawikiError),
  }));
  return {
    entries,
    covering(difference, request, mediawikiError) {
      const language = messageLanguage(request);
      const covers = ({ entry, pattern, params, error }: (typeof compiled)[number]) =>
        pattern.test(difference.pattern) &&
        (!error || (mediawikiError !== undefined && error.test(mediawikiError))) &&
        (!entry.modules || entry.modules.some((m) => request.modules.includes(m))) &&
        (!entry.language || entry.language === language) &&
        (!params || request.params.some(([name, value]) => params.test(`${name}=${value}`)));
      // A spec entry first: a broader entry listed before it may cover the same difference.
      return (compiled.find((c) => c.entry.spec && covers(c)) ?? compiled.find(covers))?.entry;
    },
  };
}
