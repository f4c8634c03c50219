import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findLoginByEmail } from '../../src/portal/logins.js';
import { verifyPassword } from '../../src/portal/password.js';
import { openInvoicingStore } from '../../src/store/database.js';

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

describe('merchant set-login', { timeout: 60_000 }, () => {
  let dir = '';
  const env = () => ({ ...process.env, INVOICING_DATA_DIR: dir, LOG_LEVEL: 'silent', DATABASE_URL: '' });
  const run = (args: string[], input = '') =>
    spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
      env: env(),
      input,
      encoding: 'utf8',
    });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'invoicing-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('gives a merchant made by the CLI a portal login, the password read from standard input', async () => {
    const created = run(['merchant', 'create', '--name', 'CLI shop']);
    assert.equal(created.status, 0, created.stderr);
    const merchantId = created.stdout.trim();

    const short = run(['merchant', 'set-login', '--merchant', merchantId, '--email', 'cli@shop.example'], 'short\n');
    assert.equal(short.status, 1);
    assert.match(short.stderr, /at least 10 characters/);
    const unknown = run(['merchant', 'set-login', '--merchant', 'm_nobody', '--email', 'cli@shop.example'], 'x\n');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /there is no merchant m_nobody/);
    const badEmail = run(['merchant', 'set-login', '--merchant', merchantId, '--email', 'nope'], 'x\n');
    assert.equal(badEmail.status, 1);
    assert.match(badEmail.stderr, /--email must be an email address/);

    const set = run(
      ['merchant', 'set-login', '--merchant', merchantId, '--email', 'CLI@Shop.example'],
      'a password from stdin\nignored second line\n',
    );
    assert.equal(set.status, 0, set.stderr);
    assert.match(set.stdout, /can now sign in to the portal as cli@shop\.example/);

    const store = await openInvoicingStore({ engine: 'sqlite', file: join(dir, 'invoicing.sqlite') });
    try {
      const login = await findLoginByEmail(store.db, 'cli@shop.example');
      assert.equal(login?.merchantId, merchantId);
      assert.equal(await verifyPassword('a password from stdin', login!.passwordHash), true);
      assert.doesNotMatch(login!.passwordHash, /a password/, 'stored only as a hash');
    } finally {
      await store.close();
    }
  });
});
