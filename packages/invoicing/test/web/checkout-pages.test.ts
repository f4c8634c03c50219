import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { type Harness, useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

async function newInvoice(h: Harness, amountEur = '10', expiresMin = 15) {
  return h.service.createInvoice(h.merchant.id, { amount: { currency: 'eur', value: amountEur }, expiresMin });
}

async function pay(h: Harness, to: string, amount: string, message: string, time = h.clock.now()) {
  h.ledger.submitPayment({ to, amount, message, time });
  await h.watcher.catchUp();
}

/** Reads server-sent events from a listening app until `done` says stop. */
function readEvents(url: string, done: (events: { event: string; data: string }[]) => boolean) {
  return new Promise<{ events: { event: string; data: string }[]; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const events: { event: string; data: string }[] = [];
      const req = request(url, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) events.push({ event, data });
            end = buffer.indexOf('\n\n');
          }
          if (done(events)) {
            req.destroy();
            resolve({ events, headers: res.headers });
          }
        });
      });
      req.on('error', (error) => (events.length > 0 ? undefined : reject(error)));
      req.setTimeout(10_000, () => reject(new Error('no event in time')));
      req.end();
    },
  );
}

describeEachEngine('checkout page', (engine) => {
  const harness = useHarness(engine);

  test('an open invoice shows amounts, rate, address, message with the warning, QR code and countdown', async () => {
    const h = harness();
    const invoice = await newInvoice(h, '10');
    const page = await new PageClient(h.app).get(`/pay/${invoice.id}`);
    assert.equal(page.status, 200);
    assert.equal(page.headers['cache-control'], 'no-store');
    const text = textOf(page.body);
    assert.match(text, new RegExp(`Pay invoice ${invoice.order_ref}`));
    assert.match(text, /Amount Awaiting payment 40 COIN/);
    assert.match(text, /10\.00 EUR/);
    assert.match(text, /1 COIN = 0\.25 EUR, locked/);
    assert.match(text, new RegExp(`Recipient address ${invoice.recipient}`));
    assert.match(text, new RegExp(`Message \\(memo\\) ${invoice.message}`));
    assert.match(text, /Without it the payment cannot be matched/);
    assert.match(page.body, /<svg role="img" aria-label="QR code with the payment details"/);
    assert.match(
      page.body,
      new RegExp(
        `href="web\\+simledger:pay\\?destination=${invoice.recipient}&amp;amount=40&amp;memo=${invoice.message}"`,
      ),
    );
    assert.match(page.body, new RegExp(`data-countdown data-expires-at="${invoice.expires_at}"[^>]*>15:00<`));
    assert.match(page.body, /<noscript><meta http-equiv="refresh" content="15"><\/noscript>/);
    assert.doesNotMatch(page.body, new RegExp(h.merchant.id), 'no merchant data');
    assert.doesNotMatch(text, /Test shop/);
  });

  test('German from Accept-Language or ?lang=de, remembered for the next page', async () => {
    const h = harness();
    const invoice = await newInvoice(h, '1234.5');
    const client = new PageClient(h.app);
    const german = await client.get(`/pay/${invoice.id}`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    assert.match(german.body, /<html lang="de">/);
    assert.match(textOf(german.body), /Rechnung INV-[\w-]+ bezahlen/);
    assert.match(textOf(german.body), /1\.234,50 EUR/);
    assert.match(textOf(german.body), /Verbleibende Zeit/);
    const switched = await client.get(`/pay/${invoice.id}?lang=de`, { 'accept-language': 'en' });
    assert.match(String(switched.headers['set-cookie']), /^lang=de;/);
    const next = await client.get(`/pay/${invoice.id}`, { 'accept-language': 'en' });
    assert.match(next.body, /<html lang="de">/, 'the choice is remembered');
    const back = await client.get(`/pay/${invoice.id}?lang=en`);
    assert.match(back.body, /<html lang="en">/);
  });

  test('an unknown id is a 404 page, not an error', async () => {
    const client = new PageClient(harness().app);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x', '..%2F..%2Fetc', '%3Cscript%3E']) {
      const page = await client.get(`/pay/${id}`);
      assert.equal(page.status, 404, id);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.match(textOf(page.body), /Page not found/);
    }
  });

  test('partial, paid, expired and late states as the payer sees them', async () => {
    const h = harness();
    const client = new PageClient(h.app);
    const partial = await newInvoice(h, '10');
    await pay(h, partial.recipient, '15', partial.message);
    const partialPage = textOf((await client.get(`/pay/${partial.id}`)).body);
    assert.match(partialPage, /Partially paid/);
    assert.match(partialPage, /Received so far 15 COIN/);
    assert.match(partialPage, /Still due 25 COIN/);
    assert.match(partialPage, /Send the remaining 25 COIN with the same message/);
    const live = await h.app.inject({ method: 'GET', url: `/pay/${partial.id}/live` });
    assert.equal(live.json().status, 'partial');
    assert.match(live.json().html, /amount=25/, 'the QR code asks for what is still due');

    await pay(h, partial.recipient, '30', partial.message);
    const paidHtml = (await client.get(`/pay/${partial.id}`)).body;
    const paidPage = textOf(paidHtml);
    assert.match(paidPage, /Payment received, thank you/);
    assert.match(paidPage, /You paid 5 COIN more/);
    assert.equal(
      [...paidHtml.matchAll(/<tr>\s*<td data-label="Ledger transaction"><code>/g)].length,
      2,
      'both payments',
    );
    assert.doesNotMatch(paidHtml, /data-payment-details|data-countdown/, 'nothing left to pay');
    assert.match(paidHtml, new RegExp(`<title>Invoice ${partial.order_ref} · `), 'the title no longer asks to pay');
    assert.doesNotMatch(paidPage, /Pay invoice/);

    const expiring = await newInvoice(h, '2', 1);
    h.clock.advanceMinutes(2);
    const expiredHtml = (await client.get(`/pay/${expiring.id}`)).body;
    assert.match(textOf(expiredHtml), /This invoice has expired/);
    assert.doesNotMatch(textOf(expiredHtml), /Pay invoice/);
    assert.doesNotMatch(expiredHtml, new RegExp(expiring.recipient), 'the address is hidden');
    assert.doesNotMatch(expiredHtml, /<svg|data-countdown/, 'no QR code and no countdown');

    await pay(h, expiring.recipient, '8', expiring.message);
    const latePage = textOf((await client.get(`/pay/${expiring.id}`)).body);
    assert.match(latePage, /A payment arrived after the expiry/);
    assert.match(latePage, /We recorded 8 COIN received after this invoice had expired/);
    assert.match(latePage, /after expiry/);
  });

  test('the event stream sends the current state, then the change when a payment is credited', async () => {
    const h = harness();
    const invoice = await newInvoice(h, '5');
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const streamed = readEvents(`${address}/pay/${invoice.id}/events?lang=en`, (events) => {
      if (events.length === 1) setImmediate(() => void pay(h, invoice.recipient, '20', invoice.message));
      return events.length >= 2;
    });
    const { events, headers } = await streamed;
    assert.match(String(headers['content-type']), /^text\/event-stream/);
    assert.match(String(headers['content-security-policy']), /default-src 'self'/);
    const [first, second] = events.map((e) => JSON.parse(e.data));
    assert.equal(first.status, 'open');
    assert.equal(first.heading, `Pay invoice ${invoice.order_ref}`);
    assert.equal(second.status, 'paid');
    assert.equal(second.heading, `Invoice ${invoice.order_ref}`);
    assert.equal(second.announcement, 'Paid');
    assert.match(second.html, /Payment received, thank you/);
  });
});
