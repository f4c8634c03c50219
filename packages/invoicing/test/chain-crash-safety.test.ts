import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openDatabase } from '@svc/common';
import { describeEachEngine } from '@svc/common/testing';
import { loadConfig } from '../src/config.js';
import { openInvoicing } from '../src/runtime.js';
import type { InvoicingDatabase } from '../src/store/schema.js';
import {
  createInvoices,
  createServiceEnvironment,
  type ServiceEnvironment,
  startService,
  stopProcess,
} from './processes.js';
import { testAccount } from './support/chain-harness.js';
import { type RegtestNode, startRegtestNode } from './support/litecoind.js';

const INVOICES = 8;
const BLOCKS = 12;
const PAYMENTS_PER_BLOCK = 4;

interface Block {
  tx: {
    txid: string;
    vout: { value: string; n: number; scriptPubKey: { addresses?: string[]; address?: string } }[];
  }[];
}

describeEachEngine('chain ledger crash safety', (engine) => {
  let environment: ServiceEnvironment;
  let node: RegtestNode;
  before(async () => {
    node = await startRegtestNode();
    environment = await createServiceEnvironment(engine);
    Object.assign(environment.env, node.env);
  });
  after(async () => {
    await environment?.dispose();
    await node?.stop();
  });

  test('a service killed while blocks with payments arrive holds exactly the best chain’s payments after its restart', {
    timeout: 300_000,
  }, async () => {
    const config = loadConfig(environment.env);
    const setup = await openInvoicing(config);
    const merchant = await setup.service.createMerchant({ name: 'Crash shop', accountKey: testAccount().xpub });
    const { key } = await setup.service.createApiKey(merchant.id);
    await setup.close();

    let service = await startService(environment.env);
    const invoices = await createInvoices<{ id: string; recipient: string }>(service.url, key, INVOICES);
    const startHeight = await node.rpc.call<number>('getblockcount');

    const observer = openDatabase<InvoicingDatabase>(config.database);
    const recorded = async () =>
      Number(
        (
          await observer.db
            .selectFrom('ledger_payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let killedAt = -1;
    try {
      const minedWhileDown: string[] = [];
      for (let b = 0; b < BLOCKS; b++) {
        const outputs: Record<string, string> = {};
        for (let p = 0; p < PAYMENTS_PER_BLOCK; p++) {
          const invoice = invoices[(b * PAYMENTS_PER_BLOCK + p) % INVOICES]!;
          outputs[invoice.recipient] = `0.0${(b % 9) + 1}`;
        }
        await node.wallet.call('sendmany', ['', outputs]);
        const [hash] = await node.mine(1);
        if (killedAt >= 0) minedWhileDown.push(hash!);
        if (b === 3) {
          const deadline = Date.now() + 60_000;
          while ((await recorded()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
          await stopProcess(service.child, 'SIGKILL');
          killedAt = await recorded();
        }
      }
      assert.ok(killedAt > 0, `killed after something was credited (${killedAt})`);
      // While the service is down, the chain is reorganised: the last blocks are replaced by a longer
      // chain holding the same payments in other blocks.
      await node.rpc.call('invalidateblock', [minedWhileDown[2]!]);
      await node.mine(6, await node.wallet.call<string>('getnewaddress', ['', 'bech32']));

      service = await startService(environment.env);
      const tip = await node.rpc.call<number>('getblockcount');
      const deadline = Date.now() + 90_000;
      for (;;) {
        const followed = await observer.db
          .selectFrom('chain_blocks')
          .select((eb) => eb.fn.max('height').as('height'))
          .executeTakeFirst();
        const pool = await node.rpc.call<string[]>('getrawmempool');
        if (Number(followed?.height ?? 0) >= tip && pool.length === 0) break;
        if (pool.length > 0) await node.mine(1);
        if (Date.now() > deadline) throw new Error('the restarted service did not catch up with the node');
        await new Promise((r) => setTimeout(r, 100));
      }
      // Let the last pass (the mempool after the tip) finish.
      await new Promise((r) => setTimeout(r, 500));

      // What the node's best chain says each invoice received.
      const expected = new Map<string, Set<string>>(invoices.map((i) => [i.recipient, new Set<string>()]));
      const finalTip = await node.rpc.call<number>('getblockcount');
      for (let height = startHeight + 1; height <= finalTip; height++) {
        const hash = await node.rpc.call<string>('getblockhash', [height]);
        const block = await node.rpc.call<Block>('getblock', [hash, 2]);
        for (const tx of block.tx) {
          for (const out of tx.vout) {
            const address = out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0];
            if (address && expected.has(address)) expected.get(address)!.add(`${tx.txid}:${out.n}`);
          }
        }
      }
      let total = 0;
      for (const invoice of invoices) {
        const response = await fetch(`${service.url}/api/invoices/${invoice.id}`);
        const body = (await response.json()) as {
          payments: { tx_id: string; op_index: number; confirmations: number }[];
          amount_pending_coin: number;
        };
        const got = new Set(body.payments.map((p) => `${p.tx_id}:${p.op_index}`));
        assert.deepEqual(got, expected.get(invoice.recipient), `the payments of ${invoice.id}`);
        assert.equal(body.payments.length, got.size, 'no payment twice');
        for (const p of body.payments) assert.ok(p.confirmations >= 1);
        assert.equal(body.amount_pending_coin, 0);
        total += got.size;
      }
      // The blocks before the kill stay on the best chain; payments of undone blocks whose coins the
      // new chain does not allow are gone from it (and from the invoices).
      assert.ok(total >= 4 * PAYMENTS_PER_BLOCK, `${total} payments on the best chain`);
      const sums = await observer.db.selectFrom('invoices').select(['amount_paid', 'amount_pending']).execute();
      const live = await observer.db
        .selectFrom('ledger_payments')
        .select((eb) => eb.fn.sum<string>('amount').as('sum'))
        .where('dropped_at', 'is', null)
        .executeTakeFirstOrThrow();
      assert.equal(
        sums.reduce((s, r) => s + BigInt(r.amount_paid) + BigInt(r.amount_pending ?? 0), 0n),
        BigInt(live.sum),
      );
    } finally {
      await stopProcess(service.child, 'SIGTERM');
      await observer.close();
    }
  });
});
