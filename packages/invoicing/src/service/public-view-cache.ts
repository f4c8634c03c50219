import type { PublicInvoice } from './public-invoice.js';

export interface CachedView {
  view: PublicInvoice;
  json: string;
}

interface Entry extends CachedView {
  dataVersion: number;
  invoiceVersion: number;
  weight: number;
}

export interface ChangeProbe {
  /** Changes whenever anything was committed to the database (by any connection or process). */
  dataVersion(): number;
  /** The invoice's own change counter. */
  invoiceVersion(id: string): number | undefined;
}

/**
 * The bound: about 8 MB. An entry weighs its JSON text four times over (the text itself at two
 * bytes a character, and the view object it was made of at about as much again); the least
 * recently used entries leave first, so a steady load reaches a steady size within minutes.
 */
const MAX_WEIGHT = 8_000_000;
const weightOf = (json: string) => json.length * 4 + 200;

/**
 * Rendered public views of invoices, reused while the invoice is unchanged. A view is valid while
 * nothing at all was committed since it was cached (one pragma), or else while the invoice's own
 * change counter is the same (one indexed lookup). Changes made by other processes are seen too,
 * since both checks read the database itself.
 */
export class PublicViewCache {
  /** In order of use, least recent first. */
  private readonly entries = new Map<string, Entry>();
  private weight = 0;

  constructor(private readonly probe: ChangeProbe) {}

  /** The cached view, or undefined when it must be read again. `now` (ms) decides lazy expiry. */
  get(id: string, now: number): CachedView | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.view.status === 'open' && now >= entry.view.expires_at * 1000) return undefined;
    const dataVersion = this.probe.dataVersion();
    if (entry.dataVersion !== dataVersion) {
      if (this.probe.invoiceVersion(id) !== entry.invoiceVersion) return undefined;
      entry.dataVersion = dataVersion;
    }
    // Used now: to the end of the order.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  /**
   * Versions to pass to `set`, read before the invoice itself: if a change lands while it is read,
   * the entry carries the older versions and the next `get` reads again.
   */
  versionsBeforeRead(id: string): { dataVersion: number; invoiceVersion: number | undefined } {
    return { dataVersion: this.probe.dataVersion(), invoiceVersion: this.probe.invoiceVersion(id) };
  }

  set(id: string, versions: { dataVersion: number; invoiceVersion: number | undefined }, view: CachedView): void {
    if (versions.invoiceVersion === undefined) return;
    this.forget(id);
    const weight = weightOf(view.json);
    for (const [oldest, entry] of this.entries) {
      if (this.weight + weight <= MAX_WEIGHT) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
    const entry = { ...view, dataVersion: versions.dataVersion, invoiceVersion: versions.invoiceVersion, weight };
    this.entries.set(id, entry);
    this.weight += weight;
  }

  /** The cache's weight (about bytes) and entries, for tests and benchmarks. */
  size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }

  private forget(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.weight -= entry.weight;
  }
}
