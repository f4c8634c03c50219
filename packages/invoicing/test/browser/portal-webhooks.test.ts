import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { saveScreenshot } from '../support/artifacts.js';
import { type BrowserApp, startBrowserApp } from '../support/browser-app.js';
import { launchTestBrowser, type TestBrowser } from '../support/chromium.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

describe('webhooks and export in the merchant portal', { timeout: 180_000 }, () => {
  let server: BrowserApp;
  let browser: TestBrowser;
  const receiver = new WebhookReceiver();
  const pageErrors: string[] = [];

  before(async () => {
    server = await startBrowserApp();
    browser = await launchTestBrowser();
    await receiver.start();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await receiver.stop();
  });

  test('add an endpoint, see its secret once, send a test event, watch deliveries and send one again', async () => {
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });

    await page.goto(`${server.url}/portal/sign-up`);
    await page.getByLabel('Business name').fill('Hook <Shop>');
    await page.getByLabel('Email address').fill('hooks@shop.example');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();

    const response = await page.goto(`${server.url}/portal/webhooks`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /form-action 'self'/);

    // A refused address is explained next to the field.
    await page.getByLabel('Endpoint URL').fill('ftp://shop.example/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('url must use https', { exact: false }).waitFor();
    // The refused form answers 400, which the browser reports on its console; nothing else may.
    pageErrors.splice(0, pageErrors.length);

    await page.getByLabel('Endpoint URL').fill(`${receiver.url}/portal-hook`);
    await page.getByLabel('Description (optional)').fill('<b>backend</b>');
    await page.getByLabel('invoice.created').check();
    await page.getByLabel('invoice.paid', { exact: true }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoint' }).waitFor();
    const secret = (await page.locator('#new-secret').textContent())?.trim() ?? '';
    assert.match(secret, /^whsec_/);
    assert.ok(await page.getByText('<b>backend</b>').isVisible(), 'the description is shown as text');
    // The shop fails its first answer, so the portal shows a failed attempt and a redelivery.
    receiver.route('/portal-hook', secret, (count) =>
      count === 1 ? { status: 503, body: 'busy, try later' } : { status: 200 },
    );

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('A test event is on its way.').waitFor();
    await receiver.waitFor(() => receiver.at('/portal-hook').length >= 1);
    assert.equal(receiver.at('/portal-hook')[0]!.verified?.type, 'webhook.test', 'signed with the shown secret');
    await receiver.waitFor(() => receiver.at('/portal-hook').length >= 2, 20_000, 'the automatic retry');

    const merchant = (await server.service.listMerchants()).find((m) => m.name === 'Hook <Shop>')!;
    await server.service.createInvoice(merchant.id, { amount: { currency: 'eur', value: '9.50' } });
    await receiver.waitFor(() => receiver.at('/portal-hook').some((r) => r.verified?.type === 'invoice.created'));

    const rows = page.locator('[data-delivery-row]');
    for (let i = 0; i < 50; i++) {
      await page.reload();
      if ((await rows.count()) === 2 && !(await page.getByText('pending').count())) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(await rows.count(), 2);
    assert.match((await rows.first().textContent()) ?? '', /invoice\.created[\s\S]*delivered/);
    const testRow = rows.nth(1);
    assert.match((await testRow.textContent()) ?? '', /webhook\.test[\s\S]*delivered/);
    await testRow.locator('summary').click();
    assert.match((await testRow.locator('ol.attempts').textContent()) ?? '', /503[\s\S]*busy, try later[\s\S]*200/);
    await saveScreenshot(page, 'portal-webhook-endpoint');

    const before = receiver.at('/portal-hook').length;
    await testRow.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('The event will be sent again.').waitFor();
    await receiver.waitFor(() => receiver.at('/portal-hook').length === before + 1);
    const again = receiver.at('/portal-hook').at(-1)!;
    assert.equal(again.verified?.type, 'webhook.test');
    assert.equal(again.headers['webhook-id'], receiver.at('/portal-hook')[0]!.headers['webhook-id']);

    await page.goto(`${server.url}/portal/webhooks`);
    assert.equal(await page.getByText(secret).count(), 0, 'the secret is not shown again');
    assert.match(
      (await page.locator('[data-endpoint-row]').first().textContent()) ?? '',
      /invoice\.created, invoice\.paid/,
    );
    await saveScreenshot(page, 'portal-webhooks');

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).createReadStream();
    let csv = '';
    for await (const chunk of file) csv += chunk;
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 2, 'a header and the one invoice');
    assert.match(lines[1]!, /,open,[^,]*,[^,]*,eur,/);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByText('The endpoint was deleted.').waitFor();
    assert.ok(await page.getByText('No endpoints yet.').isVisible());
    assert.deepEqual(pageErrors, [], 'no script errors, no CSP violations, no missing resource');
    await page.close();
  });
});
