import { parseExactDecimal, toMinorUnits } from '../../domain/decimal.js';
import type { AccountKey, ChainBlock, ChainLedger, ChainOutput, ChainTip, PaymentRequestDetails } from '../ledger.js';
import { RpcClient, RpcError, type RpcTarget } from '../rpc.js';
import { parseAccountKey, validateChainAddress } from './addresses.js';
import { type ChainCoin, type ChainNetwork, NETWORK_FORMATS, type NetworkFormat } from './networks.js';

/** Litecoin and Bitcoin count in 10^-8 of a coin (litoshi, satoshi). */
export const CHAIN_DECIMALS = 8;
/** Outputs below this are dust that wallets do not send (546 satoshi is Bitcoin Core's relay limit for P2PKH). */
const DUST_LIMIT = 546n;

export interface CoreRpcLedgerOptions {
  coin: ChainCoin;
  network: ChainNetwork;
  rpc: RpcTarget;
}

interface RpcVout {
  value: string;
  n: number;
  scriptPubKey: { address?: string; addresses?: string[]; type: string };
}
interface RpcTransaction {
  txid: string;
  vout: RpcVout[];
}
interface RpcBlock {
  hash: string;
  height: number;
  time: number;
  previousblockhash?: string;
  tx: RpcTransaction[];
}
interface RpcChainInfo {
  chain: string;
  blocks: number;
  headers: number;
  bestblockhash: string;
  initialblockdownload: boolean;
}

/** The node's chain names for the networks. */
const CHAIN_NAMES: Record<ChainNetwork, string> = { main: 'main', test: 'test', regtest: 'regtest' };

/** How far the node's blocks may trail its headers before /healthz calls it behind. */
const BEHIND_BLOCKS = 6;

/** An amount as the node writes it (`0.50000000`) in minor units, exactly. */
export function coinToMinor(value: string): bigint {
  const parsed = parseExactDecimal(value);
  if (typeof parsed === 'string') throw new Error(`the node sent an amount that is not a number: ${value}`);
  const minor = toMinorUnits(parsed, CHAIN_DECIMALS);
  if (minor === 'too_precise') throw new Error(`the node sent an amount with more than 8 decimals: ${value}`);
  return minor;
}

function outputsOf(tx: RpcTransaction): ChainOutput[] {
  const outputs: ChainOutput[] = [];
  for (const vout of tx.vout) {
    const address = vout.scriptPubKey.address ?? vout.scriptPubKey.addresses?.[0];
    if (address === undefined || (vout.scriptPubKey.addresses?.length ?? 1) !== 1) continue;
    outputs.push({ txId: tx.txid, vout: vout.n, address, amount: coinToMinor(vout.value) });
  }
  return outputs;
}

/**
 * A chain ledger over the JSON-RPC of Litecoin Core or Bitcoin Core. It uses only calls both
 * nodes have (getblockchaininfo, getblockhash, getblock with verbosity 2, getrawmempool,
 * getrawtransaction), needs no wallet, no transaction index and no ZMQ: the watcher polls.
 */
export class CoreRpcLedger implements ChainLedger {
  readonly matching = 'address' as const;
  readonly name: string;
  readonly coinCode: string;
  readonly decimals = CHAIN_DECIMALS;
  readonly addressPrefix: string;
  readonly minimumAmount = DUST_LIMIT;
  readonly network: ChainNetwork;
  readonly format: NetworkFormat;
  private readonly rpc: RpcClient;
  private readonly shownUrl: string;

  constructor(options: CoreRpcLedgerOptions) {
    this.format = NETWORK_FORMATS[options.coin][options.network];
    this.name = options.coin;
    this.coinCode = options.coin === 'litecoin' ? 'LTC' : 'BTC';
    this.network = options.network;
    this.addressPrefix = `${this.format.bech32}1`;
    this.rpc = new RpcClient(options.rpc);
    const url = new URL(options.rpc.url);
    url.username = '';
    url.password = '';
    this.shownUrl = url.toString();
  }

  /** Checks that the node answers, accepts the login and runs the configured network; throws a one-line error. */
  async verify(): Promise<void> {
    const info = await this.rpc.call<RpcChainInfo>('getblockchaininfo');
    if (info.chain !== CHAIN_NAMES[this.network]) {
      throw new RpcError(
        `the node at ${this.shownUrl} runs the ${info.chain} chain, but the ${this.network} network is configured`,
        'rpc',
      );
    }
  }

  validateAddress(address: string): string | null {
    return validateChainAddress(this.format, address);
  }

  parseAccountKey(text: string): AccountKey | string {
    return parseAccountKey(this.format, text);
  }

  /** BIP 21: `litecoin:<address>?amount=<coin>&message=<reference>`. */
  paymentUri(details: PaymentRequestDetails): string {
    const message = encodeURIComponent(details.message);
    return `${this.format.uriScheme}:${details.recipient}?amount=${details.amountCoin}&message=${message}`;
  }

  /** The URI with its bech32 address upper-cased, as BIP 173 recommends for QR codes. */
  qrText(uri: string): string {
    return uri.replace(/:([a-z0-9]+)\?/, (_m, address: string) =>
      address.startsWith(this.addressPrefix) ? `:${address.toUpperCase()}?` : `:${address}?`,
    );
  }

  async tip(): Promise<ChainTip> {
    const info = await this.rpc.call<RpcChainInfo>('getblockchaininfo');
    return { height: info.blocks, hash: info.bestblockhash };
  }

  async blockHash(height: number): Promise<string | null> {
    try {
      return await this.rpc.call<string>('getblockhash', [height]);
    } catch (error) {
      // -8: block height out of range.
      if (error instanceof RpcError && error.code === -8) return null;
      throw error;
    }
  }

  async block(hash: string): Promise<ChainBlock> {
    const block = await this.rpc.call<RpcBlock>('getblock', [hash, 2]);
    return {
      height: block.height,
      hash: block.hash,
      previousHash: block.previousblockhash ?? null,
      time: block.time * 1000,
      outputs: block.tx.flatMap(outputsOf),
    };
  }

  mempool(): Promise<string[]> {
    return this.rpc.call<string[]>('getrawmempool');
  }

  async mempoolOutputs(txIds: string[]): Promise<ChainOutput[]> {
    const outputs: ChainOutput[] = [];
    for (let i = 0; i < txIds.length; i += 500) {
      const calls = txIds.slice(i, i + 500).map((txId) => ({ method: 'getrawtransaction', params: [txId, true] }));
      for (const tx of await this.rpc.batch<RpcTransaction>(calls)) {
        // -5: gone from the mempool since it was listed (mined or replaced); the next pass sees where.
        if (tx instanceof RpcError) {
          if (tx.code === -5) continue;
          throw tx;
        }
        outputs.push(...outputsOf(tx));
      }
    }
    return outputs;
  }

  async health(): Promise<string | null> {
    try {
      const info = await this.rpc.call<RpcChainInfo>('getblockchaininfo');
      if (info.initialblockdownload || info.headers - info.blocks > BEHIND_BLOCKS) {
        return `the ${this.name} node is behind (${info.blocks} of ${info.headers} blocks)`;
      }
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  async close(): Promise<void> {}
}
