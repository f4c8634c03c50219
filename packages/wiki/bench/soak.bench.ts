/**
 * The wiki under steady mixed load for a long time (`--minutes N`, default 30): the production
 * server (compiled build, one worker per core) serving the reference wiki, 6 clients sending the
 * api benchmark's queries (api-queries.ts) in turn and 2 sending fuzzed requests (seed 52 onward),
 * each client one request after another. Every minute it prints the answers per second, the p99 of
 * the benchmark queries and of the fuzzed requests, failures (an answer the fuzzer's checks refuse,
 * or a benchmark query not answered 200), and the server's resident memory (all its processes).
 * At the end: the memory's growth from the second minute (after warm-up) to the last.
 *
 * Run as `npm run bench -- soak --minutes 3`.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { answerProblem } from '../fuzz/answer-check.js';
import { readVocabulary } from '../fuzz/fuzz-run.js';
import { HttpTarget } from '../fuzz/http-target.js';
import { Random } from '../fuzz/random.js';
import { type FuzzRequest, RequestGenerator } from '../fuzz/request-generator.js';
import { dataDir, startServer } from './api-measure.js';
import { issueQueries, REFERENCE_SUBJECTS } from './api-queries.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '30' } } });
const MINUTES = Number(values.minutes);
if (!(MINUTES > 0)) throw new Error('--minutes takes a positive number');
const QUERY_CLIENTS = 6;
const FUZZ_CLIENTS = 2;

/** Resident memory of a process and its descendants, in bytes. */
function processTreeRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    let total = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) total += processTreeRss(Number(child));
    return total;
  } catch {
    return 0;
  }
}

interface Minute {
  queryMs: number[];
  fuzzMs: number[];
  failures: string[];
}

const newMinute = (): Minute => ({ queryMs: [], fuzzMs: [], failures: [] });
const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
};

const queries: FuzzRequest[] = issueQueries(REFERENCE_SUBJECTS)
  .flatMap(([, group]) => group)
  .map(([, query]) => ({
    transport: 'get',
    params: [...new URLSearchParams(query)].map(([name, value]): [string, Buffer] => [name, Buffer.from(value)]),
    format: 'json',
  }));

const data = await dataDir('reference');
const workers = availableParallelism();
const { port, child } = await startServer(data.dir, workers);
const apiUrl = `http://127.0.0.1:${port}/api.php`;
try {
  const vocabulary = await readVocabulary(new HttpTarget(apiUrl));
  process.stdout.write(
    `soak: ${MINUTES} min, ${workers} workers, ${QUERY_CLIENTS} clients of the api benchmark's ${queries.length} queries, ${FUZZ_CLIENTS} of fuzzed requests\n`,
  );
  process.stdout.write('minute  answers/s  query p99  fuzz p99  failures  resident MB\n');
  const end = performance.now() + MINUTES * 60_000;
  let minute = newMinute();
  const memory: number[] = [];
  const clients = [
    ...Array.from({ length: QUERY_CLIENTS }, async (_, client) => {
      const target = new HttpTarget(apiUrl);
      for (let i = client; performance.now() < end; i++) {
        const answer = await target.send(queries[i % queries.length] as FuzzRequest);
        minute.queryMs.push(answer.ms);
        if (answer.status !== 200) minute.failures.push(`query answered ${answer.status}`);
      }
      target.close();
    }),
    ...Array.from({ length: FUZZ_CLIENTS }, async (_, client) => {
      const target = new HttpTarget(apiUrl);
      const generator = new RequestGenerator(new Random(52 + client), vocabulary);
      while (performance.now() < end) {
        const answer = await target.send(generator.next());
        minute.fuzzMs.push(answer.ms);
        const problem = answerProblem(answer);
        if (problem) minute.failures.push(problem);
      }
      target.close();
    }),
  ];
  const ticker = setInterval(() => {
    const done = minute;
    minute = newMinute();
    const rss = processTreeRss(child.pid ?? 0) / 1024 / 1024;
    memory.push(rss);
    const answers = done.queryMs.length + done.fuzzMs.length;
    process.stdout.write(
      `${String(memory.length).padStart(6)}  ${(answers / 60).toFixed(0).padStart(9)}  ${p99(done.queryMs).toFixed(1).padStart(6)} ms  ${p99(done.fuzzMs).toFixed(0).padStart(5)} ms  ${String(done.failures.length).padStart(8)}  ${rss.toFixed(0).padStart(11)}\n`,
    );
    for (const failure of done.failures.slice(0, 3)) process.stdout.write(`        ${failure}\n`);
  }, 60_000);
  await Promise.all(clients);
  clearInterval(ticker);
  if (memory.length >= 3) {
    const warm = memory[1] as number;
    const last = memory.at(-1) as number;
    process.stdout.write(
      `resident memory after warm-up: ${warm.toFixed(0)} MB at minute 2, ${last.toFixed(0)} MB at minute ${memory.length} (${(((last - warm) / warm) * 100).toFixed(1)} %)\n`,
    );
  }
} finally {
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  data.dispose();
}
