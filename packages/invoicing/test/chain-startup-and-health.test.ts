import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HDKey } from '@scure/bip32';
import { createServiceEnvironment, runCli, type ServiceEnvironment, startService, stopProcess } from './processes.js';
import { testAccount } from './support/chain-harness.js';
import { type RegtestNode, startRegtestNode } from './support/litecoind.js';
import { freePort } from './support/ports.js';

describe('chain ledger start-up and health', () => {
  let node: RegtestNode;
  let environment: ServiceEnvironment;
  before(async () => {
    node = await startRegtestNode();
    environment = await createServiceEnvironment({ name: 'sqlite', skip: false } as never);
  });
  after(async () => {
    await environment?.dispose();
    await node?.stop();
  });

  const serveWith = (extra: Record<string, string>) => runCli(['serve'], { ...environment.env, ...node.env, ...extra });

  test('a wrong RPC password stops start-up with one line naming it', async () => {
    const result = await serveWith({ INVOICING_RPC_PASSWORD: 'not-the-password-x7' });
    assert.equal(result.code, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, /INVOICING_RPC_PASSWORD: the node at http:\/\/127\.0\.0\.1:\d+\/ refused the RPC login/);
    assert.doesNotMatch(result.stderr, /not-the-password-x7/, 'the password is never printed');
  });

  test('a wrong RPC URL stops start-up with one line naming it', async () => {
    const port = await freePort();
    const result = await serveWith({ INVOICING_RPC_URL: `http://127.0.0.1:${port}/` });
    assert.equal(result.code, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0]!, new RegExp(`INVOICING_RPC_URL: cannot reach the node at http://127\\.0\\.0\\.1:${port}/`));
  });

  test('a node on another network stops start-up naming the network', async () => {
    const result = await serveWith({ INVOICING_NETWORK: 'test' });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr.trim(),
      /invalid environment variable INVOICING_NETWORK: .*runs the regtest chain, but the test network is configured$/,
    );
  });

  test('the CLI sets a merchant’s account key and confirmations, and refuses a key of another network', {
    timeout: 120_000,
  }, async () => {
    const env = { ...environment.env, ...node.env };
    const seed = Buffer.alloc(32, 5);
    const { xpub } = testAccount(seed);
    const created = await runCli(
      ['merchant', 'create', '--name', 'CLI shop', '--account-key', xpub, '--confirmations', '2'],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(created.stderr, new RegExp(`account key: wpkh\\(${xpub}/0/\\*\\)#[a-z0-9]{8}`));
    const list = await runCli(['merchant', 'list'], env);
    assert.match(list.stdout, new RegExp(`${id}\twpkh\\(${xpub}/0/\\*\\)#[a-z0-9]{8}\t.*\tconfirmations 2\tCLI shop`));
    const mainnet = HDKey.fromMasterSeed(seed).publicExtendedKey;
    const refused = await runCli(['merchant', 'set', '--merchant', id, '--account-key', mainnet], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr.trim(), /account key: this extended public key is for another network/);
    assert.equal(refused.stderr.trim().split('\n').length, 1);
  });

  test('/healthz is ok while the node answers and names the problem once it is down', {
    timeout: 120_000,
  }, async () => {
    const service = await startService({ ...environment.env, ...node.env });
    try {
      const healthy = await fetch(`${service.url}/healthz`);
      assert.equal(healthy.status, 200);
      assert.deepEqual(await healthy.json(), { status: 'ok', database: 'reachable', ledger: 'ok' });
      await node.stop();
      const down = await fetch(`${service.url}/healthz`);
      assert.equal(down.status, 503);
      const body = (await down.json()) as { status: string; ledger: string };
      assert.equal(body.status, 'unavailable');
      assert.match(body.ledger, /cannot reach the node at http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      await stopProcess(service.child, 'SIGTERM');
    }
  });
});
