import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase } from '@svc/common';
import { describeEachEngine } from '@svc/common/testing';
import { loadConfig } from '../src/config.js';
import { SimulatedLedger } from '../src/ledger/simulated.js';
import { openInvoicing } from '../src/runtime.js';
import type { InvoicingDatabase } from '../src/store/schema.js';
import {
  createInvoices,
  createServiceEnvironment,
  type ServiceEnvironment,
  startService,
  stopProcess,
} from './processes.js';

const INVOICES = 12;
const PAYMENTS = 480;
/** Each payment is 0.0001 coin; no invoice is ever complete, so every payment keeps adding. */
const AMOUNT = '0.0001';

describeEachEngine('crash safety', (engine) => {
  let environment: ServiceEnvironment;
  before(async () => {
    environment = await createServiceEnvironment(engine);
  });
  after(() => environment.dispose());

  test('a service killed mid-stream credits every payment exactly once after its restart', {
    timeout: 300_000,
  }, async () => {
    const config = loadConfig(environment.env);
    // Set up a merchant and a key the way an operator would, before the service runs.
    const setup = await openInvoicing(config);
    const merchant = await setup.service.createMerchant({ name: 'Crash test shop' });
    const { key } = await setup.service.createApiKey(merchant.id);
    await setup.close();

    let service = await startService(environment.env);
    const invoices = await createInvoices<{ id: string; message: string }>(service.url, key, INVOICES);

    const observer = openDatabase<InvoicingDatabase>(config.database);
    const credited = async () =>
      Number(
        (
          await observer.db
            .selectFrom('ledger_payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ledger = new SimulatedLedger(join(environment.dataDir, 'simulated-ledger.sqlite'));
    const expected = new Map<string, number>();
    let creditedAtKill = -1;
    try {
      for (let i = 0; i < PAYMENTS; i++) {
        const invoice = invoices[i % INVOICES]!;
        ledger.submitPayment({ to: merchant.recipient, amount: AMOUNT, message: invoice.message });
        expected.set(invoice.id, (expected.get(invoice.id) ?? 0) + 1);
        if (i % 8 === 7) await new Promise((resolve) => setTimeout(resolve, 2));
        if (i === Math.floor(PAYMENTS / 3)) {
          // Kill as soon as the watcher has credited something: two thirds of the stream are not
          // even on the ledger yet, so the kill always lands mid-stream, however slow the machine.
          const killDeadline = Date.now() + 60_000;
          while ((await credited()) === 0 && Date.now() < killDeadline) {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          await stopProcess(service.child, 'SIGKILL');
          creditedAtKill = await credited();
        }
      }
      assert.ok(creditedAtKill > 0 && creditedAtKill < PAYMENTS, `killed mid-stream (${creditedAtKill} credited)`);

      service = await startService(environment.env);
      const deadline = Date.now() + 60_000;
      while ((await credited()) < PAYMENTS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(await credited(), PAYMENTS, 'every payment is recorded once');
      for (const invoice of invoices) {
        const response = await fetch(`${service.url}/api/invoices/${invoice.id}`);
        const body = (await response.json()) as { amount_paid_coin: number; payments: unknown[]; status: string };
        const count = expected.get(invoice.id)!;
        assert.equal(body.payments.length, count);
        assert.equal(body.amount_paid_coin.toFixed(4), (count * 0.0001).toFixed(4));
        assert.equal(body.status, 'open');
      }
      const sums = await observer.db.selectFrom('invoices').select(['id', 'amount_paid']).execute();
      for (const row of sums) assert.equal(BigInt(row.amount_paid), BigInt(expected.get(row.id)!) * 1000n);
    } finally {
      await stopProcess(service.child, 'SIGTERM');
      await ledger.close();
      await observer.close();
    }
  });
});
