import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { setPassword } from '../../src/accounts/set-password.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceWikiApi } from '../helpers/reference-wiki-api.js';
import { SessionClient } from '../helpers/session-client.js';

describe('setting a password', () => {
  const served = useReferenceWikiApi();

  test('stores a scrypt hash, lets the new password in, the old one no more, and ends sessions', async () => {
    const { wiki, app } = served();
    const before = new SessionClient(app);
    assert.equal((await before.logIn('Gustav', REFERENCE_PASSWORDS.Gustav)).json.login.result, 'Success');
    await setPassword(wiki.store, 'gustav', 'ein ganz neues Passwort');
    const row = await wiki.store.db
      .selectFrom('user')
      .select('user_password')
      .where('user_name', '=', 'Gustav')
      .executeTakeFirstOrThrow();
    assert.match(row.user_password, /^:scrypt:/);
    const info = await before.get({ action: 'query', meta: 'userinfo', format: 'json' });
    assert.equal(info.json.query.userinfo.id, 0, 'the session that knew the old password has ended');
    assert.equal(
      (await new SessionClient(app).logIn('Gustav', REFERENCE_PASSWORDS.Gustav)).json.login.result,
      'Failed',
    );
    assert.equal(
      (await new SessionClient(app).logIn('Gustav', 'ein ganz neues Passwort')).json.login.result,
      'Success',
    );
  });

  test('names an account that does not exist', async () => {
    const { wiki } = served();
    await assert.rejects(setPassword(wiki.store, 'Niemand', 'x'), /no account named "Niemand"/);
  });
});

describe('wiki set-password (command line)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wiki-cli-password-'));
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const run = (args: string[], input: string) =>
    spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, 'set-password', ...args], {
      env: { ...process.env, WIKI_DATA_DIR: dataDir, WIKI_DATABASE_URL: '' },
      input,
      encoding: 'utf8',
    });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('refuses a missing name, an empty password and an unknown account with a message', () => {
    const noName = run([], 'geheim\n');
    assert.equal(noName.status, 1);
    assert.match(noName.stderr, /needs one user name/);
    const empty = run(['Alice'], '');
    assert.equal(empty.status, 1);
    assert.match(empty.stderr, /reads the new password from standard input/);
    const unknown = run(['Alice'], 'geheim\n');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no account named "Alice"/);
  });
});
