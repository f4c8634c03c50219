import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase } from '@svc/common';
import { describeEachEngine } from '@svc/common/testing';
import { loadConfig } from '../src/config.js';
import { SimulatedLedger } from '../src/ledger/simulated.js';
import { openInvoicing } from '../src/runtime.js';
import type { InvoicingDatabase } from '../src/store/schema.js';
import { createServiceEnvironment, type ServiceEnvironment, startService, stopProcess } from './processes.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const INVOICES = 10;
const PAYMENTS = 500;
/** Each payment is 0.0001 coin of a 1000-coin invoice: every payment is one `invoice.payment_received`. */
const AMOUNT = '0.0001';

describeEachEngine('webhook crash safety', (engine) => {
  let environment: ServiceEnvironment;
  const receiver = new WebhookReceiver();
  before(async () => {
    environment = await createServiceEnvironment(engine);
    Object.assign(environment.env, {
      INVOICING_WEBHOOK_ALLOW_PRIVATE: 'true',
      INVOICING_WEBHOOK_POLL_INTERVAL_MS: '50',
      INVOICING_WEBHOOK_TIMEOUT_MS: '10000',
    });
    await receiver.start();
  });
  after(async () => {
    await receiver.stop();
    await environment.dispose();
  });

  test('a service killed with webhooks pending delivers every event at least once after its restart, none invented', {
    timeout: 300_000,
  }, async () => {
    const config = loadConfig(environment.env);
    const setup = await openInvoicing(config);
    const merchant = await setup.service.createMerchant({ name: 'Crash webhook shop' });
    const { key } = await setup.service.createApiKey(merchant.id);
    const { secret } = await setup.service.webhooks.createEndpoint(merchant.id, { url: `${receiver.url}/crash` });
    await setup.close();
    // A slow shop: answers take 20 ms, so deliveries queue up behind the burst of payments.
    receiver.route('/crash', secret, () => ({ status: 200, delayMs: 20 }));

    let service = await startService(environment.env);
    const invoices: { id: string; message: string }[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const response = await fetch(`${service.url}/api/invoices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ amount_coin: 1000, expires_min: 60 }),
      });
      assert.equal(response.status, 201);
      invoices.push((await response.json()) as { id: string; message: string });
    }

    const observer = openDatabase<InvoicingDatabase>(config.database);
    const count = async (table: 'ledger_payments' | 'invoice_events') =>
      Number(
        (
          await observer.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pendingDeliveries = async () =>
      Number(
        (
          await observer.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ledger = new SimulatedLedger(join(environment.dataDir, 'simulated-ledger.sqlite'));
    const txIds = new Set<string>();
    let pendingAtKill = -1;
    try {
      for (let i = 0; i < PAYMENTS; i++) {
        const invoice = invoices[i % INVOICES]!;
        txIds.add(ledger.submitPayment({ to: merchant.recipient, amount: AMOUNT, message: invoice.message }).txId);
        if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 2));
        if (i === PAYMENTS / 2) {
          const deadline = Date.now() + 60_000;
          // Killed mid-stream: some deliveries made, and credited payments' deliveries still waiting
          // (several, so that the 20 ms answers cannot drain them between the look and the kill).
          while ((receiver.at('/crash').length < 20 || (await pendingDeliveries()) < 5) && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          await stopProcess(service.child, 'SIGKILL');
          pendingAtKill = await pendingDeliveries();
        }
      }
      assert.ok(pendingAtKill > 0, `webhooks were pending at the kill (${pendingAtKill})`);
      const receivedAtKill = receiver.at('/crash').length;
      assert.ok(receivedAtKill > 0 && receivedAtKill < PAYMENTS, `killed mid-stream (${receivedAtKill} received)`);

      service = await startService(environment.env);
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if ((await count('ledger_payments')) === PAYMENTS && (await pendingDeliveries()) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(await count('ledger_payments'), PAYMENTS, 'every payment is credited once');
      assert.equal(await pendingDeliveries(), 0, 'nothing is left to send');

      const events = await observer.db.selectFrom('invoice_events').select(['id', 'type']).execute();
      assert.equal(events.length, INVOICES + PAYMENTS, 'one event per creation and per payment');
      const received = receiver.at('/crash');
      for (const r of received) assert.ok(r.verified, 'every webhook is signed');
      const receivedIds = new Set(received.map((r) => String(r.headers['webhook-id'])));
      const eventIds = new Set(events.map((e) => e.id));
      for (const id of eventIds) assert.ok(receivedIds.has(id), `event ${id} was delivered`);
      for (const id of receivedIds) assert.ok(eventIds.has(id), `webhook ${id} stands for a recorded event`);
      const paymentTxIds = new Set(
        received
          .filter((r) => r.verified!.type === 'invoice.payment_received')
          .map((r) => r.verified!.data.payment.tx_id),
      );
      assert.deepEqual([...paymentTxIds].sort(), [...txIds].sort(), 'one payment_received per ledger payment');
      const createdIds = new Set(
        received.filter((r) => r.verified!.type === 'invoice.created').map((r) => r.verified!.data.invoice.id),
      );
      assert.deepEqual([...createdIds].sort(), invoices.map((i) => i.id).sort());
    } finally {
      await stopProcess(service.child, 'SIGTERM');
      await ledger.close();
      await observer.close();
    }
  });
});
