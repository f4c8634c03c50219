import type { ChainBlock, ChainLedger, ChainOutput } from '../ledger/ledger.js';
import { type FollowedBlock, followedBlocksFrom, KEPT_BLOCKS, lastFollowedBlock } from '../store/chain-ledger.js';
import type { InvoicingStore } from '../store/database.js';
import { PollingLoop } from './polling-loop.js';

/** What the chain watcher asks of the service: apply a block, undo blocks, apply the mempool. */
export interface ChainCrediting {
  applyChainBlock(block: ChainBlock): Promise<unknown>;
  undoChainBlocksAbove(fork: FollowedBlock): Promise<unknown>;
  applyChainMempool(outputs: ChainOutput[], mempool: Set<string> | null): Promise<unknown>;
}

export interface ChainWatcherOptions {
  store: InvoicingStore;
  ledger: ChainLedger;
  service: ChainCrediting;
  /** Poll the node this often (it sends no notifications: this build of the node has no ZMQ). */
  intervalMs: number;
  onError?: (error: unknown) => void;
}

export interface ChainWatcherHealth {
  /** Null while the watcher keeps up; otherwise what is wrong. */
  problem: string | null;
  followedHeight: number | null;
  nodeHeight: number | null;
}

/** How many blocks the watcher may trail the node's tip before /healthz reports it. */
const LAG_BLOCKS = 6;

/**
 * Follows a chain ledger block by block from the last followed block (height and hash, stored),
 * and the mempool for unconfirmed payments. A block whose parent is not the followed tip means a
 * reorganisation: the watcher walks back over the stored hashes to the fork, undoes the payments
 * of the orphaned blocks and moves back in one transaction, then follows the new best chain.
 * Every block is applied with the move of the cursor in one transaction, so a crash anywhere
 * resumes exactly where the database says. A failing node is retried with backoff.
 */
export class ChainWatcher {
  private readonly loop: PollingLoop;
  /** Mempool transactions already read (their outputs recorded when they paid an invoice). */
  private seenMempool = new Set<string>();
  private followedHeight: number | null = null;
  private nodeHeight: number | null = null;

  constructor(private readonly options: ChainWatcherOptions) {
    this.loop = new PollingLoop({
      store: options.store,
      intervalMs: options.intervalMs,
      pass: () => this.catchUp(),
      onError: options.onError,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Asks for a pass now rather than at the next interval. */
  poke(): void {
    this.loop.poke();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  health(): ChainWatcherHealth {
    let problem = this.loop.lastError;
    if (problem === null && this.followedHeight !== null && this.nodeHeight !== null) {
      if (this.nodeHeight - this.followedHeight > LAG_BLOCKS) {
        problem = `the payment watcher is behind the node (block ${this.followedHeight} of ${this.nodeHeight})`;
      }
    }
    return { problem, followedHeight: this.followedHeight, nodeHeight: this.nodeHeight };
  }

  /** One pass: the blocks up to the node's tip, then the mempool. */
  async catchUp(): Promise<void> {
    const { ledger, store, service } = this.options;
    let tip = await ledger.tip();
    this.nodeHeight = tip.height;
    let followed = await lastFollowedBlock(store.db, ledger.name);
    if (!followed) {
      // First start on this ledger: follow from the current tip; earlier blocks cannot pay invoices made now.
      await service.applyChainBlock({ ...tip, previousHash: null, time: Date.now(), outputs: [] });
      followed = { height: tip.height, hash: tip.hash };
    }
    if ((await ledger.blockHash(followed.height)) !== followed.hash) {
      followed = await this.undoReorganisation(followed.height);
    }
    while (!this.loop.isStopped && followed.height < tip.height) {
      const hash = await ledger.blockHash(followed.height + 1);
      if (hash === null) break;
      const block = await ledger.block(hash);
      if (block.previousHash !== followed.hash) {
        followed = await this.undoReorganisation(followed.height);
        continue;
      }
      await service.applyChainBlock(block);
      followed = { height: block.height, hash: block.hash };
      this.followedHeight = followed.height;
    }
    this.followedHeight = followed.height;
    if (this.loop.isStopped) return;

    const mempool = await ledger.mempool();
    const fresh = mempool.filter((txId) => !this.seenMempool.has(txId));
    const outputs = await ledger.mempoolOutputs(fresh);
    tip = await ledger.tip();
    this.nodeHeight = tip.height;
    // Payments missing from the mempool are dropped only when no block came in meanwhile (it may hold them).
    const whole = tip.hash === followed.hash ? new Set(mempool) : null;
    await service.applyChainMempool(outputs, whole);
    this.seenMempool = new Set(mempool);
    // A block came in during the mempool pass: follow it at once.
    if (tip.hash !== followed.hash) this.loop.poke();
  }

  /** Finds the highest followed block still on the best chain and undoes those above it. */
  private async undoReorganisation(fromHeight: number): Promise<FollowedBlock> {
    const { ledger, store, service } = this.options;
    const stored = await followedBlocksFrom(store.db, ledger.name, fromHeight - KEPT_BLOCKS);
    let fork: FollowedBlock | undefined;
    for (const block of stored) {
      if (block.height > fromHeight) continue;
      if ((await ledger.blockHash(block.height)) === block.hash) {
        fork = block;
        break;
      }
    }
    if (!fork) {
      // The fork lies below the first block this service followed: nothing was recorded from the
      // blocks before it, so following can start again from the best chain's block below it.
      if (stored.length >= KEPT_BLOCKS || stored.length === 0) {
        throw new Error(`the chain was reorganised deeper than the ${KEPT_BLOCKS} blocks followed`);
      }
      const tip = await ledger.tip();
      const height = Math.min(stored[stored.length - 1]!.height - 1, tip.height);
      const hash = await ledger.blockHash(height);
      if (hash === null) throw new Error(`the node has no block at height ${height}`);
      fork = { height, hash };
    }
    await service.undoChainBlocksAbove(fork);
    // Payments of the orphaned blocks may be back in the mempool: read it again.
    this.seenMempool.clear();
    return fork;
  }
}
