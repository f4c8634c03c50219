import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { startWebhookDispatcher } from '../src/runtime.js';
import { useHarness } from './harness.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

describeEachEngine('webhook senders side by side', (engine) => {
  // One process serves a SQLite file; several instances share a PostgreSQL database.
  if (engine.name !== 'postgres') return;
  const harness = useHarness(engine, { webhooks: {} });
  const receiver = new WebhookReceiver();
  before(() => receiver.start());
  after(() => receiver.stop());

  test('three senders on one database make each attempt once', { timeout: 120_000 }, async () => {
    const h = harness();
    const merchant = await h.service.createMerchant({ name: 'Many instances shop' });
    const { secret } = await h.service.webhooks.createEndpoint(merchant.id, { url: `${receiver.url}/shared` });
    receiver.route('/shared', secret, () => ({ status: 200, delayMs: 5 }));
    const others = [1, 2].map(() =>
      startWebhookDispatcher(h.store, h.service, { allowPrivate: true, timeoutMs: 15_000, pollIntervalMs: 20 }),
    );
    try {
      const count = 150;
      await Promise.all(
        Array.from({ length: count }, () =>
          h.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '1' } }),
        ),
      );
      await receiver.waitFor(() => receiver.at('/shared').length >= count, 60_000, 'every event');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = receiver.at('/shared').map((r) => String(r.headers['webhook-id']));
      assert.equal(new Set(ids).size, count);
      assert.equal(ids.length, count, 'no event was sent twice');
    } finally {
      for (const other of others) await other.stop();
    }
  });
});
