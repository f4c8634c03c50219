/**
 * Expensive requests away from the event loop. A server process answers small requests on its
 * event loop, where they take well under a millisecond each; a request that would hold the loop
 * for longer (request-cost.ts tells which) goes to one of the process's request threads, which
 * have their own connection to the store and run at a lower scheduling priority than the event
 * loop. However many clients send expensive requests, the loop stays free for the others, and
 * the expensive ones share what CPU the small ones leave, one per thread at a time, in the order
 * they came.
 */
import type { Worker } from 'node:worker_threads';
import type { DatabaseTarget } from '@svc/common';
import type { SiteConfig } from '../site/site.js';
import { WorkBudget, type WorkBudgetLimits } from '../store/work-budget.js';
import { siblingModule, startWorker } from '../worker-thread.js';
import { type ApiRequest, handleApiRequest } from './main.js';
import { LoopWork, RequestCosts, requestShape } from './request-cost.js';
import type { ApiServices } from './request-state.js';
import { type SentAnswer, sentAnswer } from './sent-answer.js';

const THREAD_LIMITS = { maxOldGenerationSizeMb: 1024, stackSizeMb: 16 };

/** What a request thread needs to open the store and serve the site. */
export interface RequestThreadData {
  database: DatabaseTarget;
  /** The PostgreSQL read replicas the thread reads from, as its process does (none: the database). */
  readUrls: readonly string[];
  /** The site its process serves when the thread starts. */
  site: SiteConfig;
  /** Whether the site is the stored one, reloaded when another process changes it (else it is fixed). */
  followSite: boolean;
  softwareName: string;
  hostName: string;
  workBudget?: WorkBudgetLimits;
}

/** A request for a thread: the request with its parameters in a list, and how to send the answer. */
export interface RequestJob {
  id: number;
  request: ApiRequest & { params: [string, string][] };
  acceptEncoding?: string | string[];
  /** Whether other expensive requests wait for a thread (the request then gets the shorter budget). */
  othersWaiting: boolean;
}

export type RequestDone = { id: number; answer: SentAnswer; ms: number } | { id: number; error: string };

interface Pending {
  job: RequestJob;
  resolve(done: { answer: SentAnswer; ms: number }): void;
  reject(error: Error): void;
}

interface RequestThread {
  worker: Worker;
  current?: Pending;
}

/** The request threads of one server process. */
export class RequestThreads {
  private readonly threads: RequestThread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly data: RequestThreadData,
    count: number,
  ) {
    for (let i = 0; i < count; i++) this.threads.push(this.start());
  }

  /** The answer to a request and the milliseconds its thread worked on it; rejects if the thread died. */
  answer(
    request: RequestJob['request'],
    acceptEncoding: string | string[] | undefined,
  ): Promise<{ answer: SentAnswer; ms: number }> {
    if (this.closed) return Promise.reject(new Error('the request threads are closed'));
    return new Promise((resolve, reject) => {
      const job = { id: this.nextId++, request, acceptEncoding, othersWaiting: false };
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops the threads; requests still waiting for one fail. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('the request threads are closed');
    for (const pending of this.queue.splice(0)) pending.reject(error);
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (thread.current) continue;
      const next = this.queue.shift();
      if (!next) return;
      next.job.othersWaiting = this.queue.length > 0;
      thread.current = next;
      thread.worker.ref();
      thread.worker.postMessage(next.job);
    }
  }

  private start(): RequestThread {
    const worker = startWorker(siblingModule(import.meta.url, 'request-thread'), this.data, THREAD_LIMITS);
    worker.unref();
    const thread: RequestThread = { worker };
    worker.on('message', (done: RequestDone) => {
      const pending = thread.current;
      if (!pending || pending.job.id !== done.id) return;
      thread.current = undefined;
      worker.unref();
      if ('error' in done) pending.reject(new Error(done.error));
      else pending.resolve({ answer: done.answer, ms: done.ms });
      this.dispatch();
    });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      thread.current?.reject(error);
      thread.current = undefined;
      if (this.closed) return;
      process.stderr.write(`wiki: a request thread stopped (${error.message}); starting another\n`);
      // A thread that died (out of memory on a pathological request) is replaced.
      const index = this.threads.indexOf(thread);
      if (index !== -1) this.threads[index] = this.start();
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a request thread stopped (${code})`)));
    return thread;
  }
}

/**
 * Answers api.php requests: on the event loop, or, with request threads, an expensive one on a
 * thread. Each answer's cost is recorded for its request's shape: on the loop, the work LoopWork
 * measures, on a thread, the thread's CPU time.
 */
export function apiAnswerer(
  services: ApiServices,
  threads?: RequestThreads,
): (request: ApiRequest, acceptEncoding: string | string[] | undefined) => Promise<SentAnswer> {
  if (!threads)
    return async (request, acceptEncoding) => sentAnswer(await handleApiRequest(request, services), acceptEncoding);
  const costs = new RequestCosts();
  return async (request, acceptEncoding) => {
    const params = [...request.params];
    const listed = { ...request, params };
    const shape = requestShape(params);
    if (costs.expensive(shape, params)) {
      try {
        const done = await threads.answer(listed, acceptEncoding);
        costs.record(shape, done.ms);
        return done.answer;
      } catch {
        // The thread died or the threads are closing: the request is answered here.
      }
    }
    const budget = new WorkBudget(services.workBudget);
    const work = new LoopWork();
    const answer = sentAnswer(await handleApiRequest(listed, services, budget), acceptEncoding);
    // Encoding and compressing the answer held the loop as well.
    costs.record(shape, work.ms(budget.waitedMs));
    return answer;
  };
}
