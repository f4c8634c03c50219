import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { createServiceEnvironment, runCli, type ServiceEnvironment } from '../processes.js';

describeEachEngine('webhook command', (engine) => {
  let environment: ServiceEnvironment;
  before(async () => {
    environment = await createServiceEnvironment(engine);
  });
  after(() => environment.dispose());

  test('creates, lists, disables, rotates and deletes an endpoint; refuses a private address', {
    timeout: 120_000,
  }, async () => {
    const env = environment.env;
    const merchantId = (await runCli(['merchant', 'create', '--name', 'Hook shop'], env)).stdout.trim();
    const refused = await runCli(
      ['webhook', 'create', '--merchant', merchantId, '--url', 'https://192.168.0.10/hooks'],
      env,
    );
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /private/);

    const created = await runCli(
      [
        'webhook',
        'create',
        '--merchant',
        merchantId,
        '--url',
        'https://93.184.215.14/hooks',
        '--events',
        'invoice.paid',
      ],
      env,
    );
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout.trim(), /^whsec_/);
    const endpointId = /endpoint (we_\S+);/.exec(created.stderr)![1]!;

    const listed = await runCli(['webhook', 'list', '--merchant', merchantId], env);
    assert.match(listed.stdout, new RegExp(`${endpointId}\\thttps://93.184.215.14/hooks\\tenabled\\tinvoice.paid`));
    assert.ok(!listed.stdout.includes(created.stdout.trim()), 'the secret is not listed');

    const disabled = await runCli(
      ['webhook', 'set', '--merchant', merchantId, '--endpoint', endpointId, '--disable'],
      env,
    );
    assert.match(disabled.stdout, /disabled/);
    const rotated = await runCli(['webhook', 'rotate', '--merchant', merchantId, '--endpoint', endpointId], env);
    assert.match(rotated.stdout.trim(), /^whsec_/);
    assert.notEqual(rotated.stdout.trim(), created.stdout.trim());
    const deleted = await runCli(['webhook', 'delete', '--merchant', merchantId, '--endpoint', endpointId], env);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal((await runCli(['webhook', 'list', '--merchant', merchantId], env)).stdout, '');
  });
});
