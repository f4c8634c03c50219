/**
 * A fuzzing run: `count` requests made from `seed`, sent one after another to a served api.php,
 * each answer checked (answer-check.ts). Continuation values of earlier answers are fed back to the
 * generator, so a run is reproduced by its seed and the same wiki.
 */
import { QUERY_MODULES } from '../src/modules/registry.js';
import { answerProblem, type FuzzAnswer, parseAnswer } from './answer-check.js';
import { HttpTarget, queryString } from './http-target.js';
import { Random } from './random.js';
import { type ContinuedRequest, type FuzzRequest, RequestGenerator, type Vocabulary } from './request-generator.js';

export interface FuzzFailure {
  index: number;
  problem: string;
  /** How to send it again: transport and the percent-encoded parameters. */
  request: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  failures: FuzzFailure[];
  /** The slowest answers, slowest first: milliseconds, the request described, and as sent. */
  slowest: { ms: number; request: string; sent: FuzzRequest }[];
  byStatus: Record<string, number>;
}

export interface FuzzOptions {
  seed: number;
  count: number;
  /** Called every `progressEvery` requests. */
  onProgress?: (sent: number, failures: number) => void;
  /** Called with each failure as it is found. */
  onFailure?: (failure: FuzzFailure) => void;
  progressEvery?: number;
  /** How many of the slowest answers the report keeps (10). */
  keepSlowest?: number;
}

export function describeRequest(request: FuzzRequest): string {
  const query = queryString(request.params);
  return `${request.transport} ${query.length > 400 ? `${query.slice(0, 400)}… (${query.length} chars)` : query}`;
}

/** Names of the target wiki, read through its own API (sorted, so a run does not depend on timing). */
export async function readVocabulary(target: HttpTarget): Promise<Vocabulary> {
  const ask = async (params: Record<string, string>) => {
    const encoded = Object.entries({ action: 'query', format: 'json', formatversion: '2', ...params }).map(
      ([name, value]): [string, Buffer] => [name, Buffer.from(value)],
    );
    const answer = await target.send({ transport: 'get', params: encoded, format: 'json' });
    return JSON.parse(answer.body.toString('utf8')) as { query?: Record<string, unknown> };
  };
  const site = await ask({ meta: 'siteinfo', siprop: 'namespaces' });
  const namespaces = Object.keys((site.query?.namespaces ?? {}) as object).map(Number);
  const pages = await ask({ list: 'allpages', aplimit: '40', generator: 'allpages', gaplimit: '1' });
  const titled = (await ask({ list: 'recentchanges', rclimit: '60', rcprop: 'title|ids|user' })).query?.recentchanges as
    | { title: string; pageid: number; revid: number; user?: string }[]
    | undefined;
  const users = (await ask({ list: 'allusers', aulimit: '20' })).query?.allusers as { name: string }[] | undefined;
  const files = (await ask({ list: 'allimages', ailimit: '20' })).query?.allimages as { name: string }[] | undefined;
  const allpages = (pages.query?.allpages ?? []) as { title: string; pageid: number }[];
  const sorted = <T>(items: Iterable<T>) => [...new Set(items)].sort();
  return {
    titles: sorted([...allpages.map((p) => p.title), ...(titled ?? []).map((c) => c.title), 'Nosuchpage xyz']),
    users: sorted([...(users ?? []).map((u) => u.name), '127.0.0.1', 'Nosuchuser xyz']),
    files: sorted([...(files ?? []).map((f) => f.name), 'Nosuchfile.png']),
    pageIds: sorted([...allpages.map((p) => p.pageid), ...(titled ?? []).map((c) => c.pageid), 999_999]),
    revIds: sorted([...(titled ?? []).map((c) => c.revid), 999_999]),
    namespaces: namespaces.length > 0 ? namespaces.sort((a, b) => a - b) : [0],
  };
}

function continuationOf(request: FuzzRequest, answer: FuzzAnswer): ContinuedRequest | undefined {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return undefined;
  const parsed = parseAnswer(type, answer.body) as { continue?: Record<string, unknown> } | undefined;
  const values = parsed?.continue;
  if (!values || typeof values !== 'object') return undefined;
  const continuation: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) continuation[name] = String(value);
  return { request, continuation };
}

/**
 * One request of every query module with its defaults, before the timed run: what a server makes
 * on first use (the extract thread, language data) is made then, and the run times answers.
 */
async function warmUp(target: HttpTarget): Promise<void> {
  for (const module of QUERY_MODULES) {
    const { group, name } = module.descriptor;
    const params: [string, Buffer][] = [
      ['action', Buffer.from('query')],
      ['format', Buffer.from('json')],
      [group, Buffer.from(name)],
    ];
    if (group === 'prop') params.push(['generator', Buffer.from('allpages')], ['gaplimit', Buffer.from('3')]);
    await target.send({ transport: 'get', params, format: 'json' });
  }
}

export async function runFuzz(apiUrl: string, options: FuzzOptions): Promise<FuzzReport> {
  const target = new HttpTarget(apiUrl);
  try {
    await warmUp(target);
    const generator = new RequestGenerator(new Random(options.seed), await readVocabulary(target));
    const continued: ContinuedRequest[] = [];
    const report: FuzzReport = { seed: options.seed, sent: 0, failures: [], slowest: [], byStatus: {} };
    for (let index = 0; index < options.count; index++) {
      const request = generator.next(continued);
      let problem: string | undefined;
      try {
        const answer = await target.send(request);
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
        problem = answerProblem(answer);
        noteSlow(report, answer.ms, request, options.keepSlowest ?? 10);
        const next = problem ? undefined : continuationOf(request, answer);
        if (next) {
          continued.push(next);
          if (continued.length > 64) continued.shift();
        }
      } catch (error) {
        problem = `no answer: ${(error as Error).message}`;
      }
      report.sent++;
      if (problem) {
        const failure = { index, problem, request: describeRequest(request) };
        report.failures.push(failure);
        options.onFailure?.(failure);
      }
      if (options.onProgress && (index + 1) % (options.progressEvery ?? 1000) === 0) {
        options.onProgress(index + 1, report.failures.length);
      }
    }
    return report;
  } finally {
    target.close();
  }
}

function noteSlow(report: FuzzReport, ms: number, request: FuzzRequest, keep: number): void {
  const slowest = report.slowest;
  if (slowest.length >= keep && ms <= (slowest[slowest.length - 1]?.ms ?? 0)) return;
  slowest.push({ ms, request: describeRequest(request), sent: request });
  slowest.sort((a, b) => b.ms - a.ms);
  if (slowest.length > keep) slowest.pop();
}
