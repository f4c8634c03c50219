/**
 * Debian packages the tests need (Python client libraries, MediaWiki), installed by the tests
 * themselves when missing, as CI starts from a fresh machine. Test files run in parallel and
 * apt-get holds a machine-wide lock, so installs wait for each other here instead of failing.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const LOCK = join(tmpdir(), 'wiki-tests-apt.lock');
/** A lock older than this was left by a process that died. */
const STALE_MS = 20 * 60_000;

/** Runs `task` while holding the tests' apt lock. */
export async function withAptLock<T>(task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await sleep(500);
    }
  }
  try {
    return await task();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Debian's interpreter, where python3-* packages install (not a virtual environment's). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

function importable(modules: readonly string[]): boolean {
  try {
    execFileSync(DEBIAN_PYTHON, ['-c', modules.map((m) => `import ${m}`).join('; ')], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the Python modules importable by Debian's interpreter, installing their packages
 * (`{ module: package }`) with apt-get when one is missing.
 */
export async function ensurePythonModules(packages: Readonly<Record<string, string>>): Promise<void> {
  const modules = Object.keys(packages);
  if (importable(modules)) return;
  await withAptLock(async () => {
    if (importable(modules)) return;
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env, timeout: 600_000 });
    await run('apt-get', ['install', '-y', '-qq', ...Object.values(packages)], { env, timeout: 900_000 });
  });
  if (!importable(modules)) {
    throw new Error(
      `Python modules ${modules.join(', ')} are missing (apt-get install ${Object.values(packages).join(' ')})`,
    );
  }
}
