/**
 * Sharing a worker among requests. Two things, both behind the store's query function so that no
 * module has to think of them:
 *
 * - The work budget of the request that runs a query (time since it started, rows its queries
 *   read), kept in async-local storage: the API's result counter asks it whether to stop a module
 *   and continue later, as MediaWiki stops at the answer's size limit.
 * - Yielding to the event loop: better-sqlite3 answers synchronously, so a request whose queries
 *   follow one another would otherwise hold the worker until it ends. After a query, once the
 *   current turn of the event loop has run longer than a slice, the request waits for the next
 *   turn, and requests that arrived meanwhile get their turn first.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A request may work this long while others wait (and this long alone, when nobody does), and read
 * this many rows, before its modules stop and continue.
 */
export const REQUEST_TIME_BUDGET_MS = 1000;
export const REQUEST_ALONE_BUDGET_MS = 1500;
export const REQUEST_ROW_BUDGET = 200_000;
/** How long one turn of the event loop may run queries before other requests get theirs. */
const SLICE_MS = 4;

export interface WorkBudgetLimits {
  /** Milliseconds of work while other requests wait. */
  timeMs: number;
  /** Milliseconds of work when the request is the only one. */
  aloneMs: number;
  /** Rows its queries may read. */
  rows: number;
}

export const DEFAULT_WORK_BUDGET: WorkBudgetLimits = {
  timeMs: REQUEST_TIME_BUDGET_MS,
  aloneMs: REQUEST_ALONE_BUDGET_MS,
  rows: REQUEST_ROW_BUDGET,
};

/**
 * The longest one statement of a request may run on PostgreSQL (`statement_timeout` of the
 * connections a server reads through): twice the budget of a request alone. A request's modules
 * stop at their budget between statements; a statement that alone outlasts it twice over (a
 * plan gone wrong, a database under a lock) is cancelled by the server instead of holding a
 * connection and a request thread, and the request gets MediaWiki's query timeout error.
 */
export function readStatementTimeoutMs(limits: WorkBudgetLimits = DEFAULT_WORK_BUDGET): number {
  return 2 * limits.aloneMs;
}

export class WorkBudget {
  private start = performance.now();
  rowsRead = 0;
  private asked = 0;
  /** Milliseconds the request waited for other requests' turns (not its own work). */
  waitedMs = 0;

  constructor(private readonly limits: WorkBudgetLimits = DEFAULT_WORK_BUDGET) {}

  /** Leaves `ms` out of the time used (a wait that was not the request's work: a thread starting). */
  exclude(ms: number): void {
    this.start += ms;
  }

  /**
   * Whether what is left of the request's work should wait for its continuation: it has read its
   * rows, or used its time (more of it when no other request waits for the same worker).
   */
  spent(): boolean {
    if (this.rowsRead > this.limits.rows) return true;
    // Asked once per result row: the clock is read at every eighth question (a few rows late at most).
    if ((++this.asked & 7) !== 1) return false;
    const used = performance.now() - this.start;
    return used > (requestsRunning > 1 ? this.limits.timeMs : this.limits.aloneMs);
  }
}

const running = new AsyncLocalStorage<WorkBudget>();
let requestsRunning = 0;
/**
 * The budget of the one request that runs outside the async-local storage. While the storage is
 * in use, Node calls hooks for every promise made, by any request (7 % of the CPU of the api
 * benchmark's requests in process): a request that starts while no other holds this place takes
 * it instead, and only requests that overlap it run in the storage, which is switched off again
 * once none runs. Code outside every request (a build the server finishes in the background)
 * that queries meanwhile counts its rows to this request.
 */
let outside: WorkBudget | undefined;

/** Runs `work` (one request) under `budget`. */
export async function withWorkBudget<T>(budget: WorkBudget, work: () => Promise<T>): Promise<T> {
  requestsRunning++;
  try {
    if (outside !== undefined) return await running.run(budget, work);
    outside = budget;
    try {
      return await work();
    } finally {
      outside = undefined;
    }
  } finally {
    requestsRunning--;
    if (requestsRunning === 0) running.disable();
  }
}

/** The budget of the request running now, if any. */
export function currentWorkBudget(): WorkBudget | undefined {
  return running.getStore() ?? outside;
}

let sliceStart = 0;
let sliceOpen = false;

function closeSlice(): void {
  sliceOpen = false;
}

/**
 * Waits for the event loop's next turn when the current one has run longer than a slice. A turn
 * begins with the first call in it; an immediate marks its end. Undefined when there is no need to
 * wait (most calls): a caller then goes on without an `await` and its turn of the microtask queue.
 */
export function shareWorker(): Promise<void> | undefined {
  const now = performance.now();
  if (!sliceOpen) {
    sliceOpen = true;
    sliceStart = now;
    setImmediate(closeSlice);
    return undefined;
  }
  if (now - sliceStart < SLICE_MS) return undefined;
  return waitForNextTurn(now);
}

async function waitForNextTurn(since: number): Promise<void> {
  await nextTurn();
  const budget = currentWorkBudget();
  if (budget) budget.waitedMs += performance.now() - since;
}

/** The Kysely plugin that counts rows against the running request's budget and shares the worker. */
export class WorkSharingPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const budget = currentWorkBudget();
    if (budget) budget.rowsRead += args.result.rows.length;
    const turn = shareWorker();
    if (turn) await turn;
    return args.result;
  }
}
