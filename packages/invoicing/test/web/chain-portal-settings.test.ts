import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HDKey } from '@scure/bip32';
import { testEngines, useTestDatabase } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { CoreRpcLedger } from '../../src/ledger/chain/core-rpc-ledger.js';
import { FixedRateSource } from '../../src/rates/fixed-rate.js';
import { parseRate } from '../../src/rates/rate-source.js';
import { InvoicingService } from '../../src/service/invoicing-service.js';
import { prepareInvoicingStore } from '../../src/store/database.js';
import type { InvoicingDatabase } from '../../src/store/schema.js';
import { testAccount } from '../support/chain-harness.js';
import { PageClient, textOf } from '../support/page-client.js';

/**
 * The portal of a service on a chain ledger: the merchant sets an account key and confirmations
 * instead of an address. Nothing here asks the node (addresses are derived by the service), so
 * the ledger points at no node at all.
 */
describe('merchant portal settings on a chain ledger', () => {
  const database = useTestDatabase<InvoicingDatabase>(testEngines()[0]!, prepareInvoicingStore);
  let app: FastifyInstance;
  let service: InvoicingService;
  before(async () => {
    const ledger = new CoreRpcLedger({
      coin: 'litecoin',
      network: 'regtest',
      rpc: { url: 'http://127.0.0.1:9/', user: 'nobody', password: 'nothing' },
    });
    service = new InvoicingService({
      store: database(),
      ledger,
      rates: new FixedRateSource(parseRate('80')!),
      secret: Buffer.from('portal-chain-secret-portal-chain-secret'),
      settings: {
        baseUrl: 'https://pay.example.test',
        referencePrefix: 'INV',
        maxAmountEurCents: 100_000_000n,
        defaultExpiryMin: 15,
        lateWindowMin: 1440,
      },
    });
    app = await buildApp({ store: database(), service });
  });
  after(() => app?.close());

  test('sign-up asks for no address; the settings take an account key and confirmations, checked', async () => {
    const client = new PageClient(app);
    const signUp = await client.signUp({
      name: 'Chain café',
      email: 'chain@example.test',
      password: 'a long enough secret',
    });
    assert.equal(signUp.status, 303, signUp.body);
    const merchant = (await service.listMerchants()).find((m) => m.name === 'Chain café')!;
    assert.equal(merchant.accountKey, null);
    await assert.rejects(
      service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '1' } }),
      (error: { status: number; code: string }) => error.status === 409 && error.code === 'account_key_missing',
    );

    const page = await client.get('/portal/settings');
    assert.equal(page.status, 200);
    assert.match(textOf(page.body), /Extended public key of your wallet account/);
    assert.match(textOf(page.body), /Confirmations before an invoice is paid/);
    assert.doesNotMatch(page.body, /name="recipient"/);

    const { xpub } = testAccount(Buffer.alloc(32, 3));
    const base = { name: 'Chain café', default_expiry_min: '15', tolerance_percent: '0' };
    const mainnet = HDKey.fromMasterSeed(Buffer.alloc(32, 3)).publicExtendedKey;
    const wrongNetwork = await client.post('/portal/settings', { ...base, account_key: mainnet, confirmations: '1' });
    assert.equal(wrongNetwork.status, 400);
    assert.match(textOf(wrongNetwork.body), /another network \(litecoin mainnet keys\), not litecoin regtest/);
    const wrongCount = await client.post('/portal/settings', { ...base, account_key: xpub, confirmations: '3' });
    assert.equal(wrongCount.status, 400);
    assert.match(textOf(wrongCount.body), /Choose 0, 1, 2 or 6/);

    const saved = await client.post('/portal/settings', { ...base, account_key: xpub, confirmations: '2' });
    assert.equal(saved.status, 303, saved.body);
    const updated = (await service.getMerchant(merchant.id))!;
    assert.match(updated.accountKey!, new RegExp(`^wpkh\\(${xpub}/0/\\*\\)#[a-z0-9]{8}$`));
    assert.equal(updated.settings.confirmations, 2);
    const shown = await client.get('/portal/settings');
    assert.match(shown.body, /value="2"/);

    const invoice = await service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '1' } });
    const account = service.ledger.matching === 'address' ? service.ledger.parseAccountKey(xpub) : 'no chain';
    assert.ok(typeof account !== 'string');
    assert.equal(invoice.recipient, account.addressAt(0));
    assert.equal(invoice.confirmations_required, 2);
    const next = await service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '1' } });
    assert.equal(next.recipient, account.addressAt(1));
  });
});
