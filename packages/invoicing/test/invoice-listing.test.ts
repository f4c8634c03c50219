import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import SQLite from 'better-sqlite3';
import { csvField } from '../src/service/invoice-listing.js';
import { getInvoice, type Harness, postInvoice, useHarness } from './harness.js';

describeEachEngine('listing and exporting invoices', (engine) => {
  const harness = useHarness(engine);

  async function get(h: Harness, url: string, key = h.key) {
    const response = await h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
    return { status: response.statusCode, body: response.body, headers: response.headers };
  }

  async function shop(h: Harness) {
    const merchant = await h.service.createMerchant({ name: 'Listing shop' });
    return (await h.service.createApiKey(merchant.id)).key;
  }

  test('metadata is echoed to the merchant and never on public reads', async () => {
    const h = harness();
    const created = await postInvoice(
      h,
      { amount_eur: 5, metadata: { order: 1001, note: 'gift' } },
      {
        authorization: `Bearer ${h.key}`,
      },
    );
    assert.equal(created.status, 201, created.text);
    assert.match(created.text, /"metadata":\{"note":"gift","order":1001\}\}$/);
    const read = await getInvoice(h, created.body.id);
    assert.ok(!('metadata' in read.body));
    assert.ok(!read.text.includes('gift'));
    const own = await get(h, `/api/invoices/${created.body.id}`);
    assert.deepEqual(
      JSON.parse(own.body).metadata,
      { note: 'gift', order: 1001 },
      'the merchant reads it with its key',
    );
    const otherKey = await shop(h);
    const foreign = await get(h, `/api/invoices/${created.body.id}`, otherKey);
    assert.equal(foreign.status, 200);
    assert.ok(!foreign.body.includes('gift'), "another merchant's key reads the public view");
    const badKey = await get(h, `/api/invoices/${created.body.id}`, 'ik_live_not-a-key');
    assert.equal(badKey.status, 401);
    const page = await h.app.inject({ method: 'GET', url: `/pay/${created.body.id}` });
    assert.ok(!page.body.includes('gift'), 'the checkout page shows no metadata');
  });

  test('metadata that is not an object or is over 4 KiB is a 400 with a code', async () => {
    const h = harness();
    const auth = { authorization: `Bearer ${h.key}` };
    for (const metadata of [[1, 2], 'text', 12]) {
      const answer = await postInvoice(h, { amount_eur: 5, metadata }, auth);
      assert.equal(answer.status, 400);
      assert.equal(answer.body.error.code, 'metadata_invalid');
      assert.equal(answer.body.error.param, 'metadata');
    }
    const large = await postInvoice(h, { amount_eur: 5, metadata: { text: 'x'.repeat(4100) } }, auth);
    assert.equal(large.status, 400);
    assert.equal(large.body.error.code, 'metadata_too_large');
    const fits = await postInvoice(h, { amount_eur: 5, metadata: { text: 'x'.repeat(4000) } }, auth);
    assert.equal(fits.status, 201);
  });

  test('GET /api/invoices lists newest first with filters and a cursor', async () => {
    const h = harness();
    const key = await shop(h);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const created = await postInvoice(h, { amount_eur: i + 1 }, { authorization: `Bearer ${key}` });
      ids.push(created.body.id);
      h.clock.advanceMinutes(0.01);
    }
    const first = JSON.parse((await get(h, '/api/invoices?limit=3', key)).body);
    assert.equal(first.object, 'list');
    assert.deepEqual(
      first.data.map((i: { id: string }) => i.id),
      ids.slice(4).reverse(),
    );
    assert.equal(first.has_more, true);
    assert.ok('metadata' in first.data[0]);
    const second = JSON.parse((await get(h, `/api/invoices?limit=3&starting_after=${first.data[2].id}`, key)).body);
    assert.deepEqual(
      second.data.map((i: { id: string }) => i.id),
      ids.slice(1, 4).reverse(),
    );
    const last = JSON.parse((await get(h, `/api/invoices?limit=3&starting_after=${second.data[2].id}`, key)).body);
    assert.deepEqual(
      last.data.map((i: { id: string }) => i.id),
      [ids[0]],
    );
    assert.equal(last.has_more, false);

    const invoice = JSON.parse((await get(h, '/api/invoices?limit=1', key)).body).data[0];
    const byRef = JSON.parse((await get(h, `/api/invoices?order_ref=${invoice.order_ref.toLowerCase()}`, key)).body);
    assert.deepEqual(
      byRef.data.map((i: { id: string }) => i.id),
      [invoice.id],
    );
    const paid = JSON.parse((await get(h, '/api/invoices?status=paid', key)).body);
    assert.deepEqual(paid.data, []);
    const created = invoice.timeline[0].at;
    const window = JSON.parse((await get(h, `/api/invoices?created_from=${created}&created_to=${created}`, key)).body);
    assert.ok(window.data.some((i: { id: string }) => i.id === invoice.id));
    const future = JSON.parse((await get(h, `/api/invoices?created_from=${created + 3600}`, key)).body);
    assert.deepEqual(future.data, []);
    // Another merchant's list does not include these.
    const mine = JSON.parse((await get(h, '/api/invoices?limit=100')).body);
    assert.ok(!mine.data.some((i: { id: string }) => ids.includes(i.id)));
  });

  test('a listed invoice shows its latest state after each change', async () => {
    const h = harness();
    const key = await shop(h);
    const created = await postInvoice(h, { amount_coin: 10 }, { authorization: `Bearer ${key}` });
    const first = JSON.parse((await get(h, '/api/invoices?limit=1', key)).body).data[0];
    assert.equal(first.status, 'open');
    h.ledger.submitPayment({ to: created.body.recipient, amount: '10', message: created.body.message });
    await h.watcher.catchUp();
    const again = JSON.parse((await get(h, '/api/invoices?limit=1', key)).body).data[0];
    assert.equal(again.status, 'paid');
    assert.equal(again.payments.length, 1);
    assert.deepEqual(again, { ...(await getInvoice(h, created.body.id)).body, metadata: null });
  });

  test('a repeated list shows new invoices and invoices that fell due since the last one', async () => {
    const h = harness();
    const key = await shop(h);
    const list = async () => JSON.parse((await get(h, '/api/invoices?limit=5', key)).body);
    const first = await postInvoice(h, { amount_eur: 2, expires_min: 1 }, { authorization: `Bearer ${key}` });
    assert.deepEqual(
      (await list()).data.map((i: { id: string; status: string }) => [i.id, i.status]),
      [[first.body.id, 'open']],
    );
    h.clock.advanceMinutes(0.01);
    const second = await postInvoice(h, { amount_eur: 3, expires_min: 30 }, { authorization: `Bearer ${key}` });
    assert.deepEqual(
      (await list()).data.map((i: { id: string }) => i.id),
      [second.body.id, first.body.id],
    );
    assert.deepEqual(await list(), await list(), 'an unchanged list answers the same');
    // Nothing is written while the clock passes the first invoice's expiry: the list still shows it expired.
    h.clock.advanceMinutes(2);
    assert.deepEqual(
      (await list()).data.map((i: { status: string }) => i.status),
      ['open', 'expired'],
    );
  });

  test('a list repeated after another process changed a listed invoice shows the change', async () => {
    const h = harness();
    const key = await shop(h);
    const created = await postInvoice(h, { amount_eur: 2 }, { authorization: `Bearer ${key}` });
    const statuses = async () =>
      JSON.parse((await get(h, '/api/invoices?limit=5', key)).body).data.map((i: { status: string }) => i.status);
    assert.deepEqual(await statuses(), ['open']);
    assert.deepEqual(await statuses(), ['open'], 'the kept answer');
    // Another process (a second instance) writes through a connection of its own.
    const change = 'update invoices set status = $1, version = version + 1 where id = $2';
    if (h.store.sqlite) {
      const other = new SQLite(h.store.sqlite.name);
      other.prepare(change.replace(/\$\d/g, '?')).run('expired', created.body.id);
      other.close();
    } else {
      await h.store.pool!.query(change, ['expired', created.body.id]);
    }
    assert.deepEqual(await statuses(), ['expired']);
  });

  test('bad list parameters are 400s naming the parameter', async () => {
    const h = harness();
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['status=sold', 'status'],
      ['created_from=yesterday', 'created_from'],
      ['starting_after=nope', 'starting_after'],
      ['colour=red', 'colour'],
    ]) {
      const answer = await get(h, `/api/invoices?${query}`);
      assert.equal(answer.status, 400, query);
      assert.equal(JSON.parse(answer.body).error.param, param);
    }
    const noKey = await h.app.inject({ method: 'GET', url: '/api/invoices' });
    assert.equal(noKey.statusCode, 401);
  });

  test('the CSV export has one row per invoice with amounts, status, flags, paid time and transaction ids', async () => {
    const h = harness();
    const key = await shop(h);
    const created = await postInvoice(
      h,
      { amount_coin: 10, metadata: { order: '=cmd' } },
      {
        authorization: `Bearer ${key}`,
      },
    );
    const payment = h.ledger.submitPayment({ to: created.body.recipient, amount: '10', message: created.body.message });
    await h.watcher.catchUp();
    await postInvoice(h, { amount_eur: 2 }, { authorization: `Bearer ${key}` });
    const answer = await get(h, '/api/invoices/export.csv', key);
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers['content-type']), /^text\/csv/);
    assert.match(String(answer.headers['content-disposition']), /attachment/);
    const lines = answer.body.trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.ok(lines[0]!.startsWith('id,order_ref,status,created_at'));
    // The id as the export writes it (an id starting with `-` is guarded against spreadsheet formulas).
    const paidLine = lines.find((l) => l.startsWith(`${csvField(created.body.id)},`))!;
    assert.match(paidLine, /,paid,/);
    assert.ok(paidLine.includes(`${payment.txId}:0`));
    assert.ok(paidLine.includes(',10,2.5,0.25,10,0,false,false,false,'));
    assert.ok(paidLine.includes('""order"":""=cmd""'), 'metadata is quoted JSON');
    const onlyOpen = await get(h, '/api/invoices/export.csv?status=open', key);
    assert.equal(onlyOpen.body.trimEnd().split('\r\n').length, 2);
  });
});
