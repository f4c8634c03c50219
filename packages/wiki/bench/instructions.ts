/**
 * `npm run -s bench:instructions -- [--base DIR] [--only REGEX] [--repeat N] [--warm N]`: machine
 * instructions per api.php request, counted by valgrind's callgrind, for this checkout and, with
 * `--base`, for another built checkout of the project (a baseline commit: `git worktree add`, then
 * `npm ci`), side by side with their ratio.
 *
 * A count does not depend on what else the machine is doing, so two commits can be compared to a
 * per cent on a busy machine where timings cannot. Each query runs in a process of its own: the
 * reference wiki's store (prepared natively first, so both sides read the same data), `WARM`
 * requests to let V8 optimise, then the counted requests. Instrumentation is switched on only after
 * the warm-up, which runs at a few times native speed instead of callgrind's fifty; the counted
 * window is marked by two calls valgrind watches for (`os.getPriority` zeroes, `os.setPriority`
 * dumps). A major collection falling into the window or not moves a count by a few per cent: count
 * twice (`--repeat 2`) before reading a difference that small.
 *
 * `--keep DIR` keeps each count's callgrind dump in `DIR/<n>-<side>/` with V8's map of its compiled
 * JavaScript functions (`--perf-basic-prof`), to see where the instructions go: callgrind names
 * the native functions, the map names the addresses of the compiled JavaScript.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { getPriority, setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { collectorInstructions } from './callgrind-dump.js';

/** A counted request: its label, its query string and how many requests are counted. */
type Counted = [label: string, query: string, counted: number];

/** Thousands of instructions a request: all of them, and those of V8's garbage collector. */
interface Count {
  all: number;
  gc: number;
}

const CHILD_ROOT = process.env.INSTRUCTIONS_ROOT;

if (CHILD_ROOT !== undefined) await countInThisProcess(CHILD_ROOT);
else await compareCheckouts();

/**
 * The child: answers one query `WARM` times, then `COUNT` times between the two markers. Every
 * import comes from the checkout being counted (`root`), so this file runs unchanged against an
 * older commit.
 */
async function countInThisProcess(root: string): Promise<void> {
  setFlagsFromString('--no-allocation-site-pretenuring');
  const query = process.env.INSTRUCTIONS_QUERY ?? '';
  const warm = Number(process.env.INSTRUCTIONS_WARM);
  const count = Number(process.env.INSTRUCTIONS_COUNT);
  const dist = join(root, 'packages/wiki/dist');
  const { importReferenceWiki } = (await import(
    join(root, 'packages/wiki/test/helpers/reference-wiki.ts')
  )) as typeof import('../test/helpers/reference-wiki.js');
  const { handleApiRequest } = (await import(join(dist, 'api/main.js'))) as typeof import('../src/api/main.js');
  const { DEFAULT_SOFTWARE_NAME } = (await import(join(dist, 'api/app.js'))) as typeof import('../src/api/app.js');
  const { TitleCodec } = (await import(join(dist, 'site/title.js'))) as typeof import('../src/site/title.js');
  const wiki = await importReferenceWiki();
  if (process.env.INSTRUCTIONS_PREPARE_ONLY) {
    await wiki.dispose();
    return;
  }
  // As api-measure.ts builds them, written here again: importing it would load this checkout's
  // build, not the one counted.
  const services = {
    site: wiki.site,
    titles: new TitleCodec(wiki.site),
    store: wiki.store,
    softwareName: DEFAULT_SOFTWARE_NAME,
    hostName: 'bench',
  };
  const params = [...new URLSearchParams(query)];
  const request = () =>
    handleApiRequest({ method: 'GET', params, ip: '127.0.0.1', requestOrigin: 'http://bench' }, services);
  // One function runs the warm-up and the counted requests: a loop written apart would be
  // compiled by V8 inside the counted window.
  const loop = async (n: number) => {
    let status = 0;
    for (let i = 0; i < n; i++) status = (await request()).status;
    return status;
  };
  const status = await loop(warm);
  if (status !== 200) throw new Error(`the query answered ${status}`);
  await instrumentFromHere();
  const priority = getPriority();
  await loop(count);
  setPriority(priority);
  await wiki.dispose();
}

/**
 * Switches callgrind's instrumentation on through its gdbserver (vgdb interrupts a process blocked
 * in a system call, so this process may wait for it).
 */
async function instrumentFromHere(): Promise<void> {
  await new Promise<void>((done, fail) => {
    const control = spawn('callgrind_control', ['--instr=on', String(process.pid)], { stdio: 'ignore' });
    control.once('error', fail);
    control.once('exit', (code) => (code === 0 ? done() : fail(new Error(`callgrind_control exited with ${code}`))));
  });
}

/** The api benchmark's queries (api-queries.ts), with how many of each are counted. */
async function countedQueries(): Promise<Counted[]> {
  const { issueQueries, MORE_REFERENCE_QUERIES, REFERENCE_SUBJECTS } = await import('./api-queries.js');
  const queries = [...issueQueries(REFERENCE_SUBJECTS).flatMap(([, list]) => list), ...MORE_REFERENCE_QUERIES];
  const distinct = queries.filter((q, i) => queries.findIndex((o) => o[1] === q[1]) === i);
  // Requests of a few hundred thousand instructions are counted more often: a scavenge more or
  // less in the window weighs less.
  const SMALL = /^(meta=siteinfo|error|paraminfo|titles=|list=blocks|list=users)/;
  return [
    ...distinct.map(([label, query]): Counted => [label, query, SMALL.test(label) ? 5000 : 1000]),
    ['error: badvalue, formatversion 2', 'action=query&list=allpages&apdir=sideways&format=json&formatversion=2', 5000],
  ];
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** `--name N`: a whole number of at least 1, else the run stops naming the option. */
function wholeNumber(name: string, fallback: string): number {
  const value = option(name) ?? fallback;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`--${name}: expected a whole number of at least 1, got ${value}`);
  return Number(value);
}

/** Runs one counted process under callgrind and returns thousands of instructions a request. */
async function countOnce(root: string, [, query, counted]: Counted, warm: number, keep?: string): Promise<Count> {
  const out = keep ?? mkdtempSync(join(tmpdir(), 'instructions-'));
  try {
    const child = spawn(
      'valgrind',
      [
        '--tool=callgrind',
        '--instr-atstart=no',
        '--zero-before=uv_os_getpriority',
        '--dump-before=uv_os_setpriority',
        `--callgrind-out-file=${join(out, 'cg.%p')}`,
        process.execPath,
        ...(keep ? ['--perf-basic-prof', '--interpreted-frames-native-stack'] : []),
        '--single-threaded',
        '--no-memory-reducer',
        '--conditions=source',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
      ],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          INSTRUCTIONS_ROOT: root,
          INSTRUCTIONS_QUERY: query,
          INSTRUCTIONS_WARM: String(warm),
          INSTRUCTIONS_COUNT: String(counted),
        },
      },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    const dump = readdirSync(out).find((f) => f.endsWith('.1'));
    if (code !== 0 || !dump) throw new Error(`the count in ${root} failed (exit ${code}):\n${stderr.slice(-2000)}`);
    const text = readFileSync(join(out, dump), 'utf8');
    const totals = /^(?:totals|summary): (\d+)/m.exec(text);
    if (!totals) throw new Error(`no totals in callgrind's dump ${dump}`);
    const map = join(tmpdir(), `perf-${child.pid}.map`);
    if (keep && existsSync(map)) renameSync(map, join(out, `perf-${child.pid}.map`));
    return { all: Number(totals[1]) / counted / 1000, gc: collectorInstructions(text) / counted / 1000 };
  } finally {
    if (!keep) rmSync(out, { recursive: true, force: true });
  }
}

/** The reference wiki's store of a checkout, made natively (under valgrind it would take an hour). */
function prepare(root: string): void {
  const made = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, INSTRUCTIONS_ROOT: root, INSTRUCTIONS_PREPARE_ONLY: '1' },
  });
  if (made.status !== 0) throw new Error(`preparing the reference wiki in ${root} failed`);
}

async function compareCheckouts(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    throw new Error('valgrind is not installed: the instruction count needs it (Debian package valgrind)');
  }
  const here = fileURLToPath(new URL('../../../', import.meta.url));
  const base = option('base');
  if (base !== undefined && !existsSync(join(base, 'packages/wiki/dist/api/main.js'))) {
    throw new Error(`--base ${base}: not a built checkout (run npm ci there)`);
  }
  const roots = base === undefined ? [here] : [resolve(base), here];
  const only = option('only');
  const repeat = wholeNumber('repeat', '1');
  // After 15,000 requests V8 still compiled functions inside the window on one side or the other
  // (`list=allpages`: about 10 kIr a request of TurboFan, counts 666 to 684 kIr); after 30,000
  // the same count repeats within a kIr.
  const warm = wholeNumber('warm', '30000');
  const keep = option('keep');
  const queries = (await countedQueries()).filter(([label]) => !only || new RegExp(only).test(label));
  for (const root of roots) prepare(root);
  process.stdout.write(
    `kIr a request (callgrind, ${warm} requests of warm-up), in brackets those of the garbage collector${
      base ? `; base ${base}, then this checkout, their ratio, and their ratio without the collector` : ''
    }\n`,
  );
  for (const [n, entry] of queries.entries()) {
    const counts: Count[][] = roots.map(() => []);
    for (let r = 0; r < repeat; r++) {
      for (const [i, root] of roots.entries()) {
        const kept =
          keep === undefined ? undefined : join(keep, `${n}-${i === roots.length - 1 ? 'this' : 'base'}-${r}`);
        if (kept) mkdirSync(kept, { recursive: true });
        counts[i]?.push(await countOnce(root, entry, warm, kept));
      }
    }
    const shown = counts.map((c) => c.map((n) => `${n.all.toFixed(1)} (${n.gc.toFixed(1)})`).join(' / '));
    const mean = (c: Count[] | undefined, of: (n: Count) => number) =>
      (c ?? []).reduce((a, n) => a + of(n), 0) / (c ?? []).length;
    const ratio = (of: (n: Count) => number) => (mean(counts[1], of) / mean(counts[0], of)).toFixed(3);
    const ratios = base ? `  ${ratio((n) => n.all)}  ${ratio((n) => n.all - n.gc)}` : '';
    process.stdout.write(`${entry[0].padEnd(52)} ${String(entry[2]).padStart(5)}  ${shown.join('  ')}${ratios}\n`);
  }
}
