import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

describeEachEngine('merchant portal', (engine) => {
  const harness = useHarness(engine);
  let counter = 0;
  const uniqueEmail = () => `shop${++counter}-${Date.now()}@example.test`;

  async function signedUpClient(name = 'Corner Café') {
    const client = new PageClient(harness().app);
    const email = uniqueEmail();
    const answer = await client.signUp({ name, email, password: 'a long enough secret' });
    assert.equal(answer.status, 303, answer.body);
    assert.equal(answer.location, '/portal/invoices');
    await client.get('/portal/invoices');
    return { client, email };
  }

  test('sign-up creates a merchant and a session in a secure HttpOnly SameSite cookie', async () => {
    const client = new PageClient(harness().app);
    const form = await client.get('/portal/sign-up');
    assert.equal(form.status, 200);
    assert.match(
      String(form.headers['set-cookie']),
      /__Host-inv_presession=[\w-]+; Path=\/; SameSite=Strict; .*HttpOnly; Secure/,
    );
    const answer = await client.post('/portal/sign-up', {
      name: 'Bakery Nord',
      email: uniqueEmail(),
      password: 'correct horse battery',
      recipient: '',
    });
    assert.equal(answer.status, 303);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] as string[]);
    const session = cookies.find((c) => c.startsWith('__Host-inv_session='));
    assert.ok(session, 'a session cookie is set');
    assert.match(session, /SameSite=Lax/);
    assert.match(session, /HttpOnly/);
    assert.match(session, /Secure/);
    const list = await client.get('/portal/invoices');
    assert.equal(list.status, 200);
    assert.match(textOf(list.body), /Signed in as Bakery Nord/);
    const merchants = await harness().service.listMerchants();
    const made = merchants.find((m) => m.name === 'Bakery Nord');
    assert.ok(made, 'the merchant exists');
    assert.match(made.recipient, /^SIM/, 'the simulated ledger made it an address');
  });

  test('sign-up refuses a short password, a bad email, a taken email and an invalid recipient', async () => {
    const { email } = await signedUpClient();
    const client = new PageClient(harness().app);
    await client.get('/portal/sign-up');
    const bad = await client.post('/portal/sign-up', {
      name: 'X',
      email: 'not-an-email',
      password: 'short',
      recipient: 'SIMnope',
    });
    assert.equal(bad.status, 400);
    const text = textOf(bad.body);
    assert.match(text, /Enter a valid email address/);
    assert.match(text, /at least 10 characters/);
    assert.match(text, /simulated ledger address/);
    const taken = await client.post('/portal/sign-up', { name: 'X', email, password: 'long enough password' });
    assert.equal(taken.status, 400);
    assert.match(textOf(taken.body), /exists already/);
  });

  test('sign-in checks the password, signs out, and is rate limited', async () => {
    const { client, email } = await signedUpClient();
    const out = await client.post('/portal/sign-out', {});
    assert.equal(out.status, 303);
    assert.equal((await client.get('/portal/invoices')).location, '/portal/sign-in', 'signed out');

    const visitor = new PageClient(harness().app);
    await visitor.get('/portal/sign-in');
    const wrong = await visitor.post('/portal/sign-in', { email, password: 'wrong password!' });
    assert.equal(wrong.status, 401);
    assert.match(textOf(wrong.body), /email address or the password is wrong/);
    const right = await visitor.post('/portal/sign-in', {
      email: email.toUpperCase(),
      password: 'a long enough secret',
    });
    assert.equal(right.status, 303);
    assert.equal((await visitor.get('/portal/invoices')).status, 200);

    const guesser = new PageClient(harness().app);
    await guesser.get('/portal/sign-in');
    let last = await guesser.post('/portal/sign-in', { email, password: 'guess 0' });
    for (let i = 1; i < 6; i++) last = await guesser.post('/portal/sign-in', { email, password: `guess ${i}` });
    assert.equal(last.status, 429);
    assert.ok(Number(last.headers['retry-after']) > 0);
    assert.match(textOf(last.body), /Too many sign-in attempts/);
    const blocked = await guesser.post('/portal/sign-in', { email, password: 'a long enough secret' });
    assert.equal(blocked.status, 429, 'even the right password waits out the limit');
  });

  test('a form post without the CSRF token, or with another session’s, is refused and changes nothing', async () => {
    const { client } = await signedUpClient();
    const other = await signedUpClient();
    await client.get('/portal/keys');
    const none = await client.post('/portal/keys', {}, null);
    assert.equal(none.status, 403);
    assert.match(textOf(none.body), /not sent from this site/);
    const foreign = await client.post('/portal/keys', {}, other.client.lastCsrf);
    assert.equal(foreign.status, 403);
    assert.doesNotMatch((await client.get('/portal/keys')).body, /data-key-row=/, 'no key was made');
    const invoice = await client.post('/portal/invoices', { amount: '5', currency: 'eur', expires_min: '' }, null);
    assert.equal(invoice.status, 403);
    const visitor = new PageClient(harness().app);
    const signIn = await visitor.post(
      '/portal/sign-in',
      { email: other.email, password: 'a long enough secret' },
      null,
    );
    assert.equal(signIn.status, 403, 'the sign-in form is protected too');
    const signOut = await client.post('/portal/sign-out', {}, null);
    assert.equal(signOut.status, 403);
    assert.equal((await client.get('/portal/invoices')).status, 200, 'still signed in');
  });

  test('create an invoice from the form, see it in the list, search, filter and open its page', async () => {
    const { client } = await signedUpClient();
    await client.get('/portal/invoices/new');
    const bad = await client.post('/portal/invoices', { amount: '12.345', currency: 'eur', expires_min: '30' });
    assert.equal(bad.status, 400);
    assert.match(textOf(bad.body), /An amount in EUR has at most 2 decimal places/);
    await client.get('/portal/invoices/new?lang=de');
    const zero = await client.post('/portal/invoices', { amount: '0', currency: 'coin', expires_min: '' });
    assert.match(textOf(zero.body), /Der Betrag muss größer als null sein/);
    await client.get('/portal/invoices/new?lang=en');
    const created = await client.post('/portal/invoices', { amount: '12,50', currency: 'eur', expires_min: '30' });
    assert.equal(created.status, 303, created.body);
    const page = await client.get(created.location!);
    assert.equal(page.status, 200);
    const text = textOf(page.body);
    assert.match(text, /Invoice created/);
    assert.match(text, /12\.50 EUR/);
    assert.match(text, /50 COIN/, 'at 0.25 EUR per coin');
    const link = /href="(https:\/\/pay\.example\.test\/pay\/[\w-]+)" data-checkout-link/.exec(page.body);
    assert.ok(link, 'the checkout link is shown');
    assert.match(page.body, /<svg role="img"/, 'with a QR code');
    const ref = /Invoice (INV-[\w-]+)/.exec(text)![1]!;
    assert.match(text, /Rate source fixed rate ·/, 'the rate source in words');
    await client.get('/portal/invoices?lang=de');
    assert.match(textOf((await client.get(created.location!)).body), /Kursquelle fester Kurs ·/);
    await client.get('/portal/invoices?lang=en');

    for (let i = 0; i < 2; i++)
      await client.post('/portal/invoices', { amount: '1', currency: 'coin', expires_min: '' });
    const list = await client.get('/portal/invoices');
    const rows = [...list.body.matchAll(/data-invoice-row="([\w-]+)"/g)].map((m) => m[1]);
    assert.equal(rows.length, 3);
    assert.ok(list.body.indexOf(ref) > list.body.indexOf('data-invoice-row'), 'the first invoice is listed last');
    const search = await client.get(`/portal/invoices?q=${encodeURIComponent(ref.slice(4).toLowerCase())}`);
    assert.equal([...search.body.matchAll(/data-invoice-row=/g)].length, 1);
    const paid = await client.get('/portal/invoices?status=paid');
    assert.match(textOf(paid.body), /No invoices match this filter/);
  });

  test('the invoice list pages through older invoices', async () => {
    const { client } = await signedUpClient();
    await client.get('/portal/invoices/new');
    for (let i = 0; i < 27; i++) {
      const answer = await client.post('/portal/invoices', { amount: String(i + 1), currency: 'eur', expires_min: '' });
      assert.equal(answer.status, 303);
      harness().clock.ms += 1000;
    }
    const first = await client.get('/portal/invoices');
    assert.equal([...first.body.matchAll(/data-invoice-row=/g)].length, 25);
    const older = /href="\/portal\/invoices\?([^"]+)" rel="next"/.exec(first.body);
    assert.ok(older, 'a link to older invoices');
    const second = await client.get(`/portal/invoices?${older[1]!.replaceAll('&amp;', '&')}`);
    assert.equal([...second.body.matchAll(/data-invoice-row=/g)].length, 2);
    assert.match(textOf(second.body), /2\.00 EUR/);
    assert.match(textOf(second.body), /1\.00 EUR/);
    assert.doesNotMatch(second.body, /rel="next"/);
  });

  test('API keys: created and shown once, listed by prefix, revoked', async () => {
    const { client } = await signedUpClient();
    await client.get('/portal/keys');
    const made = await client.post('/portal/keys', {});
    assert.equal(made.status, 201);
    assert.equal(made.headers['cache-control'], 'no-store');
    const key = /<code class="copy-value" id="new-key"[^>]*>(ik_live_[\w-]+)<\/code>/.exec(made.body)?.[1];
    assert.ok(key, 'the new key is shown');
    const auth = await harness().service.authenticate(key);
    assert.ok(auth, 'and works');
    const list = await client.get('/portal/keys');
    assert.doesNotMatch(list.body, new RegExp(key), 'never shown again');
    assert.match(list.body, new RegExp(`${key.slice(0, 12)}`), 'its prefix is listed');
    const keyId = /data-key-row="([\w-]+)"/.exec(list.body)![1]!;
    const revoked = await client.post(`/portal/keys/${keyId}/revoke`, {});
    assert.equal(revoked.status, 303);
    const after = await client.get(revoked.location!);
    assert.match(textOf(after.body), /The key was revoked/);
    assert.match(textOf(after.body), /Revoked/);
    assert.equal(await harness().service.authenticate(key), null);
  });

  test('settings: the recipient is validated by the ledger; expiry and tolerance are saved', async () => {
    const { client } = await signedUpClient();
    const form = await client.get('/portal/settings');
    const recipient = /id="f-recipient" name="recipient" type="text" value="(SIM\w+)"/.exec(form.body)![1]!;
    const bad = await client.post('/portal/settings', {
      name: 'Renamed',
      recipient: `${recipient.slice(0, -1)}${recipient.endsWith('A') ? 'B' : 'A'}`,
      default_expiry_min: '0',
      tolerance_percent: '80',
    });
    assert.equal(bad.status, 400);
    const text = textOf(bad.body);
    assert.match(text, /check character is wrong/);
    assert.match(text, /whole number from 1 to 1440/);
    assert.match(text, /percentage from 0 to 50/);
    const good = await client.post('/portal/settings', {
      name: 'Renamed',
      recipient,
      default_expiry_min: '45',
      tolerance_percent: '0,5',
    });
    assert.equal(good.status, 303);
    const saved = await client.get(good.location!);
    assert.match(textOf(saved.body), /Settings saved/);
    assert.match(saved.body, /name="default_expiry_min" type="number" value="45"/);
    assert.match(saved.body, /name="tolerance_percent" type="text" value="0.5"/);
    assert.match(textOf(saved.body), /Signed in as Renamed/);
  });
});
