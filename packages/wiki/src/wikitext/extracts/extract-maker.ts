/**
 * Makes text extracts on a thread of their own, one after another in the order asked, so that the
 * server's event loop stays free for other requests while a page is parsed. One thread per served
 * site, started on first use and not keeping the process alive; a thread that dies (out of
 * memory on a pathological text) fails the extracts it held and is started again on next use.
 */
import type { Worker } from 'node:worker_threads';
import type { SiteConfig } from '../../site/site.js';
import { siblingModule, startWorker } from '../../worker-thread.js';
import type { ExtractOptions } from './extract.js';
import type { ExtractDone, ExtractJob } from './extract-thread.js';

const THREAD_LIMITS = { maxOldGenerationSizeMb: 512, stackSizeMb: 16 };

export class ExtractMaker {
  private thread: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(extract: string): void; reject(error: Error): void }>();

  private ready: Promise<void> | undefined;

  constructor(private readonly site: SiteConfig) {}

  /** Starts the thread if needed; the milliseconds waited for it to load (0 when it runs). */
  async started(): Promise<number> {
    const since = performance.now();
    const thread = this.running();
    thread.ref();
    await this.ready;
    if (this.waiting.size === 0) thread.unref();
    return performance.now() - since;
  }

  /**
   * The extract of a wikitext, whose transclusions of `missingTemplates` (`namespace:dbKey`) name
   * pages that do not exist; rejects when the thread died while making it.
   */
  make(text: string, options: ExtractOptions, missingTemplates: readonly string[] = []): Promise<string> {
    const thread = this.running();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) thread.ref();
      thread.postMessage({ id, text, options, missingTemplates } satisfies ExtractJob);
    });
  }

  private running(): Worker {
    if (this.thread) return this.thread;
    const thread = startWorker(siblingModule(import.meta.url, 'extract-thread'), this.site, THREAD_LIMITS);
    thread.unref();
    let loaded: () => void = () => {};
    this.ready = new Promise((resolve) => {
      loaded = resolve;
    });
    thread.on('message', (done: ExtractDone | { ready: true }) => {
      if ('ready' in done) {
        loaded();
        return;
      }
      const waiter = this.waiting.get(done.id);
      this.waiting.delete(done.id);
      if (this.waiting.size === 0) thread.unref();
      waiter?.resolve(done.extract);
    });
    const fail = (error: Error) => {
      loaded();
      if (this.thread === thread) this.thread = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the extract thread stopped (${code})`)));
    this.thread = thread;
    return thread;
  }
}

const makers = new WeakMap<SiteConfig, ExtractMaker>();

/** The extract maker of a site. */
export function extractMaker(site: SiteConfig): ExtractMaker {
  let maker = makers.get(site);
  if (!maker) {
    maker = new ExtractMaker(site);
    makers.set(site, maker);
  }
  return maker;
}
