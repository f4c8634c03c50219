import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { takeLeadership } from '../src/payments/leadership.js';
import { PaymentWatcher } from '../src/payments/watcher.js';
import { listenForInvoiceChanges } from '../src/store/change-notices.js';
import { postInvoice, useHarness } from './harness.js';

describeEachEngine('payment watcher', (engine) => {
  const harness = useHarness(engine);

  test('two watchers over one stream credit each payment once', async () => {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, amount_coin: 1000 });
    const invoice = created.body;
    const second = new PaymentWatcher({
      store: h.store,
      ledger: h.ledger,
      service: h.service,
      intervalMs: 5,
      pageSize: 7,
    });
    for (let i = 0; i < 60; i++)
      h.ledger.submitPayment({ to: invoice.recipient, amount: '0.5', message: invoice.message });
    await Promise.all([h.watcher.catchUp(), second.catchUp(), h.watcher.catchUp(), second.catchUp()]);
    await h.watcher.catchUp();
    const view = await h.service.getPublicInvoice(invoice.id);
    assert.equal(view?.payments.length, 60);
    assert.equal(view?.amount_paid_coin, '30');
  });

  test('expiry and crediting running at once never lose a change', async () => {
    const h = harness();
    const invoices = [];
    for (let i = 0; i < 15; i++)
      invoices.push((await postInvoice(h, { api_key: h.key, amount_coin: 3, expires_min: 1 })).body);
    const madeInTime = h.clock.now() + 30_000;
    for (const invoice of invoices) {
      h.ledger.submitPayment({ to: invoice.recipient, amount: '1', message: invoice.message, time: madeInTime });
      h.ledger.submitPayment({ to: invoice.recipient, amount: '2', message: invoice.message, time: madeInTime });
    }
    h.clock.advanceMinutes(2);
    await Promise.all([h.service.expireDueInvoices(), h.watcher.catchUp(), h.service.expireDueInvoices()]);
    await h.watcher.catchUp();
    for (const invoice of invoices) {
      const view = (await h.service.getPublicInvoice(invoice.id))!;
      assert.equal(view.amount_paid_coin, '3');
      assert.equal(view.status, 'paid', JSON.stringify(view.timeline));
      assert.equal(view.timeline.at(-1)!.status, 'paid');
    }
  });

  test('a running watcher is woken by the ledger and credits without waiting for its poll', async () => {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, amount_coin: 2 });
    const watcher = new PaymentWatcher({ store: h.store, ledger: h.ledger, service: h.service, intervalMs: 60_000 });
    watcher.start();
    try {
      const paid = new Promise<string>((resolve) => {
        h.service.subscribe(created.body.id, (view) => {
          if (view.status === 'paid') resolve(view.status);
        });
      });
      // Let the first pass (and on PostgreSQL the election) finish before paying.
      await new Promise((resolve) => setTimeout(resolve, 200));
      h.ledger.submitPayment({ to: created.body.recipient, amount: '2', message: created.body.message });
      assert.equal(await paid, 'paid');
    } finally {
      await watcher.stop();
    }
  });

  test('on PostgreSQL one watcher holds the advisory lock; SQLite lets every watcher run', async () => {
    const h = harness();
    const first = await takeLeadership(h.store);
    assert.ok(first?.held());
    const second = await takeLeadership(h.store);
    if (engine.name === 'postgres') {
      assert.equal(second, undefined, 'a second watcher stands by');
      await first!.release();
      const third = await takeLeadership(h.store);
      assert.ok(third?.held(), 'the lock passes on once released');
      await third!.release();
    } else {
      assert.ok(second?.held());
    }
  });

  test('on PostgreSQL a committed change reaches every listening instance', {
    skip: engine.name !== 'postgres' && 'change notices exist on PostgreSQL only',
  }, async () => {
    const h = harness();
    const created = await postInvoice(h, { api_key: h.key, amount_coin: 2 });
    const heard: string[] = [];
    const listener = await listenForInvoiceChanges(h.store, (id) => heard.push(id), { acceptOwn: true });
    try {
      h.ledger.submitPayment({ to: created.body.recipient, amount: '1', message: created.body.message });
      await h.watcher.catchUp();
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(heard, [created.body.id]);
    } finally {
      await listener.stop();
    }
    const silent: string[] = [];
    const ownFiltered = await listenForInvoiceChanges(h.store, (id) => silent.push(id));
    try {
      h.ledger.submitPayment({ to: created.body.recipient, amount: '1', message: created.body.message });
      await h.watcher.catchUp();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(silent, [], 'this process announces its own changes directly');
    } finally {
      await ownFiltered.stop();
    }
  });
});
