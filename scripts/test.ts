/**
 * `npm test`: every `*.test.ts` under packages/<name>/test, run by node's test runner with tsx.
 * Arguments narrow the run to files whose path contains one of them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function findTests(dir: string, found: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries.sort()) {
    if (entry === 'node_modules' || entry === 'fixtures') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) findTests(path, found);
    else if (entry.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = readdirSync(join(root, 'packages'))
  .flatMap((pkg) => findTests(join(root, 'packages', pkg, 'test')))
  .map((file) => relative(root, file))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));

if (files.length === 0) {
  process.stderr.write('no test files matched\n');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write('note: PostgreSQL tests skipped: TEST_DATABASE_URL is not set (SQLite tests run)\n');
} else {
  process.stdout.write('note: PostgreSQL tests run against TEST_DATABASE_URL\n');
}

const result = spawnSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', '--test', '--test-reporter=spec', ...passThrough, ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
