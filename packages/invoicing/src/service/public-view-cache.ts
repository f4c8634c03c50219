import type { PublicInvoice } from './public-invoice.js';

export interface CachedView {
  view: PublicInvoice;
  json: string;
}

interface Entry extends CachedView {
  dataVersion: number;
  invoiceVersion: number;
}

export interface ChangeProbe {
  /** Changes whenever anything was committed to the database (by any connection or process). */
  dataVersion(): number;
  /** The invoice's own change counter. */
  invoiceVersion(id: string): number | undefined;
}

const MAX_ENTRIES = 10_000;

/**
 * Rendered public views of invoices, reused while the invoice is unchanged. A view is valid while
 * nothing at all was committed since it was cached (one pragma), or else while the invoice's own
 * change counter is the same (one indexed lookup). Changes made by other processes are seen too,
 * since both checks read the database itself.
 */
export class PublicViewCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly probe: ChangeProbe) {}

  /** The cached view, or undefined when it must be read again. `now` (ms) decides lazy expiry. */
  get(id: string, now: number): CachedView | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.view.status === 'open' && now >= entry.view.expires_at * 1000) return undefined;
    const dataVersion = this.probe.dataVersion();
    if (entry.dataVersion === dataVersion) return entry;
    if (this.probe.invoiceVersion(id) !== entry.invoiceVersion) return undefined;
    entry.dataVersion = dataVersion;
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
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(id, { ...view, dataVersion: versions.dataVersion, invoiceVersion: versions.invoiceVersion });
  }
}
