import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

const password = 'a long enough secret';

describeEachEngine('page security', (engine) => {
  const harness = useHarness(engine);
  let counter = 0;

  async function merchantClient(name: string) {
    const client = new PageClient(harness().app);
    const email = `sec${++counter}-${Date.now()}@example.test`;
    const answer = await client.signUp({ name, email, password });
    assert.equal(answer.status, 303, answer.body);
    await client.get('/portal/invoices');
    return client;
  }

  async function portalInvoice(client: PageClient, amount: string) {
    await client.get('/portal/invoices/new');
    const created = await client.post('/portal/invoices', { amount, currency: 'eur', expires_min: '' });
    assert.equal(created.status, 303, created.body);
    return /\/portal\/invoices\/([\w-]+)/.exec(created.location!)![1]!;
  }

  test('every page, asset, error and API answer carries the strict security headers', async () => {
    const client = await merchantClient('Header shop');
    const id = await portalInvoice(client, '3');
    const urls = [
      '/',
      `/pay/${id}`,
      `/pay/${id}?lang=de`,
      `/pay/${id}/live`,
      '/pay/unknown-invoice-id-000',
      '/pay/%3Cscript%3E',
      '/portal',
      '/portal/invoices',
      '/portal/invoices/new',
      `/portal/invoices/${id}`,
      '/portal/invoices/no-such-invoice-here',
      '/portal/unmatched',
      '/portal/keys',
      '/portal/settings',
      '/portal/nowhere',
      '/assets/style.css',
      '/assets/checkout.js',
      `/api/invoices/${id}`,
      '/api/nowhere',
    ];
    const visitor = new PageClient(harness().app);
    for (const [who, url] of [...urls.map((u) => [client, u] as const), [visitor, '/portal/sign-in'] as const]) {
      const answer = await who.get(url);
      const csp = String(answer.headers['content-security-policy']);
      assert.match(csp, /default-src 'self'/, `CSP on ${url}`);
      assert.match(csp, /script-src 'self'(;|$)/, `scripts only from our files on ${url}`);
      assert.match(csp, /frame-ancestors 'none'/, `no framing of ${url}`);
      assert.match(csp, /object-src 'none'/);
      assert.match(csp, /form-action 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(answer.headers['referrer-policy'], 'no-referrer', url);
      if (String(answer.headers['content-type']).startsWith('text/html')) {
        assert.doesNotMatch(
          answer.body,
          /<script>|<script [^>]*>[^<]|\son[a-z]+=|style="/i,
          `no inline code on ${url}`,
        );
        assert.doesNotMatch(
          answer.body,
          /(?:src|href|action)="https?:\/\/(?!pay\.example\.test)/,
          `nothing from other sites on ${url}`,
        );
      }
    }
    assert.equal((await visitor.get('/pay/unknown-invoice-id-000')).status, 404);
    assert.match(textOf((await visitor.get('/pay/unknown-invoice-id-000')).body), /Page not found/);
  });

  test('markup in any shown text is escaped: merchant name, search, ledger memo', async () => {
    const evil = '<img src=x onerror=alert(1)>"\'&';
    const client = await merchantClient(evil);
    const list = await client.get(`/portal/invoices?q=${encodeURIComponent('<b>x</b>"')}`);
    assert.doesNotMatch(list.body, /<img src=x/);
    assert.doesNotMatch(list.body, /<b>x<\/b>/);
    assert.match(list.body, /&lt;img src=x onerror=alert\(1\)&gt;&quot;&#39;&amp;/);
    assert.match(list.body, /value="&lt;b&gt;x&lt;\/b&gt;&quot;"/);

    const h = harness();
    const settings = await client.get('/portal/settings');
    const recipient = /name="recipient" type="text" value="(SIM\w+)"/.exec(settings.body)![1]!;
    h.ledger.submitPayment({ to: recipient, amount: '1', message: '<script>alert(1)</script>', time: h.clock.now() });
    await h.watcher.catchUp();
    const unmatched = await client.get('/portal/unmatched');
    assert.doesNotMatch(unmatched.body, /<script>alert/);
    assert.match(unmatched.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);

    const id = await portalInvoice(client, '2');
    const checkout = await new PageClient(h.app).get(`/pay/${id}`);
    assert.doesNotMatch(checkout.body, /<img src=x/, 'the merchant name is not on the checkout page at all');
  });

  test('one merchant’s session cannot read or change another merchant’s invoices or keys', async () => {
    const alice = await merchantClient('Alice');
    const bob = await merchantClient('Bob');
    const aliceInvoice = await portalInvoice(alice, '7');
    await alice.post('/portal/keys', {});
    const aliceKeys = await alice.get('/portal/keys');
    const aliceKeyId = /data-key-row="([\w-]+)"/.exec(aliceKeys.body)![1]!;
    const alicePrefix = /<code>(ik_live_[\w-]+)…<\/code>/.exec(aliceKeys.body)![1]!;

    const aliceRef = /Invoice (INV-[\w-]+)/.exec(
      textOf((await alice.get(`/portal/invoices/${aliceInvoice}`)).body),
    )![1]!;
    const peek = await bob.get(`/portal/invoices/${aliceInvoice}`);
    assert.equal(peek.status, 404);
    assert.doesNotMatch(peek.body, new RegExp(aliceRef));
    assert.doesNotMatch(textOf(peek.body), /7\.00 EUR|Alice/);
    assert.match(textOf(peek.body), /no such invoice in your account/);
    const bobList = await bob.get('/portal/invoices');
    assert.doesNotMatch(bobList.body, new RegExp(aliceInvoice));
    assert.doesNotMatch(bobList.body, new RegExp(aliceRef));
    const bobSearch = await bob.get(`/portal/invoices?q=${aliceRef}`);
    assert.doesNotMatch(bobSearch.body, /data-invoice-row=/);
    const bobKeys = await bob.get('/portal/keys');
    assert.doesNotMatch(bobKeys.body, new RegExp(alicePrefix));
    assert.doesNotMatch(bobKeys.body, new RegExp(aliceKeyId));

    const revoke = await bob.post(`/portal/keys/${aliceKeyId}/revoke`, {});
    assert.equal(revoke.status, 303);
    const stillActive = await alice.get('/portal/keys');
    assert.match(textOf(stillActive.body), /Active/);
    assert.doesNotMatch(textOf(stillActive.body), /Revoked/);

    const alicePage = await alice.get(`/portal/invoices/${aliceInvoice}`);
    assert.equal(alicePage.status, 200, 'the owner still sees it');
  });
});
