/**
 * Which requests are expensive: the ones that would hold a server's event loop long enough to
 * delay the small requests behind them. A request is known by its shape (the action, its modules,
 * the format, and whether it asks for many results or an export); each shape's cost is learned
 * from the answers of its requests, wherever they ran, and a shape not seen yet is judged from its
 * parameters. Expensive requests are answered on the request threads (request-threads.ts).
 *
 * A measurement is the time a request worked; on a busy machine the system may also run something
 * else meanwhile, which only ever adds to the time it took. On the event loop a measurement is
 * therefore the least of the loop's time on the request (its waits for other requests' turns left
 * out) and the CPU time the process used meanwhile (LoopWork); on a thread it is the thread's own
 * CPU time. A shape's cost is the average of its latest measurements: requests of one shape can
 * differ (one asks for a page, another for hundreds), and a shape whose requests are sometimes
 * expensive goes to the threads, while a single small excess (a garbage collection) does not send
 * a small kind away.
 */

/** Milliseconds of work beyond which a request is expensive: it would delay a small request noticeably. */
export const EXPENSIVE_MS = 8;
/** Shapes remembered; the least recently seen one is forgotten first. */
const REMEMBERED_SHAPES = 2000;
/** Measurements kept per shape. */
const KEPT_MEASUREMENTS = 5;
/** A limit above this many results makes a request large. */
const LARGE_LIMIT = 50;

const MODULE_PARAMETERS = ['action', 'list', 'prop', 'meta', 'generator', 'format', 'modules'];
/** Actions whose answer is built from every module's description. */
const DESCRIBING_ACTIONS = new Set(['help', 'paraminfo']);
/** Prop modules that read or work on page texts. */
const TEXT_MODULES = new Set(['extracts', 'revisions', 'deletedrevisions', 'pageimages']);

function isLarge(name: string, value: string): boolean {
  if (!name.endsWith('limit')) return false;
  const trimmed = value.trim();
  return trimmed === 'max' || Number(trimmed) > LARGE_LIMIT;
}

/** The shape of a request: what its cost depends on most, in a short key. */
export function requestShape(params: Iterable<readonly [string, string]>): string {
  const modules: string[] = [];
  const flags: string[] = [];
  for (const [name, value] of params) {
    if (MODULE_PARAMETERS.includes(name)) {
      modules.push(`${name}=${value.length > 120 ? value.slice(0, 120) : value}`);
    } else if (isLarge(name, value)) {
      flags.push(`${name}:large`);
    } else if (name === 'export' || name === 'rvprop' || name === 'exintro') {
      flags.push(name === 'rvprop' && !value.includes('content') ? 'rvprop' : name);
    }
  }
  return [...modules.sort(), ...flags.sort()].join('&');
}

/** Whether a shape not measured yet is likely expensive, from its parameters. */
function guessedExpensive(params: Iterable<readonly [string, string]>): boolean {
  for (const [name, value] of params) {
    if (name === 'action' && DESCRIBING_ACTIONS.has(value)) return true;
    if (name === 'export' || (name === 'format' && value.endsWith('fm'))) return true;
    if (isLarge(name, value)) return true;
    if (name === 'prop' && value.split('|').some((module) => TEXT_MODULES.has(module))) return true;
  }
  return false;
}

/** The learned cost of each request shape seen lately. */
export class RequestCosts {
  /** Shape → its latest measurements in milliseconds; in order of last use. */
  private readonly costs = new Map<string, number[]>();

  /** Whether a request of this shape should run away from the event loop. */
  expensive(shape: string, params: Iterable<readonly [string, string]>): boolean {
    const measured = this.costs.get(shape);
    if (measured === undefined) return guessedExpensive(params);
    this.costs.delete(shape);
    this.costs.set(shape, measured);
    let sum = 0;
    for (const ms of measured) sum += ms;
    return sum / measured.length > EXPENSIVE_MS;
  }

  /** Records what a request of this shape cost. */
  record(shape: string, ms: number): void {
    const measured = this.costs.get(shape) ?? [];
    this.costs.delete(shape);
    measured.push(ms);
    if (measured.length > KEPT_MEASUREMENTS) measured.shift();
    this.costs.set(shape, measured);
    if (this.costs.size > REMEMBERED_SHAPES) {
      const oldest = this.costs.keys().next().value as string;
      this.costs.delete(oldest);
    }
  }

  get size(): number {
    return this.costs.size;
  }
}

/**
 * The work of a request answered on the event loop, measured from when it started: the loop's time
 * on it without the turns it gave other requests, at most the CPU time the process used meanwhile
 * (other processes running on the cores add to the first, not to the second).
 */
export class LoopWork {
  private readonly started = performance.now();
  private readonly cpu = process.cpuUsage();

  /** Milliseconds of work so far, `waitedMs` of them spent waiting for other requests' turns. */
  ms(waitedMs: number): number {
    const used = process.cpuUsage(this.cpu);
    return Math.max(0, Math.min(performance.now() - this.started - waitedMs, (used.user + used.system) / 1000));
  }
}
