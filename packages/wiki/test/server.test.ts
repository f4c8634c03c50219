import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { workerExecArgv } from '../src/server.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function serverEnv(extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('NODE_TEST')) env[k] = v;
  delete env.WIKI_DATABASE_URL;
  return { ...env, LOG_LEVEL: 'silent', WIKI_SAMPLE_DUMP: 'none', WIKI_PORT: '0', ...extra };
}

/** The worker processes of the server (its children), from /proc. */
function workerPids(child: ChildProcess): number[] {
  const text = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  return text ? text.split(' ').map(Number) : [];
}

async function until(what: string, check: () => boolean | Promise<boolean>, output: () => string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await sleep(100);
  }
  assert.fail(`timed out waiting for ${what}:\n${output()}`);
}

const siteName = async (url: string) => {
  const response = await fetch(`${url}/api.php?action=query&meta=siteinfo&format=json&formatversion=2`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { query: { general: { sitename: string } } }).query.general.sitename;
};

test('wiki serve with WIKI_WORKERS=2: two workers share the port, a killed one is replaced, SIGTERM stops all', {
  timeout: 180_000,
  skip: !existsSync('/proc/self/task') && 'needs /proc',
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wiki-serve-test-'));
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'packages/wiki/src/cli.ts', 'serve'],
    { cwd: root, env: serverEnv({ WIKI_DATA_DIR: dir, WIKI_WORKERS: '2' }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await until(
      'the workers',
      () => /listening on \S+ \(sqlite, 2 workers\)/.test(output),
      () => output,
    );
    const url = /listening on (\S+)/.exec(output)![1]!;
    assert.notEqual(new URL(url).port, '0');
    const name = await siteName(url);
    const [first, second] = workerPids(child);
    assert.ok(first && second, output);

    process.kill(first, 'SIGKILL');
    await until(
      'a replacement',
      () => /worker \d+ listening \(a replacement\)/.test(output),
      () => output,
    );
    assert.match(output, new RegExp(`worker ${first} stopped \\(SIGKILL\\); starting another`));
    const pids = workerPids(child);
    assert.equal(pids.length, 2);
    assert.ok(pids.includes(second) && !pids.includes(first));
    // Round robin: consecutive requests reach both workers, on the same port.
    for (let i = 0; i < 4; i++) assert.equal(await siteName(url), name);

    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test("workers that take every core collect garbage on their own thread; fewer keep V8's helpers", () => {
  const cores = availableParallelism();
  const given = ['--conditions=source', '--import', 'tsx'];
  assert.deepEqual(workerExecArgv(cores, given), [...given, '--single-threaded-gc']);
  assert.deepEqual(workerExecArgv(cores, ['--single-threaded-gc']), ['--single-threaded-gc']);
  if (cores > 1) assert.deepEqual(workerExecArgv(cores - 1, given), given);
});
