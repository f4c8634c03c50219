/**
 * What comparing an answer of ours with MediaWiki's leaves out, shared by the golden test and the
 * differential tester: the fields that describe the serving software rather than the wiki, and the
 * values that change from one request to the next (tokens, the current time).
 */

/** Fields about the software rather than the wiki: ours to state, not compared. */
export const SOFTWARE_PATHS: readonly string[] = [
  'query.general.generator',
  'query.general.phpversion',
  'query.general.phpsapi',
  'query.general.dbtype',
  'query.general.dbversion',
  'query.libraries',
];

/**
 * Keys whose values change between two identical requests (a session's tokens, the time of
 * answering), in whatever part of an answer they appear.
 */
export const VOLATILE_KEYS: ReadonlySet<string> = new Set([
  'csrftoken',
  'watchtoken',
  'patroltoken',
  'rollbacktoken',
  'userrightstoken',
  'createaccounttoken',
  'deleteglobalaccounttoken',
  'setglobalaccountstatustoken',
  'logintoken',
  'token',
  'curtimestamp',
  'servedby',
  // siteinfo's count of queued jobs: MediaWiki runs its queue a few jobs at a time during web
  // requests, so the count falls while a run goes on.
  'jobs',
]);

/** A raw body with the serving software's name taken out (`<generator>` of XML exports). */
export function withoutSoftware(text: string): string {
  return text.replace(/<generator>[^<]*<\/generator>/g, '<generator/>');
}

export type PathSegment = string | number;

/** `query.pages[0].title` as its segments. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      segments.push(part);
      continue;
    }
    if (m[1]) segments.push(m[1]);
    for (const index of m[2].matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

/** Removes `path` from `value`; returns whether it was there. An array element becomes null. */
export function removePath(value: unknown, path: readonly PathSegment[]): boolean {
  let node = value as Record<string | number, unknown> | undefined;
  for (const segment of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return false;
    node = node[segment] as Record<string | number, unknown> | undefined;
  }
  const last = path[path.length - 1];
  if (node === null || typeof node !== 'object' || !(last in node)) return false;
  if (Array.isArray(node) && typeof last === 'number') node[last] = null;
  else delete node[last];
  return true;
}

/** Takes the software fields out of a parsed answer (in place). */
export function removeSoftwareFields(value: unknown): void {
  for (const path of SOFTWARE_PATHS) removePath(value, parsePath(path));
}

/**
 * The comments MediaWiki's parser appends to the HTML it renders: the limit report (the time spent,
 * when the text was parsed, how long it stays cached), the transclusion time report and the parser
 * cache's note of when it saved the text. TextExtracts' HTML extracts keep them when they end the
 * text it cuts from, which depends on whether the page came from the parser cache (a lead section
 * cut from the cached whole page ends before them, one parsed alone ends with them), and counts
 * them when it shortens an extract to `exchars` characters: their values change from one request
 * to the next, and whether they appear depends on the cache's state, not on the wiki.
 */
const PARSER_REPORTS = ['NewPP limit report', 'Transclusion expansion time report', 'Saved in parser cache'];
const TRAILING_COMMENTS = /((?:\s*<!--[\s\S]*?-->)+)(?:…|\.\.\.)?\s*$/;

/**
 * A text without the parser's report comments at its end, with the whitespace before them; a
 * report cut short by `exchars` (the start of one, then the ellipsis of the request's language,
 * "…" or "...") goes with the ellipsis, as the text without it would not have been shortened.
 */
export function withoutParserReports(text: string): string {
  if (!text.includes('<!--')) return text;
  const found = TRAILING_COMMENTS.exec(text);
  if (!found) return text;
  const reports = [...(found[1] as string).matchAll(/<!--([\s\S]*?)-->/g)].every((comment) => {
    const inner = (comment[1] as string).trimStart();
    return PARSER_REPORTS.some((report) => inner.startsWith(report) || report.startsWith(inner));
  });
  return reports ? text.slice(0, found.index).trimEnd() : text;
}

/**
 * Replaces the values of volatile keys anywhere in a parsed answer by a marker (in place), so that
 * their presence is still compared but not their value, takes the parser's report comments off
 * the end of every text and the software's name out of an export's XML (`query.export`).
 */
export function maskVolatileValues(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    const item = node[key];
    if (typeof item === 'number' || typeof item === 'boolean') {
      // A count (siteinfo's jobs) is a number in formatversion 1's JSON and PHP.
      if (VOLATILE_KEYS.has(key.replace(/^@/, ''))) node[key] = '(volatile)';
    } else if (typeof item === 'string') {
      const text = item.startsWith('<mediawiki ') ? withoutSoftware(item) : item;
      node[key] = VOLATILE_KEYS.has(key.replace(/^@/, '')) ? '(volatile)' : withoutParserReports(text);
      // An XML element whose text was only the reports is an empty element, which has no text.
      if (key === '#text' && node[key] === '' && item !== '') delete node[key];
    } else maskVolatileValues(item);
  }
}
