/**
 * One generated request, sent to both servers and compared: status, content type and the
 * `MediaWiki-API-Error` header, then the answer trees after the golden test's normalisation. With
 * continuation, each side's `continue` is followed to its end and the answers concatenated before
 * they are compared.
 */
import { maskVolatileValues, removeSoftwareFields } from './answer-normalisation.js';
import { readAnswer, UnreadableAnswer } from './answer-trees.js';
import type { ApiAnswer, ApiSession } from './api-session.js';
import { compareTrees, type Difference } from './compare-trees.js';
import type { GeneratedRequest } from './generate-requests.js';

/** Continuation is followed for at most this many further requests. */
const MAX_CONTINUATIONS = 12;

export interface Comparison {
  request: GeneratedRequest;
  differences: Difference[];
  /** Our server answered with a 5xx status. */
  serverError: boolean;
  /** The error code MediaWiki's first answer gave, or how its server failed (see mediawikiFailure). */
  mediawikiError?: string;
}

interface Side {
  answers: ApiAnswer[];
  /** Each answer's tree, as read. */
  steps: unknown[];
  tree: unknown;
}

function formatOf(params: readonly [string, string][]): string {
  return params.find(([name]) => name === 'format')?.[1] ?? 'jsonfm';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The data part of a tree: the top object, or `<api>` of XML. */
function dataOf(format: string, tree: unknown): Record<string, unknown> | undefined {
  if (!isObject(tree)) return undefined;
  if (format === 'xml') {
    const api = tree.api;
    return Array.isArray(api) && isObject(api[0]) ? api[0] : undefined;
  }
  return tree;
}

/** The parameters of the next request from an answer's `continue`, or undefined at the end. */
function continuationOf(format: string, tree: unknown): [string, string][] | undefined {
  const data = dataOf(format, tree);
  let values = data?.continue;
  if (Array.isArray(values)) values = values[0];
  if (!isObject(values)) return undefined;
  return Object.entries(values).map(([name, value]) => [name.replace(/^@/, ''), String(value)]);
}

/** Appends one continued answer to the ones before: lists grow, objects merge, values are replaced. */
function concatenate(into: unknown, next: unknown): unknown {
  if (Array.isArray(into) && Array.isArray(next)) return [...into, ...next];
  if (isObject(into) && isObject(next)) {
    const out: Record<string, unknown> = { ...into };
    for (const [key, value] of Object.entries(next)) out[key] = key in out ? concatenate(out[key], value) : value;
    return out;
  }
  return next;
}

function withoutContinuation(format: string, tree: unknown): unknown {
  const data = dataOf(format, tree);
  if (data) {
    delete data.continue;
    delete data.batchcomplete;
    delete data['@batchcomplete'];
  }
  return tree;
}

/** What both sides may differ in by design: the software fields, volatile values, random picks. */
export function normalise(request: GeneratedRequest, format: string, tree: unknown): unknown {
  const data = dataOf(format, tree);
  if (data) {
    removeSoftwareFields(data);
    const query = Array.isArray(data.query) ? data.query[0] : data.query;
    const general = isObject(query) ? (Array.isArray(query.general) ? query.general[0] : query.general) : undefined;
    if (isObject(general)) {
      for (const key of ['generator', 'phpversion', 'phpsapi', 'dbtype', 'dbversion', 'time']) {
        delete general[key];
        delete general[`@${key}`];
      }
    }
    if (isObject(query)) delete query.libraries;
  }
  // list=random and generator=random pick differently on every request: compare the rest (of each
  // continued answer too, which XML keeps as further <api> elements).
  if (request.modules.includes('random')) {
    const answers = format === 'xml' && isObject(tree) && Array.isArray(tree.api) ? tree.api : [data];
    for (const answer of answers) {
      if (!isObject(answer)) continue;
      const picked = Array.isArray(answer.query) ? answer.query[0] : answer.query;
      if (!isObject(picked)) continue;
      delete answer.query;
      delete answer.continue;
    }
  }
  maskVolatileValues(tree);
  return tree;
}

/**
 * Whether MediaWiki made an answer's extracts from a page it parsed for that request (its parser
 * report ends the HTML) rather than from the parser cache. TextExtracts cuts sentences and
 * sections of that HTML, report included, so such an extract can end elsewhere than the same
 * request's once the page is cached, which every page of a wiki in use is.
 */
function parsedFresh(request: GeneratedRequest, answer: ApiAnswer): boolean {
  // A lead section (`exintro`) is parsed on its own every time.
  return (
    request.modules.includes('extracts') &&
    !request.params.some(([name]) => name === 'exintro') &&
    answer.body.includes('NewPP limit report')
  );
}

async function exchange(
  session: ApiSession,
  request: GeneratedRequest,
  format: string,
  settled?: (answer: ApiAnswer) => boolean,
): Promise<Side> {
  const answers: ApiAnswer[] = [];
  const steps: unknown[] = [];
  let params = request.params;
  for (let step = 0; step <= MAX_CONTINUATIONS; step++) {
    let answer = await session.send(request.method, params);
    // Asked again once the state it depended on has settled (see parsedFresh).
    if (settled && !settled(answer)) answer = await session.send(request.method, params);
    answers.push(answer);
    let stepTree: unknown;
    try {
      stepTree = readAnswer(format, answer.body);
    } catch (error) {
      if (!(error instanceof UnreadableAnswer)) throw error;
      stepTree = { '(unreadable)': answer.body.slice(0, 400) };
    }
    steps.push(stepTree);
    const next = request.followContinuation && answer.status === 200 ? continuationOf(format, stepTree) : undefined;
    if (!next) break;
    const names = new Set(next.map(([name]) => name));
    params = [...request.params.filter(([name]) => !names.has(name)), ...next];
  }
  return { answers, steps, tree: joined(format, steps) };
}

/** The answers' trees concatenated, without the continuation when there were several. */
function joined(format: string, steps: readonly unknown[]): unknown {
  let tree = steps[0];
  for (const step of steps.slice(1)) tree = concatenate(tree, withoutContinuation(format, step));
  return steps.length > 1 ? withoutContinuation(format, tree) : tree;
}

/** Sends the request to both servers (each in its own session of the same user) and compares. */
export async function compareRequest(
  request: GeneratedRequest,
  ours: ApiSession,
  theirs: ApiSession,
): Promise<Comparison> {
  const format = formatOf(request.params);
  const [our, their] = await Promise.all([
    exchange(ours, request, format),
    exchange(theirs, request, format, (answer) => !parsedFresh(request, answer)),
  ]);
  const differences: Difference[] = [];
  const head = (path: string, a: unknown, b: unknown) => {
    if (a !== b) differences.push({ path, pattern: `${path} value`, type: 'value', ours: a, theirs: b });
  };
  head('(status)', our.answers[0].status, their.answers[0].status);
  head('(content-type)', our.answers[0].contentType, their.answers[0].contentType);
  head('(MediaWiki-API-Error)', our.answers[0].apiError, their.answers[0].apiError);
  head('(continuation steps)', our.answers.length, their.answers.length);
  // Where MediaWiki's server failed a further request (an HTTP 500 of PHP's, a dropped
  // connection), the answers are compared as far as it gave them: ours after that stand alone.
  const failedAt = their.answers.findIndex((answer, step) => step > 0 && answer.status !== 200);
  if (failedAt > 0) head('(status)', our.answers[failedAt]?.status, their.answers[failedAt]?.status);
  const ourTree = failedAt > 0 && our.steps.length > failedAt ? joined(format, our.steps.slice(0, failedAt)) : our.tree;
  const theirTree = failedAt > 0 ? joined(format, their.steps.slice(0, failedAt)) : their.tree;
  differences.push(...compareTrees(normalise(request, format, ourTree), normalise(request, format, theirTree)));
  return {
    request,
    differences,
    serverError: our.answers.some((a) => a.status >= 500),
    mediawikiError: mediawikiFailure(their.answers[0]),
  };
}

/**
 * MediaWiki's error code of its first answer (the `MediaWiki-API-Error` header), or how its server
 * failed outside the API's error handling: `http_500` (PHP's error page or an empty body),
 * `no_answer` (the connection dropped, a worker ended by PHP's time limit).
 */
function mediawikiFailure(answer: { status: number; apiError?: string }): string | undefined {
  if (answer.apiError !== undefined) return answer.apiError;
  if (answer.status === 0) return 'no_answer';
  return answer.status >= 500 ? `http_${answer.status}` : undefined;
}
