import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function cleanEnv(extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('NODE_TEST')) env[k] = v;
  delete env.DATABASE_URL;
  delete env.WIKI_DATABASE_URL;
  return { ...env, LOG_LEVEL: 'silent', ...extra };
}

test('npm start serves /healthz on both services and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-test-'));
  try {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      env: cleanEnv({
        INVOICING_PORT: '0',
        WIKI_PORT: '0',
        INVOICING_DATA_DIR: join(dir, 'invoicing'),
        WIKI_DATA_DIR: join(dir, 'wiki'),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const urls = await new Promise<Record<string, string>>((resolve, reject) => {
      const found: Record<string, string> = {};
      child.stdout.on('data', (data) => {
        output += data;
        for (const m of output.matchAll(/^(invoicing|wiki): listening on (\S+)/gm)) found[m[1]!] = m[2]!;
        if (found.invoicing && found.wiki) resolve(found);
      });
      child.on('exit', () => reject(new Error(`start exited early:\n${output}`)));
    });
    for (const url of Object.values(urls)) {
      const response = await fetch(`${url}/healthz`);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { status: 'ok', database: 'reachable' });
    }
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exit, 0, output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const [service, variable] of [
  ['wiki', 'WIKI_PORT'],
  ['invoicing', 'INVOICING_PORT'],
] as const) {
  test(`a bad ${variable} stops ${service} with a one-line message naming it`, () => {
    const result = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', `packages/${service}/src/cli.ts`, 'serve'],
      { cwd: root, env: cleanEnv({ [variable]: 'abc' }), encoding: 'utf8' },
    );
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, new RegExp(`invalid environment variable ${variable}: .*"abc"`));
  });
}
