import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { HISTORY_MS } from '../src/service/webhook-dispatcher.js';
import { inTransaction } from '../src/store/database.js';
import { pruneWebhookHistory, recordAttempt } from '../src/store/webhooks.js';
import { useHarness } from './harness.js';

describeEachEngine('webhook history', (engine) => {
  const harness = useHarness(engine);

  test('attempts and finished deliveries are kept 30 days; pending ones stay', async () => {
    const h = harness();
    const merchant = await h.service.createMerchant({ name: 'History shop' });
    const { endpoint } = await h.service.webhooks.createEndpoint(merchant.id, { url: 'https://93.184.215.14/hooks' });
    await h.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '1' } });
    await h.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '2' } });
    const [done, waiting] = await h.service.webhooks.deliveries(merchant.id, endpoint.id);
    const now = h.clock.now();
    await inTransaction(h.store, (trx) =>
      recordAttempt(trx, {
        deliveryId: done!.id,
        endpointId: endpoint.id,
        attempt: 1,
        at: now,
        outcome: 'succeeded',
        responseStatus: 200,
        responseBody: 'ok',
        error: null,
        durationMs: 12,
        nextState: 'delivered',
        nextAttemptAt: now,
      }),
    );
    const count = async (table: 'webhook_attempts' | 'webhook_deliveries' | 'invoice_events') =>
      Number(
        (
          await h.store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await inTransaction(h.store, (trx) => pruneWebhookHistory(trx, now + 1 - HISTORY_MS));
    assert.equal(await count('webhook_attempts'), 1, 'kept within 30 days');
    await inTransaction(h.store, (trx) => pruneWebhookHistory(trx, now + 1));
    assert.equal(await count('webhook_attempts'), 0, 'forgotten after 30 days');
    const left = await h.service.webhooks.deliveries(merchant.id, endpoint.id);
    assert.deepEqual(
      left.map((d) => d.id),
      [waiting!.id],
      'the pending delivery and its event stay',
    );
    assert.equal(await count('invoice_events'), 1);
  });
});
