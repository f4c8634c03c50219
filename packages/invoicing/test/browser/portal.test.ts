import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { saveScreenshot } from '../support/artifacts.js';
import { type BrowserApp, startBrowserApp } from '../support/browser-app.js';
import { fitsViewportWidth, launchTestBrowser, type TestBrowser } from '../support/chromium.js';

describe('merchant portal in a browser', { timeout: 180_000 }, () => {
  let server: BrowserApp;
  let browser: TestBrowser;
  const pageErrors: string[] = [];

  before(async () => {
    server = await startBrowserApp();
    browser = await launchTestBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function createInvoiceApi(key: string, body: Record<string, unknown>) {
    return fetch(`${server.url}/api/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: key, ...body }),
    });
  }

  test('sign up, create an invoice, open its checkout link, create and revoke a key', async () => {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });

    await page.goto(`${server.url}/portal`);
    assert.equal(new URL(page.url()).pathname, '/portal/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Business name').fill('Rösterei <Süd>');
    await page.getByLabel('Email address').fill('owner@roesterei.example');
    await page.getByLabel('Password').fill('beans and more beans');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    assert.ok(await page.getByText('Signed in as Rösterei <Süd>').isVisible(), 'the name is shown as text');
    assert.ok(await page.getByText('No invoices yet.').isVisible());

    await page.getByRole('link', { name: 'New invoice' }).first().click();
    await page.getByLabel('Amount').fill('19.99');
    await page.getByLabel('Valid for (minutes)').fill('30');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByText('Invoice created.', { exact: false }).waitFor();
    const checkoutLink = await page.locator('#checkout-link').textContent();
    assert.match(checkoutLink ?? '', new RegExp(`^${server.url}/pay/[\\w-]+$`));
    assert.ok(await page.locator('figure.qr svg').isVisible(), 'a QR code of the link');
    await saveScreenshot(page, 'portal-invoice-created');

    await page.getByRole('link', { name: 'Open checkout page' }).click();
    assert.equal(page.url(), checkoutLink);
    assert.equal(await page.locator('[data-amount-eur]').textContent(), '19.99 EUR');
    await page.goBack();

    // A few more invoices in different states, for the list.
    const merchant = (await server.service.listMerchants()).find((m) => m.name === 'Rösterei <Süd>')!;
    const paid = await server.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '42' } });
    server.ledger.submitPayment({ to: paid.recipient, amount: paid.amount_coin, message: paid.message });
    const partial = await server.service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '12.5' } });
    server.ledger.submitPayment({ to: partial.recipient, amount: '2.5', message: partial.message });
    const expiring = await server.service.createInvoice(merchant.id, {
      amount: { currency: 'eur', value: '5.60' },
      expiresMin: 1,
    });
    server.clockOffsetMs = 2 * 60_000;
    await server.service.expireInvoice(expiring.id);
    server.clockOffsetMs = 0;
    await server.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '7.25' } });
    // The watcher credits the two payments in the background; wait until it has.
    const credited = async () =>
      (await server.service.getInvoice(paid.id))?.status === 'paid' &&
      (await server.service.getInvoice(partial.id))?.flags.partial === true;
    for (let i = 0; i < 300 && !(await credited()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(await credited(), 'the payments were credited');

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    const rows = page.locator('[data-invoice-row]');
    assert.equal(await rows.count(), 5);
    assert.match((await rows.first().textContent()) ?? '', /7\.25 EUR/, 'newest first');
    assert.match((await rows.nth(4).textContent()) ?? '', /19\.99 EUR/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'portal-invoices-desktop');
    await page.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(page, 'portal-invoices-phone');
    await page.setViewportSize({ width: 320, height: 700 });
    assert.ok(await fitsViewportWidth(page), 'the list fits 320 px without sideways scrolling');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Show' }).click();
    assert.equal(await rows.count(), 1);
    assert.match((await rows.first().textContent()) ?? '', /42\.00 EUR/);
    await page.getByRole('link', { name: paid.order_ref }).click();
    assert.ok(await page.getByRole('heading', { name: 'Timeline' }).isVisible());
    assert.equal(await page.locator('.timeline li').count(), 2, 'open, then paid');
    assert.equal(await page.locator('.receipt-table tbody tr').count(), 1, 'the payment');

    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Create a key' }).click();
    const key = (await page.locator('#new-key').textContent())?.trim() ?? '';
    assert.match(key, /^ik_live_/);
    assert.equal((await createInvoiceApi(key, { amount_eur: 3 })).status, 201, 'the new key works');
    await page.getByRole('link', { name: 'API keys' }).click();
    assert.equal(await page.getByText(key).count(), 0, 'the key is not shown again');
    assert.match((await page.locator('[data-key-row]').first().textContent()) ?? '', /Active/);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The key was revoked.', { exact: false }).waitFor();
    assert.match((await page.locator('[data-key-row]').first().textContent()) ?? '', /Revoked/);
    assert.equal((await createInvoiceApi(key, { amount_eur: 3 })).status, 401, 'the revoked key is refused');
    await saveScreenshot(page, 'portal-keys');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${server.url}/portal/invoices`);
    assert.equal(new URL(page.url()).pathname, '/portal/sign-in');
    assert.deepEqual(pageErrors, [], 'no script errors, no CSP violations, no missing resource');
    await page.close();
  });
});
