/**
 * The chain ledger on a real Litecoin Core regtest node (started here, as the tests do):
 *
 * 1. blocks holding 1,000 payments to invoice addresses, followed and credited per second, beside
 *    the node's own cost of handing over the same block (getblock verbosity 2, parsed), measured on
 *    the same blocks in the same run;
 * 2. a payment sent to an invoice's address until the checkout page's live state
 *    (`GET /pay/<id>/live`) says `processing` (p50/p99), beside the node itself listing the
 *    payment in its mempool, measured on the same payments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { CoreRpcLedger } from '../src/ledger/chain/core-rpc-ledger.js';
import { parseRpcJson } from '../src/ledger/rpc.js';
import { ChainWatcher } from '../src/payments/chain-watcher.js';
import { openInvoicing, startBackgroundWork } from '../src/runtime.js';
import { testAccount } from '../test/support/chain-harness.js';
import { startRegtestNode } from '../test/support/litecoind.js';

const BLOCKS = Number(process.env.BENCH_CHAIN_BLOCKS ?? 5);
const PAYMENTS_PER_BLOCK = 1000;
const SAMPLES = Number(process.env.BENCH_CHAIN_SAMPLES ?? 40);

const print = (line: string) => process.stdout.write(`${line}\n`);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const node = await startRegtestNode();
const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-chain-bench-'));
const config = loadConfig({
  ...node.env,
  INVOICING_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  INVOICING_RATE_LIMIT_CREATE_PER_MIN: '0',
  INVOICING_RATE_LIMIT_READ_PER_MIN: '0',
});
const invoicing = await openInvoicing(config);
const ledger = invoicing.ledger as CoreRpcLedger;
const { service } = invoicing;
const merchant = await service.createMerchant({ name: 'Bench shop', accountKey: testAccount().xpub });

try {
  // 1. Blocks of 1,000 payments: the watcher's pass over each new block, one block at a time.
  const watcher = new ChainWatcher({ store: invoicing.store, ledger, service, intervalMs: 60_000 });
  await watcher.catchUp();
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const outputs: Record<string, string> = {};
    for (let i = 0; i < PAYMENTS_PER_BLOCK; i++) {
      const invoice = await service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '0.001' } });
      outputs[invoice.recipient] = '0.001';
    }
    await node.wallet.call('sendmany', ['', outputs]);
    const [hash] = await node.mine(1);
    let start = performance.now();
    await watcher.catchUp();
    ours.push(performance.now() - start);
    // The same block handed over by the node and parsed: the least any follower pays.
    start = performance.now();
    const response = await fetch(node.url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${node.user}:${node.password}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'getblock', params: [hash, 2] }),
    });
    parseRpcJson(await response.text());
    baseline.push(performance.now() - start);
  }
  const paid = await invoicing.store.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  if (Number(paid.n) !== BLOCKS * PAYMENTS_PER_BLOCK) throw new Error(`only ${paid.n} invoices were paid`);
  const perSecond = 1000 / median(ours);
  const basePerSecond = 1000 / median(baseline);
  print(
    `${'getblock (verbosity 2) of the same block, parsed'.padEnd(56)} ${basePerSecond.toFixed(2).padStart(8)} blocks/s  (median ${median(baseline).toFixed(0)} ms)`,
  );
  print(
    `${`block with ${PAYMENTS_PER_BLOCK} invoice payments followed and credited`.padEnd(56)} ${perSecond.toFixed(2).padStart(8)} blocks/s  (median ${median(ours).toFixed(0)} ms, ${((perSecond / basePerSecond) * 100).toFixed(1)} % of the baseline, ${(perSecond * PAYMENTS_PER_BLOCK).toFixed(0)} payments/s)`,
  );

  // 2. A payment in the mempool until the checkout page shows it as processing, with the running service.
  const app = await buildApp({ store: invoicing.store, service, rateLimits: config.rateLimits });
  const background = await startBackgroundWork(invoicing, (what, error) =>
    process.stderr.write(`${what}: ${String(error)}\n`),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const visible: number[] = [];
  const inMempool: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const invoice = await service.createInvoice(merchant.id, { amount: { currency: 'coin', value: '0.01' } });
    const start = performance.now();
    const txId = await node.wallet.call<string>('sendtoaddress', [invoice.recipient, '0.01']);
    let listed = false;
    for (;;) {
      if (!listed && (await node.rpc.call<string[]>('getrawmempool')).includes(txId)) {
        inMempool.push(performance.now() - start);
        listed = true;
      }
      const live = (await (await fetch(`${base}/pay/${invoice.id}/live`)).json()) as { status: string };
      if (live.status === 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    visible.push(performance.now() - start);
    if (i % 10 === 9) await node.mine(1);
  }
  visible.sort((a, b) => a - b);
  inMempool.sort((a, b) => a - b);
  print(
    `${'payment listed in the node’s mempool (baseline)'.padEnd(56)} n=${inMempool.length}  p50 ${quantile(inMempool, 0.5).toFixed(1)} ms  p99 ${quantile(inMempool, 0.99).toFixed(1)} ms`,
  );
  print(
    `${`mempool payment -> processing on the checkout page`.padEnd(56)} n=${visible.length}  p50 ${quantile(visible, 0.5).toFixed(1)} ms  p99 ${quantile(visible, 0.99).toFixed(1)} ms  (poll interval ${config.watchIntervalMs} ms; p99 ${(quantile(visible, 0.99) / quantile(inMempool, 0.99)).toFixed(1)}x the baseline)`,
  );
  await app.close();
  await background.stop();
} finally {
  await invoicing.close();
  await node.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
