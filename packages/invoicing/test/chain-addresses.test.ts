import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { HDKey } from '@scure/bip32';
import { parseAccountKey, validateChainAddress } from '../src/ledger/chain/addresses.js';
import { CoreRpcLedger } from '../src/ledger/chain/core-rpc-ledger.js';
import { NETWORK_FORMATS } from '../src/ledger/chain/networks.js';
import { TEST_VERSIONS, testAccount } from './support/chain-harness.js';
import { type RegtestNode, startRegtestNode } from './support/litecoind.js';

const regtest = NETWORK_FORMATS.litecoin.regtest;
const seed = Buffer.alloc(32, 7);

describe('chain ledger addresses and account keys', () => {
  let node: RegtestNode;
  before(async () => {
    node = await startRegtestNode();
  });
  after(() => node?.stop());

  test('addresses derived from an xpub are the ones Litecoin Core derives from the same descriptor', async () => {
    const { xpub } = testAccount(seed);
    const account = parseAccountKey(regtest, xpub);
    assert.ok(typeof account !== 'string', String(account));
    const info = await node.rpc.call<{ checksum: string; descriptor: string }>('getdescriptorinfo', [
      `wpkh(${xpub}/0/*)`,
    ]);
    assert.equal(account.descriptor, `wpkh(${xpub}/0/*)#${info.checksum}`);
    const expected = await node.rpc.call<string[]>('deriveaddresses', [account.descriptor, [0, 4]]);
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((i) => account.addressAt(i)),
      expected,
    );
    for (const address of expected) assert.match(address, /^rltc1q/);
    // The node's own wallet sees a derived address as a valid address of its network.
    const check = await node.rpc.call<{ isvalid: boolean }>('validateaddress', [account.addressAt(3)]);
    assert.equal(check.isvalid, true);
  });

  test('a descriptor with a key origin and checksum is accepted as the node writes it', async () => {
    const { xpub, account } = testAccount(seed);
    const fingerprint = HDKey.fromMasterSeed(seed, TEST_VERSIONS).fingerprint.toString(16).padStart(8, '0');
    const body = `wpkh([${fingerprint}/84'/1'/0']${xpub}/0/*)`;
    const info = await node.rpc.call<{ checksum: string }>('getdescriptorinfo', [body]);
    const parsed = parseAccountKey(regtest, `${body}#${info.checksum}`);
    assert.ok(typeof parsed !== 'string', String(parsed));
    assert.equal(parsed.descriptor, `${body}#${info.checksum}`);
    assert.equal(
      parsed.addressAt(0),
      (await node.rpc.call<string[]>('deriveaddresses', [parsed.descriptor, [0, 0]]))[0],
    );
    assert.ok(account.publicKey);
  });

  test('keys of another network, private keys and other script types are refused with the reason', () => {
    const mainnet = HDKey.fromMasterSeed(seed).derive("m/84'/2'/0'");
    const { xpub, account } = testAccount(seed);
    const problems: [string, RegExp][] = [
      [mainnet.publicExtendedKey, /another network \(litecoin mainnet keys\)/],
      [account.privateExtendedKey, /private key/],
      [`pkh(${xpub}/0/*)`, /only native SegWit/],
      [`sh(wpkh(${xpub}/0/*))`, /only native SegWit/],
      [`wpkh(${xpub}/0/*)#aaaaaaaa`, /checksum is wrong/],
      [`wpkh(${xpub}/1/*)`, /expected wpkh\(<extended public key>\/0\/\*\)/],
      [`${xpub.slice(0, -1)}${xpub.endsWith('a') ? 'b' : 'a'}`, /checksum is wrong/],
      ['hello', /not an extended public key/],
    ];
    for (const [text, expected] of problems) {
      const result = parseAccountKey(regtest, text);
      assert.equal(typeof result, 'string', `${text} is refused`);
      assert.match(result as string, expected);
    }
  });

  test('addresses are validated for the network: prefix, checksum, version', async () => {
    const own = await node.wallet.call<string>('getnewaddress', ['', 'bech32']);
    const legacy = await node.wallet.call<string>('getnewaddress', ['', 'legacy']);
    assert.equal(validateChainAddress(regtest, own), null);
    assert.equal(validateChainAddress(regtest, own.toUpperCase()), null);
    assert.equal(validateChainAddress(regtest, legacy), null);
    const typo = `${own.slice(0, -1)}${own.endsWith('q') ? 'p' : 'q'}`;
    assert.match(validateChainAddress(regtest, typo)!, /checksum/);
    const mainnet = parseAccountKey(NETWORK_FORMATS.litecoin.main, HDKey.fromMasterSeed(seed).publicExtendedKey);
    assert.ok(typeof mainnet !== 'string');
    assert.match(validateChainAddress(regtest, mainnet.addressAt(0))!, /litecoin mainnet address/);
    assert.match(mainnet.addressAt(0), /^ltc1q/);
    assert.match(validateChainAddress(regtest, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')!, /bitcoin mainnet/);
  });

  test('the payment URI is BIP 21 and the QR code carries the bech32 address upper-cased', () => {
    const ledger = new CoreRpcLedger({
      coin: 'litecoin',
      network: 'regtest',
      rpc: { url: node.url, user: node.user, password: node.password },
    });
    const { xpub } = testAccount(seed);
    const account = ledger.parseAccountKey(xpub);
    assert.ok(typeof account !== 'string');
    const address = account.addressAt(0);
    const uri = ledger.paymentUri({ recipient: address, amountCoin: '0.125', message: 'INV-7KQ2M9XH4TR' });
    assert.equal(uri, `litecoin:${address}?amount=0.125&message=INV-7KQ2M9XH4TR`);
    assert.equal(ledger.qrText(uri), `litecoin:${address.toUpperCase()}?amount=0.125&message=INV-7KQ2M9XH4TR`);
  });
});
