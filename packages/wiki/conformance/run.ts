/**
 * `npm run conformance -- [--seed S] [--count N] [--module NAME] [--concurrency C]
 * [--mediawiki URL] [--port P] [--ours URL] [--anonymous] [--no-messages] [--full-output] [--language CODE]
 * [--report FILE]`:
 * generates N requests from the module descriptors, sends each to this service and to a real
 * MediaWiki on the same reference wiki, and compares the answers. `--full-output` adds a fixed
 * series after them: each module with all it can answer, in each format (`fullOutputRequests`). `--ours` compares a service already running (a mirror
 * of that MediaWiki made by `wiki mirror`, say) instead of one started on the imported reference
 * wiki; `--anonymous` sends every request without logging in (a mirror has no passwords).
 * `--module` names a query module, or an action besides `query` that reads the wiki (`compare`,
 * `expandtemplates`), whose requests then make the series. `--language` compares the same wiki with
 * another content language (`ru`): MediaWiki set to it (a MediaWiki folder of its own, the
 * default one's name with `-ru` added), this service with that MediaWiki's site and messages.
 * The started service holds MediaWiki's interface messages (as `wiki messages` stores them), so
 * that texts compare the rendering; `--no-messages` leaves them out (its own wording then).
 * Prints `conformance: N of M identical` and every difference grouped by kind; exits non-zero on a
 * difference the expected-differences list does not cover, on a listed kind that no longer
 * occurs, and on any 5xx answer of ours.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { QUERY_MODULES } from '../src/modules/registry.js';
import { REFERENCE_PASSWORDS } from '../test/helpers/reference-accounts.js';
import { ApiSession } from './api-session.js';
import { type Comparison, compareRequest } from './compare-request.js';
import { DEFAULT_MINIMUM_RUN, type ExpectedDifference, loadExpectedDifferences } from './expected-differences.js';
import {
  ComparableModules,
  fullOutputRequests,
  type GeneratedRequest,
  generateRequest,
  LOGGED_IN_SENDERS,
  type Sender,
} from './generate-requests.js';
import { Random } from './random.js';
import { freePort, REPOSITORY_ROOT, type RunningServer, startMediaWiki, startOurServer } from './servers.js';
import { loadReferenceModules, loadValuePools } from './value-pools.js';

const { values: options } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '300' },
    module: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    mediawiki: { type: 'string' },
    port: { type: 'string' },
    ours: { type: 'string' },
    anonymous: { type: 'boolean', default: false },
    'no-messages': { type: 'boolean', default: false },
    'full-output': { type: 'boolean', default: false },
    'mediawiki-dir': { type: 'string', default: join(REPOSITORY_ROOT, 'data', 'conformance', 'mediawiki') },
    report: { type: 'string', default: join(REPOSITORY_ROOT, 'data', 'conformance', 'report.json') },
    language: { type: 'string' },
    examples: { type: 'string', default: '3' },
  },
});

const seed = Number(options.seed);
const count = Number(options.count);
const concurrency = Number(options.concurrency);
const examplesPerKind = Number(options.examples);
for (const [name, value] of [
  ['seed', seed],
  ['count', count],
  ['concurrency', concurrency],
  ['examples', examplesPerKind],
] as const) {
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${value}`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * One session per sender on each side; logged-in ones log in once, before the run. `retries`: how
 * often a request whose connection fails is sent again (MediaWiki's side only: six times, over
 * about ten seconds, as PHP's server can drop every connection while one request holds the
 * database until its 30-second limit ends it).
 */
async function sessionsFor(api: string, retries = 0): Promise<Map<Sender, ApiSession>> {
  const sessions = new Map<Sender, ApiSession>([['anonymous', new ApiSession(api, retries)]]);
  for (const name of options.anonymous ? [] : LOGGED_IN_SENDERS) {
    const session = new ApiSession(api, retries);
    await session.logIn(name, REFERENCE_PASSWORDS[name]);
    sessions.set(name, session);
  }
  return sessions;
}

function describeRequest(request: GeneratedRequest): string {
  const query = new URLSearchParams(request.params).toString();
  const who = request.sender === 'anonymous' ? '' : ` as ${request.sender}`;
  const continued = request.followContinuation ? ' (continued)' : '';
  return `#${request.number} ${request.method}${who}${continued} api.php?${query}`;
}

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

interface KindTally {
  kind: string;
  requests: number;
  listed: ExpectedDifference | undefined;
  examples: { request: string; path: string; ours: unknown; theirs: unknown }[];
}

async function main(): Promise<number> {
  const servers: RunningServer[] = [];
  try {
    let mediawikiApi = options.mediawiki;
    if (!mediawikiApi) {
      // Another content language has a MediaWiki of its own (its settings are changed for it).
      const dir = options.language ? `${options['mediawiki-dir']}-${options.language}` : options['mediawiki-dir'];
      const mediawiki = await startMediaWiki(resolve(dir), await freePort(), log, options.language);
      servers.push(mediawiki);
      mediawikiApi = mediawiki.api;
    }
    const ours = options.ours
      ? { api: options.ours }
      : await startOurServer(
          options.port ? Number(options.port) : await freePort(),
          options['no-messages'] ? undefined : mediawikiApi,
          options.language ? mediawikiApi : undefined,
        );
    if ('stop' in ours) servers.push(ours);
    log(`conformance: MediaWiki at ${mediawikiApi}, this service at ${ours.api}; seed ${seed}, ${count} requests`);

    const pools = await loadValuePools(mediawikiApi);
    const modules = new ComparableModules(
      await loadReferenceModules(
        mediawikiApi,
        QUERY_MODULES.map((m) => m.descriptor.name),
      ),
    );
    if (modules.leftOut.length > 0) {
      log(`conformance: not compared, as the reference MediaWiki 1.39 lacks them: ${modules.leftOut.join('; ')}`);
    }
    const [ourSessions, theirSessions] = await Promise.all([sessionsFor(ours.api), sessionsFor(mediawikiApi, 6)]);
    const random = new Random(seed);
    const requests = Array.from({ length: count }, (_, i) => {
      const request = generateRequest(i + 1, { random, pools, modules, module: options.module });
      return options.anonymous ? { ...request, sender: 'anonymous' as const } : request;
    });
    if (options['full-output']) {
      const fixed = fullOutputRequests(modules, count + 1).filter(
        (request) => !options.module || request.modules.includes(options.module),
      );
      requests.push(...(options.anonymous ? fixed.filter((request) => request.sender === 'anonymous') : fixed));
    }

    const comparisons: Comparison[] = [];
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const sender = request.sender;
        comparisons.push(await compareRequest(request, ourSessions.get(sender)!, theirSessions.get(sender)!));
        if (comparisons.length % 1000 === 0) {
          log(
            `conformance: ${comparisons.length} of ${count} compared (${Math.round((Date.now() - started) / 1000)} s)`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    comparisons.sort((a, b) => a.request.number - b.request.number);
    return report(comparisons);
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

function report(comparisons: Comparison[]): number {
  // A service run by the tester has the catalogue unless told otherwise; one given by `--ours`
  // is taken to have it (a mirror stores it).
  const expected = loadExpectedDifferences({ catalogue: !options['no-messages'], contentLanguage: options.language });
  const kinds = new Map<string, KindTally>();
  let identical = 0;
  let listedOnly = 0;
  let specOnly = 0;
  const reasonsOf = new Map<Comparison, Set<string>>();
  const serverErrors: string[] = [];
  for (const c of comparisons) {
    if (c.serverError) serverErrors.push(describeRequest(c.request));
    if (c.differences.length === 0) {
      identical++;
      continue;
    }
    let allListed = true;
    let allSpec = true;
    const seenHere = new Set<string>();
    const reasons = new Set<string>();
    reasonsOf.set(c, reasons);
    for (const d of c.differences) {
      const listed = expected.covering(d, c.request, c.mediawikiError);
      if (!listed) allListed = false;
      if (!listed?.spec) allSpec = false;
      if (listed) reasons.add(listed.reason.slice(0, 80));
      // A kind is tallied apart for each entry that covers it (and for none): the same kind can be
      // listed for one request (its parameters) and not for another.
      const tallyKey = `${d.pattern}\u0000${listed ? expected.entries.indexOf(listed) : -1}`;
      let tally = kinds.get(tallyKey);
      if (!tally) {
        tally = { kind: d.pattern, requests: 0, listed, examples: [] };
        kinds.set(tallyKey, tally);
      }
      if (!seenHere.has(tallyKey)) {
        seenHere.add(tallyKey);
        tally.requests++;
        if (tally.examples.length < examplesPerKind) {
          tally.examples.push({ request: describeRequest(c.request), path: d.path, ours: d.ours, theirs: d.theirs });
        }
      }
    }
    if (allListed) listedOnly++;
    if (allSpec) specOnly++;
  }

  const sorted = [...kinds.values()].sort((a, b) => b.requests - a.requests || a.kind.localeCompare(b.kind));
  const unlisted = sorted.filter((k) => !k.listed);
  const listed = sorted.filter((k) => k.listed);
  for (const [title, group] of [
    ['differences not on the expected list', unlisted],
    ['expected differences', listed],
  ] as const) {
    if (group.length === 0) continue;
    log(`\n== ${title} (${group.length} kinds)`);
    for (const k of group) {
      log(
        `\n-- ${k.kind}: ${k.requests} request${k.requests === 1 ? '' : 's'}${k.listed ? ` (listed: ${k.listed.reason})` : ''}`,
      );
      for (const e of k.examples) {
        log(`   ${e.request}`);
        log(`     at ${e.path}: ours ${show(e.ours)}, MediaWiki's ${show(e.theirs)}`);
      }
    }
  }

  const fullRun = options.module === undefined;
  const stale = expected.entries.filter(
    (entry) =>
      fullRun &&
      !entry.dependsOnLoad &&
      comparisons.length >= (entry.minimumRun ?? DEFAULT_MINIMUM_RUN) &&
      !listed.some((k) => k.listed === entry),
  );
  for (const entry of stale) log(`\nlisted difference no longer occurs: ${entry.kind} (${entry.reason})`);
  for (const request of serverErrors) log(`\nserver error (5xx) of ours: ${request}`);

  const total = comparisons.length;
  const share = total === 0 ? 100 : (identical / total) * 100;
  const followingSpec = total === 0 ? 100 : ((identical + specOnly) / total) * 100;
  log(
    `\nconformance: ${identical} of ${total} identical (${share.toFixed(2)} %); ${listedOnly} differ only in listed kinds, ${total - identical - listedOnly} in unlisted ones; ${serverErrors.length} server errors; seed ${seed}`,
  );
  log(
    `conformance: ${specOnly} differ only where this service follows the spec's newer MediaWiki; identical or following the spec: ${identical + specOnly} (${followingSpec.toFixed(2)} %)`,
  );

  if (options.report) {
    mkdirSync(dirname(options.report), { recursive: true });
    const kindsOut = sorted.map((k) => ({ ...k, listed: k.listed?.kind }));
    writeFileSync(
      options.report,
      JSON.stringify(
        {
          seed,
          total,
          identical,
          listedOnly,
          specOnly,
          serverErrors,
          kinds: kindsOut,
          // Each differing request's kinds, to see which requests a kind makes differ.
          differing: comparisons
            .filter((c) => c.differences.length > 0)
            .map((c) => ({
              request: describeRequest(c.request),
              kinds: [...new Set(c.differences.map((d) => d.pattern))],
              // The reasons (their beginnings) of the expected differences covering them.
              reasons: [...(reasonsOf.get(c) ?? [])],
            })),
        },
        null,
        1,
      ),
    );
  }
  return unlisted.length === 0 && stale.length === 0 && serverErrors.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
