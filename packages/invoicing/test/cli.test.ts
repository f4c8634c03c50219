import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { createServiceEnvironment, runCli, type ServiceEnvironment, startService, stopProcess } from './processes.js';

describeEachEngine('command line and serve', (engine) => {
  let environment: ServiceEnvironment;
  before(async () => {
    environment = await createServiceEnvironment(engine);
  });
  after(() => environment.dispose());

  test('merchant, keys, simulate-pay and unmatched drive a served invoice to paid', { timeout: 120_000 }, async () => {
    const { env } = environment;
    const badRecipient = await runCli(['merchant', 'create', '--name', 'Shop', '--recipient', 'GBADADDRESS'], env);
    assert.equal(badRecipient.code, 1);
    assert.match(badRecipient.stderr, /recipient: .*starts with SIM/);

    const created = await runCli(['merchant', 'create', '--name', 'Corner shop', '--tolerance', '1.5'], env);
    assert.equal(created.code, 0, created.stderr);
    const merchantId = created.stdout.trim();
    assert.match(merchantId, /^m_[A-Za-z0-9_-]{16}$/);
    const recipient = /recipient address: (\S+)/.exec(created.stderr)![1]!;

    const keyCreated = await runCli(['key', 'create', '--merchant', merchantId], env);
    assert.equal(keyCreated.code, 0, keyCreated.stderr);
    const key = keyCreated.stdout.trim();
    assert.match(key, /^ik_live_/);
    const keyId = /key id (\S+);/.exec(keyCreated.stderr)![1]!;
    const spare = (await runCli(['key', 'create', '--merchant', merchantId], env)).stdout.trim();

    const service = await startService(env);
    try {
      const response = await fetch(`${service.url}/api/invoices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: key, amount_eur: 2.5 }),
      });
      assert.equal(response.status, 201);
      const invoice = (await response.json()) as {
        id: string;
        message: string;
        amount_coin: number;
        recipient: string;
      };
      assert.equal(invoice.recipient, recipient);
      assert.equal(invoice.amount_coin, 10);

      // 1.5 % tolerance: 9.85 of 10 coin pays the invoice.
      const paid = await runCli(
        ['simulate-pay', '--to', recipient, '--amount', '9.85', '--message', invoice.message],
        env,
      );
      assert.equal(paid.code, 0, paid.stderr);
      assert.match(paid.stdout.trim(), /^[0-9a-f]{64}$/);
      const stray = await runCli(
        ['simulate-pay', '--to', recipient, '--amount', '1', '--message', 'for the coffee'],
        env,
      );
      assert.equal(stray.code, 0, stray.stderr);
      const badPay = await runCli(['simulate-pay', '--to', recipient, '--amount', '1.123456789'], env);
      assert.equal(badPay.code, 1);
      assert.match(badPay.stderr, /decimal places/);

      let status = '';
      for (let i = 0; i < 100 && status !== 'paid'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = ((await (await fetch(`${service.url}/api/invoices/${invoice.id}`)).json()) as { status: string })
          .status;
      }
      assert.equal(status, 'paid');

      let unmatched = '';
      for (let i = 0; i < 50 && !unmatched.includes('for the coffee'); i++) {
        unmatched = (await runCli(['unmatched', '--address', recipient], env)).stdout;
      }
      assert.match(unmatched, /"for the coffee"\tunknown_message/);

      const listed = await runCli(['key', 'list', '--merchant', merchantId], env);
      assert.equal(listed.code, 0);
      assert.ok(listed.stdout.includes(key.slice(0, 12)));
      assert.ok(!listed.stdout.includes(key), 'the full key is never shown again');
      assert.match(listed.stdout, /last used/);

      const revoked = await runCli(['key', 'revoke', '--merchant', merchantId, '--key', keyId], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      const refused = await fetch(`${service.url}/api/invoices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ amount_eur: 1 }),
      });
      assert.equal(refused.status, 401);
      const accepted = await fetch(`${service.url}/api/invoices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${spare}` },
        body: JSON.stringify({ amount_eur: 1 }),
      });
      assert.equal(accepted.status, 201);
    } finally {
      await stopProcess(service.child, 'SIGTERM');
    }
  });
});
