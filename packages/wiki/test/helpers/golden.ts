/**
 * Replaying the recorded answers of a real MediaWiki (fixtures/golden, see its README) against our
 * server, and comparing them as that README says: status, the `MediaWiki-API-Error` header, and the
 * body (parsed JSON, or the raw text for other formats), ignoring the case's `volatile` paths and
 * the fields that describe the serving software.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import {
  parsePath,
  removePath,
  removeSoftwareFields,
  withoutSoftware,
} from '../../conformance/answer-normalisation.js';
import type { ApiInjector } from './session-client.js';

export interface GoldenCase {
  file: string;
  name: string;
  request: { method: 'GET' | 'POST'; auth: string; params: [string, string][]; url: string };
  status: number;
  headers: Record<string, string>;
  body: unknown;
  body_raw: string;
  volatile: string[];
  notes: string[];
}

const fixtures = new URL('../fixtures/golden/', import.meta.url);

/** Every recorded case, in the order of their files. */
export function loadGoldenCases(): GoldenCase[] {
  return readdirSync(fixtures)
    .filter((f) => /^\d+-.*\.json$/.test(f))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(new URL(file, fixtures), 'utf8')) }));
}

/** The cases listed in golden-expected-differences.json, with their reasons. */
export function expectedGoldenDifferences(): Map<string, string> {
  const listed = JSON.parse(readFileSync(new URL('../golden-expected-differences.json', import.meta.url), 'utf8')) as {
    file: string;
    reason: string;
  }[];
  return new Map(listed.map((e) => [e.file, e.reason]));
}

export interface GoldenAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export async function replay(app: ApiInjector, c: GoldenCase): Promise<GoldenAnswer> {
  const encoded = new URLSearchParams(c.request.params).toString();
  const response =
    c.request.method === 'POST'
      ? await app.inject({
          method: 'POST',
          url: '/api.php',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encoded,
        })
      : await app.inject({ method: 'GET', url: `/api.php?${encoded}` });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

/** Differences between the recorded answer and ours, in words; empty when they agree. */
export function compareAnswer(c: GoldenCase, ours: GoldenAnswer): string[] {
  const problems: string[] = [];
  if (ours.status !== c.status) problems.push(`status ${ours.status}, expected ${c.status}`);
  const wantError = c.headers['mediawiki-api-error'];
  const gotError = ours.headers['mediawiki-api-error'];
  if ((gotError ?? undefined) !== wantError) {
    problems.push(`MediaWiki-API-Error ${JSON.stringify(gotError)}, expected ${JSON.stringify(wantError)}`);
  }
  const mediaType = (v: unknown) =>
    String(v ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
  if (mediaType(ours.headers['content-type']) !== mediaType(c.headers['content-type'])) {
    problems.push(`content-type ${String(ours.headers['content-type'])}, expected ${c.headers['content-type']}`);
  }
  if (c.body === null) {
    if (!c.volatile.includes('body_raw') && withoutSoftware(ours.body) !== withoutSoftware(c.body_raw)) {
      problems.push(
        `body ${JSON.stringify(ours.body.slice(0, 300))}, expected ${JSON.stringify(c.body_raw.slice(0, 300))}`,
      );
    }
    return problems;
  }
  let got: unknown;
  try {
    got = JSON.parse(ours.body);
  } catch {
    problems.push(`body is not JSON: ${JSON.stringify(ours.body.slice(0, 200))}`);
    return problems;
  }
  const want = structuredClone(c.body);
  for (const path of c.volatile) {
    const segments = parsePath(path);
    const wanted = removePath(want, segments);
    const present = removePath(got, segments);
    if (wanted && !present) problems.push(`missing volatile field ${path}`);
  }
  removeSoftwareFields(want);
  removeSoftwareFields(got);
  if (!isDeepStrictEqual(got, want)) problems.push(...describeDifference(want, got, ''));
  return problems;
}

function describeDifference(want: unknown, got: unknown, at: string): string[] {
  if (isDeepStrictEqual(want, got)) return [];
  const bothObjects =
    want !== null &&
    got !== null &&
    typeof want === 'object' &&
    typeof got === 'object' &&
    Array.isArray(want) === Array.isArray(got);
  if (!bothObjects)
    return [
      `${at || '(body)'}: ${JSON.stringify(got)?.slice(0, 200)}, expected ${JSON.stringify(want)?.slice(0, 200)}`,
    ];
  const w = want as Record<string, unknown>;
  const g = got as Record<string, unknown>;
  const out: string[] = [];
  for (const key of new Set([...Object.keys(w), ...Object.keys(g)])) {
    const path = Array.isArray(want) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
    if (!(key in g)) out.push(`${path}: missing`);
    else if (!(key in w)) out.push(`${path}: unexpected ${JSON.stringify(g[key])?.slice(0, 120)}`);
    else out.push(...describeDifference(w[key], g[key], path));
    if (out.length >= 8) break;
  }
  return out;
}
