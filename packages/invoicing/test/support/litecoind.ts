import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpcClient, RpcError } from '../../src/ledger/rpc.js';
import { freePort } from './ports.js';

/** Debian's Litecoin Core; the chain tests start it in regtest mode. */
export const litecoindPath = process.env.LITECOIND_PATH ?? '/usr/bin/litecoind';

/**
 * Installs Debian's litecoind when missing (root with apt), under a lock so that parallel test
 * files wait for one install; apt itself waits for another package manager's lock to be released.
 */
export function ensureLitecoind(): string {
  if (existsSync(litecoindPath)) return litecoindPath;
  execFileSync(
    'sh',
    [
      '-c',
      `flock ${join(tmpdir(), 'invoicing-litecoind-install.lock')} sh -c ` +
        `'test -x ${litecoindPath} || (apt-get -o DPkg::Lock::Timeout=600 update && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y litecoind)'`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (!existsSync(litecoindPath))
    throw new Error(`litecoind is still missing at ${litecoindPath} after apt-get install`);
  return litecoindPath;
}

export interface RegtestNode {
  /** RPC URL without credentials. */
  url: string;
  user: string;
  password: string;
  /** The node without a wallet (what the service talks to). */
  rpc: RpcClient;
  /** The payer's wallet on the node: a legacy wallet funded with mined coins. */
  wallet: RpcClient;
  /** An address of the payer's wallet that collects mined coins. */
  minerAddress: string;
  /**
   * Mines blocks at once (regtest); returns their hashes. After `invalidateblock`, mine to another
   * address: the same transactions in the same second would make the very block that was invalidated.
   */
  mine(count?: number, address?: string): Promise<string[]>;
  /** The environment variables that point the service at this node. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts litecoind in regtest mode on free ports with a data folder of its own, a legacy wallet
 * (this build has neither descriptor wallets nor ZMQ) funded by 101 mined blocks, and removes
 * everything again on `stop`.
 */
export async function startRegtestNode(): Promise<RegtestNode> {
  const binary = ensureLitecoind();
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-litecoind-'));
  const rpcPort = await freePort();
  const p2pPort = await freePort();
  const user = 'invoicing-test';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const child: ChildProcess = spawn(
    binary,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      '-server=1',
      '-listen=0',
      '-dnsseed=0',
      '-discover=0',
      `-port=${p2pPort}`,
      `-rpcport=${rpcPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-fallbackfee=0.0002',
      '-walletrbf=1',
      // Litecoin Core refuses replacements in its mempool unless asked to; the double-spend tests need them.
      '-mempoolreplacement=1',
      '-printtoconsole=0',
      '-rpcworkqueue=64',
      '-persistmempool=0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  const url = `http://127.0.0.1:${rpcPort}/`;
  const rpc = new RpcClient({ url, user, password, timeoutMs: 60_000 });
  const wallet = new RpcClient({ url: `${url}wallet/payer`, user, password, timeoutMs: 60_000 });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await rpc.call('stop').catch(() => child.kill('SIGTERM'));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`litecoind exited (${child.exitCode}): ${stderr.trim()}`);
      try {
        await rpc.call('getblockchaininfo');
        break;
      } catch (error) {
        // Not listening yet, or -28: still loading.
        if (!(error instanceof RpcError) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await rpc.call('createwallet', ['payer']);
    const minerAddress = await wallet.call<string>('getnewaddress', ['', 'bech32']);
    const mine = (count = 1, address = minerAddress) => rpc.call<string[]>('generatetoaddress', [count, address]);
    await mine(101);
    return {
      url,
      user,
      password,
      rpc,
      wallet,
      minerAddress,
      mine,
      env: {
        INVOICING_LEDGER: 'litecoin',
        INVOICING_NETWORK: 'regtest',
        INVOICING_RPC_URL: url,
        INVOICING_RPC_USER: user,
        INVOICING_RPC_PASSWORD: password,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
