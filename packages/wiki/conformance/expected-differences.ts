/**
 * The committed list of differences from MediaWiki 1.39 that are meant (expected-differences.json):
 * each kind a regular expression over a difference's kind (`query.pages[].missing missing`), with
 * the reason it is right. A run fails on a difference no entry covers, and on an entry that covers
 * nothing in a run big enough to meet it.
 */
import { readFileSync } from 'node:fs';
import type { Difference } from './compare-trees.js';

export interface ExpectedDifference {
  /** A regular expression matched against the whole kind. */
  kind: string;
  reason: string;
  /** Only requests running one of these modules (any request when absent). */
  modules?: string[];
  /**
   * The smallest run (in requests, without `--module`) expected to meet this kind; a smaller run
   * does not count its absence against it. 3,000 when absent.
   */
  minimumRun?: number;
}

export interface ExpectedList {
  entries: ExpectedDifference[];
  /** The entry covering a difference of a request with these modules, if any. */
  covering(difference: Difference, modules: readonly string[]): ExpectedDifference | undefined;
}

export const DEFAULT_MINIMUM_RUN = 3000;

export function loadExpectedDifferences(): ExpectedList {
  const entries = JSON.parse(
    readFileSync(new URL('./expected-differences.json', import.meta.url), 'utf8'),
  ) as ExpectedDifference[];
  const compiled = entries.map((entry) => ({ entry, pattern: new RegExp(`^(?:${entry.kind})$`) }));
  return {
    entries,
    covering(difference, modules) {
      return compiled.find(
        ({ entry, pattern }) =>
          pattern.test(difference.pattern) && (!entry.modules || entry.modules.some((m) => modules.includes(m))),
      )?.entry;
    },
  };
}
