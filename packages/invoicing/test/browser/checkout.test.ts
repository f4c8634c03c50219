import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { saveScreenshot } from '../support/artifacts.js';
import { type BrowserApp, startBrowserApp } from '../support/browser-app.js';
import { fitsViewportWidth, launchTestBrowser, type TestBrowser } from '../support/chromium.js';

const phone = { width: 375, height: 812 };
const desktop = { width: 1280, height: 900 };

/** Screenshots of the page at desktop and phone width, into the artifacts folder. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(desktop);
  await saveScreenshot(page, `checkout-${name}-desktop`);
  await page.setViewportSize(phone);
  await saveScreenshot(page, `checkout-${name}-phone`);
  await page.setViewportSize(desktop);
}

describe('checkout page in a browser', { timeout: 120_000 }, () => {
  let server: BrowserApp;
  let browser: TestBrowser;
  let merchantId: string;
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];

  before(async () => {
    server = await startBrowserApp();
    browser = await launchTestBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    merchantId = (await server.service.createMerchant({ name: 'Browser shop' })).id;
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openPage(path: string, options: { fakeClock?: boolean } = {}): Promise<Page> {
    const page = await browser.context.newPage();
    if (options.fakeClock) await page.clock.install();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(`${server.url}/`)) foreignRequests.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(server.url + path);
    return page;
  }

  function invoice(amountEur: string, expiresMin = 15) {
    return server.service.createInvoice(merchantId, { amount: { currency: 'eur', value: amountEur }, expiresMin });
  }

  test('an open invoice shows amount, QR code and a running countdown; copy works by keyboard', async () => {
    const created = await invoice('24.90');
    const page = await openPage(`/pay/${created.id}`);
    assert.equal(await page.locator('h1').textContent(), `Pay invoice ${created.order_ref}`);
    assert.equal((await page.locator('[data-amount]').textContent())?.trim(), '30.6461539 COIN');
    assert.equal(await page.locator('[data-amount-eur]').textContent(), '24.90 EUR');
    assert.ok(await page.locator('[data-qr] svg').isVisible(), 'the QR code is drawn');
    assert.ok(await page.getByText('Without it the payment cannot be matched', { exact: false }).isVisible());
    const countdown = page.locator('[data-countdown]');
    const first = await countdown.textContent();
    await page.locator('[data-countdown]', { hasNotText: first ?? '' }).waitFor();
    assert.match((await countdown.textContent()) ?? '', /^14:5\d$/);

    const copyMessage = page.getByRole('button', { name: 'Copy Message (memo)' });
    assert.ok(await copyMessage.isVisible(), 'copy buttons appear with the script');
    await copyMessage.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copy Message (memo)' }).getByText('Copied').waitFor();
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), created.message);
    await page.locator('#announcer', { hasText: 'Copied' }).waitFor({ state: 'attached' });

    await screenshots(page, 'open');
    await page.setViewportSize({ width: 320, height: 700 });
    assert.ok(await fitsViewportWidth(page), 'nothing scrolls sideways at 320 px');
    await page.close();
  });

  test('payments switch the open page to partial and then to paid without a reload', async () => {
    const created = await invoice('10');
    const page = await openPage(`/pay/${created.id}`);
    await page.evaluate('window.notReloaded = true');
    assert.equal(await page.locator('[data-status-badge]').textContent(), 'Awaiting payment');

    server.ledger.submitPayment({ to: created.recipient, amount: '5', message: created.message });
    await page.locator('[data-amount-due]').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('[data-status-badge]').textContent(), 'Partially paid');
    assert.equal(await page.locator('[data-amount-due]').textContent(), '7.3076924 COIN');
    assert.match((await page.locator('[data-partial-notice]').textContent()) ?? '', /remaining 7\.3076924 COIN/);
    assert.equal(await page.locator('#pay-amount').textContent(), '7.3076924', 'the amount to send is what is due');
    await screenshots(page, 'partial');

    const payment = server.ledger.submitPayment({
      to: created.recipient,
      amount: '7.3076924',
      message: created.message,
    });
    await page.locator('[data-receipt]').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('[data-status-badge]').textContent(), 'Paid');
    assert.ok(await page.getByText(payment.txId).isVisible(), 'the receipt lists the ledger transaction');
    assert.equal(await page.locator('[data-payment-details]').count(), 0, 'payment details are gone');
    assert.equal(await page.locator('#announcer').textContent(), 'Paid');
    assert.equal(await page.evaluate<boolean>('window.notReloaded === true'), true, 'the page was updated in place');
    await screenshots(page, 'paid');
    await page.close();
  });

  test('an expired invoice says so and hides the payment details', async () => {
    const created = await invoice('3.50', 1);
    server.clockOffsetMs = 2 * 60_000;
    try {
      const page = await openPage(`/pay/${created.id}`);
      assert.equal(await page.locator('[data-status-badge]').textContent(), 'Expired');
      assert.ok(await page.getByRole('heading', { name: 'This invoice has expired' }).isVisible());
      assert.equal(await page.locator('[data-qr]').count(), 0);
      assert.equal(await page.getByText(created.recipient).count(), 0);
      await screenshots(page, 'expired');
      await page.close();
    } finally {
      server.clockOffsetMs = 0;
    }
  });

  test('an open page turns to expired by itself when the countdown runs out', async () => {
    const created = await invoice('4', 1);
    const page = await openPage(`/pay/${created.id}`, { fakeClock: true });
    assert.match((await page.locator('[data-countdown]').textContent()) ?? '', /^[01]:\d\d$/);
    // A minute passes, for the server and for the page's clock.
    server.clockOffsetMs = 61_000;
    try {
      await page.clock.fastForward(61_000);
      await page.locator('[data-expired]').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('[data-status-badge]').textContent(), 'Expired');
      assert.equal(await page.locator('[data-qr]').count(), 0, 'the payment details are gone');
      await page.close();
    } finally {
      server.clockOffsetMs = 0;
    }
  });

  test('the page speaks German when asked, and unknown ids get a 404 page', async () => {
    const created = await invoice('1234.56');
    const page = await openPage(`/pay/${created.id}?lang=de`);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    assert.equal(await page.locator('[data-amount-eur]').textContent(), '1.234,56 EUR');
    await page.getByRole('link', { name: 'English' }).click();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.deepEqual(pageErrors, [], 'no script errors, no CSP violations, no missing resource');
    assert.deepEqual(foreignRequests, [], 'no request to any other site');
    const missing = await page.goto(`${server.url}/pay/AAAAAAAAAAAAAAAAAAAAAAAA`);
    assert.equal(missing?.status(), 404);
    assert.ok(await page.getByRole('heading', { name: 'Page not found' }).isVisible());
    await page.close();
  });
});
