import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import QRCode from 'qrcode';
import { saveScreenshot } from '../support/artifacts.js';
import { useChainHarness } from '../support/chain-harness.js';
import { launchTestBrowser, type TestBrowser } from '../support/chromium.js';

/** The checkout page of an invoice on a real regtest chain, followed live in chromium (on SQLite: the page is the same on either engine). */
describe('checkout page on a chain ledger in a browser', () => {
  const harness = useChainHarness(testEngines()[0]!, { confirmations: 2 });
  let browser: TestBrowser;
  let url = '';
  before(async () => {
    const h = harness();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  describe('one invoice', () => {
    test('shows address, amount and BIP 21 QR code, then the payment live with its confirmations', {
      timeout: 180_000,
    }, async () => {
      const h = harness();
      const invoice = await h.invoice('0.5');
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${url}/pay/${invoice.id}`);

      assert.equal((await page.locator('[data-amount]').textContent())?.trim(), '0.5 LTC');
      assert.equal(await page.locator('#pay-recipient').textContent(), invoice.recipient);
      assert.equal(await page.locator('#pay-amount').textContent(), '0.5');
      assert.equal(await page.locator('#message-warning').count(), 0, 'no memo to attach on a chain');
      const uri = `litecoin:${invoice.recipient}?amount=0.5&message=${invoice.message}`;
      assert.equal(await page.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href'), uri);
      // The QR code holds the same URI with the bech32 address upper-cased.
      const expected = await QRCode.toString(
        `litecoin:${invoice.recipient.toUpperCase()}?amount=0.5&message=${invoice.message}`,
        {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
        },
      );
      const drawn = await page.locator('[data-qr] svg path').last().getAttribute('d');
      assert.ok(drawn && expected.includes(`d="${drawn}"`), 'the QR code encodes the BIP 21 URI');
      await saveScreenshot(page, 'checkout-chain-open-desktop');

      const txId = await h.node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.5']);
      await page.locator('[data-checkout][data-status="processing"]').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('[data-status-badge]').textContent(), 'Payment received, confirming');
      assert.ok(await page.getByText('Payment received', { exact: true }).isVisible());
      assert.equal(await page.locator('[data-amount-pending]').textContent(), '0.5 LTC');
      assert.equal(
        await page.locator(`td:has(code:text("${txId}")) ~ td[data-confirmations]`).textContent(),
        'not yet in a block',
      );
      await saveScreenshot(page, 'checkout-chain-processing-desktop');

      await h.node.mine(1);
      await page.locator('td[data-confirmations="1"]').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('td[data-confirmations]').textContent(), '1 of 2 confirmations');
      assert.equal(await page.locator('[data-status-badge]').textContent(), 'Payment received, confirming');
      await saveScreenshot(page, 'checkout-chain-confirming-desktop');

      await h.node.mine(1);
      await page.locator('[data-receipt]').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('[data-status-badge]').textContent(), 'Paid');
      assert.equal(await page.locator('td[data-confirmations]').textContent(), '2 of 2 confirmations');
      await saveScreenshot(page, 'checkout-chain-paid-desktop');
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
});
