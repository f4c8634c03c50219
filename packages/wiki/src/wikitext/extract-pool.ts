/**
 * Link extraction on worker threads, so that a large import uses a second core: pages are sent in
 * small batches and their links come back in the order they were asked for. With no worker (small
 * inputs, or a single core) extraction runs inline.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../site/site.js';
import { TitleCodec } from '../site/title.js';
import { siblingModule, startWorker } from '../worker-thread.js';
import type { PageContext, PageLinks } from './extract-links.js';
import { extractPage } from './extract-page.js';

export { extractPage };

export interface ExtractRequest extends PageContext {
  id: number;
  text: string;
}

type SerializedLinks = Omit<PageLinks, 'properties'> & { properties: Array<[string, string]> };
export type ExtractResponse = { id: number; links: SerializedLinks } | { id: number; error: string };

const BATCH = 16;
/**
 * A worker holds one batch of pages at a time: a small heap makes it collect its garbage early,
 * which keeps the import's memory low. Room for a batch of the largest pages MediaWiki allows.
 * The young generation is half V8's usual: with two linting threads beside the main one the
 * larger nurseries took some 25 MB more of the lint build's peak (335 MB in a run of the
 * 1,000-page import benchmark, 262 MB with these), for which linting pays some 5 to 15 % more
 * CPU time (a page's tree is copied by more young collections before it is promoted).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 8 };

/** What a worker is started with. */
export interface ExtractWorkerData {
  site: SiteConfig;
  lint: boolean;
}

export class LinkExtractorPool {
  private readonly workers: Worker[] = [];
  private readonly codec: TitleCodec;
  private readonly waiting = new Map<number, { resolve(links: PageLinks): void; reject(err: Error): void }>();
  private readonly batches = new Map<Worker, ExtractRequest[]>();
  private nextId = 0;
  private turn = 0;
  private failure: Error | undefined;

  /** `lint`: whether pages' lint errors are computed too (they cost far more than the links). */
  constructor(
    site: SiteConfig,
    threads: number,
    private readonly lint = true,
  ) {
    this.codec = new TitleCodec(site);
    const data: ExtractWorkerData = { site, lint };
    for (let i = 0; i < threads; i++) {
      const worker = startWorker(siblingModule(import.meta.url, 'extract-worker'), data, WORKER_LIMITS);
      worker.on('message', (answers: ExtractResponse[]) => this.receive(answers));
      worker.on('error', (err) => this.fail(err));
      this.workers.push(worker);
      this.batches.set(worker, []);
    }
  }

  /** Threads worth starting for an input of this size: none for small ones. */
  static threadsFor(bytes: number): number {
    if (bytes < 50_000_000) return 0;
    return Math.max(0, Math.min(2, availableParallelism() - 1));
  }

  extract(text: string, page: PageContext): Promise<PageLinks> {
    if (this.workers.length === 0) return Promise.resolve(extractPage(text, page, this.codec, this.lint));
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const worker = this.workers[this.turn]!;
    const batch = this.batches.get(worker)!;
    batch.push({ id, text, namespace: page.namespace, dbKey: page.dbKey });
    if (batch.length >= BATCH) this.send(worker);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Sends what is batched; call when waiting for the answers of the last pages. */
  flush(): void {
    for (const worker of this.workers) this.send(worker);
  }

  private send(worker: Worker): void {
    const batch = this.batches.get(worker)!;
    if (batch.length === 0) return;
    this.batches.set(worker, []);
    worker.postMessage(batch);
    this.turn = (this.turn + 1) % this.workers.length;
  }

  private receive(answers: ExtractResponse[]): void {
    for (const answer of answers) {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) continue;
      this.waiting.delete(answer.id);
      if ('error' in answer) waiter.reject(new Error(answer.error));
      else waiter.resolve({ ...answer.links, properties: new Map(answer.links.properties) });
    }
  }

  private fail(err: Error): void {
    this.failure = err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
