import assert from 'node:assert/strict';
import type { RpcClient } from '../../src/ledger/rpc.js';
import type { ChainHarness } from './chain-harness.js';

/** Raw transactions for the chain tests: the payer's wallet spending exactly the inputs a test picks. */
export interface RawTransaction {
  txid: string;
  vin: { txid: string; vout: number }[];
  vout: { value: string; n: number }[];
}

/** Signs and sends a transaction the payer's wallet builds from exactly these inputs and outputs. */
export async function sendRaw(
  wallet: RpcClient,
  inputs: { txid: string; vout: number }[],
  outputs: Record<string, string>,
): Promise<string> {
  const raw = await wallet.call<string>('createrawtransaction', [inputs, outputs, 0, true]);
  const signed = await wallet.call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [raw]);
  assert.ok(signed.complete, 'the wallet signed every input');
  return wallet.call<string>('sendrawtransaction', [signed.hex]);
}

/** The coinbase output of the block at `height` (mined to the payer's wallet). */
export async function coinbaseAt(h: ChainHarness, height: number) {
  const hash = await h.node.rpc.call<string>('getblockhash', [height]);
  const block = await h.node.rpc.call<{ tx: RawTransaction[] }>('getblock', [hash, 2]);
  const coinbase = block.tx[0]!;
  return { txid: coinbase.txid, vout: 0, value: coinbase.vout[0]!.value };
}

export function minus(a: string, b: string): string {
  const scale = 10n ** 8n;
  const toMinor = (x: string) => {
    const [whole, fraction = ''] = x.split('.');
    return BigInt(whole!) * scale + BigInt(fraction.padEnd(8, '0'));
  };
  const value = toMinor(a) - toMinor(b);
  return `${value / scale}.${(value % scale).toString().padStart(8, '0')}`;
}

/**
 * Pays `amount` to `recipient` with the coinbase output that has just matured and mines the
 * paying block: undoing that block and its parent makes the coin immature again, so the node
 * cannot keep the payment in its mempool and the payment leaves the ledger.
 */
export async function payWithFreshlyMaturedCoin(h: ChainHarness, recipient: string, amount: string) {
  const tip = await h.node.rpc.call<number>('getblockcount');
  const coin = await coinbaseAt(h, tip - 99);
  const change = await h.node.wallet.call<string>('getnewaddress', ['', 'bech32']);
  const txId = await sendRaw(h.node.wallet, [coin], {
    [recipient]: amount,
    [change]: minus(minus(coin.value, amount), '0.001'),
  });
  const parent = await h.node.rpc.call<string>('getblockhash', [tip]);
  const [paying] = await h.node.mine(1);
  return { txId, parent, paying: paying! };
}
