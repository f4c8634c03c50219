/**
 * A request thread (request-threads.ts): opens the store, serves the site its process serves, and answers
 * the requests it is given one at a time, at a lower scheduling priority than the event loop of
 * its process.
 */

import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { TitleCodec } from '../site/title.js';
import { openWikiStore } from '../store/database.js';
import { DEFAULT_WORK_BUDGET, readStatementTimeoutMs } from '../store/work-budget.js';
import { useUserGenders } from './gender.js';
import { loadLanguageData } from './language-data.js';
import { handleApiRequest } from './main.js';
import { loadMessageCatalogue } from './messages/catalogue.js';
import { SentBytes } from './params/request.js';
import type { ApiServices } from './request-state.js';
import type { RequestDone, RequestJob, RequestThreadData } from './request-threads.js';
import { sentAnswer } from './sent-answer.js';
import { reloadSite, watchStoredSite } from './site-reload.js';

/** How much less priority the thread takes than its process (a nice value's steps, 0 to 19). */
const LOWER_PRIORITY_BY = 10;

/**
 * Lowers this thread's scheduling priority (Linux: a thread's id is a process id for
 * `setpriority`), so that the event loop of the process gets a core first when both want one.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(threadId)) return;
    setPriority(threadId, Math.min(19, getPriority(threadId) + LOWER_PRIORITY_BY));
  } catch {
    // Without /proc (another system) the thread keeps its priority.
  }
}

const data = workerData as RequestThreadData;
const port = parentPort;
if (!port) throw new Error('request-thread runs as a worker thread');
lowerPriority();
const store = await openWikiStore(data.database, {
  readUrls: data.readUrls,
  readStatementTimeoutMs: readStatementTimeoutMs(data.workBudget),
});
const titles = new TitleCodec(data.site);
await useUserGenders(titles, store);
const services: ApiServices = {
  site: data.site,
  titles,
  store,
  softwareName: data.softwareName,
  hostName: data.hostName,
  workBudget: data.workBudget,
  messages: await loadMessageCatalogue(store),
  languages: await loadLanguageData(store),
};
// The site as the process serves it now (it may have reloaded it since this thread was asked
// for), and as another process changes it, as the process's event loop follows it.
if (data.followSite) await reloadSite(store, services);
watchStoredSite(store, services, data.followSite);
// While other expensive requests wait, a request gets the budget of a shared worker.
const limits = data.workBudget ?? DEFAULT_WORK_BUDGET;
const sharedServices = (): ApiServices => ({ ...services, workBudget: { ...limits, aloneMs: limits.timeMs } });

/**
 * Milliseconds this thread has run on a CPU (Linux), else the time since it started: a request's
 * work, without the time the system gave other threads while the thread waited.
 */
function threadCpuMs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return performance.now();
  }
}

/** The request as it was before the message copied it: its values' sent bytes as SentBytes again. */
function revived(request: RequestJob['request']): RequestJob['request'] {
  if (request.sentBytes === undefined) return request;
  const sentBytes = new Map<string, SentBytes>();
  for (const [name, sent] of request.sentBytes) sentBytes.set(name, new SentBytes(sent.bytes, sent.legacy));
  return { ...request, sentBytes };
}

port.on('message', async (job: RequestJob) => {
  const started = threadCpuMs();
  let done: RequestDone;
  try {
    const answered = await handleApiRequest(revived(job.request), job.othersWaiting ? sharedServices() : services);
    const answer = sentAnswer(answered, job.acceptEncoding);
    done = { id: job.id, answer, ms: threadCpuMs() - started };
  } catch (error) {
    done = { id: job.id, error: (error as Error).message };
  }
  port.postMessage(done);
});
