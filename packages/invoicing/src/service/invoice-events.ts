import type { PublicInvoice } from './public-invoice.js';

export type InvoiceListener = (view: PublicInvoice) => void;

/**
 * In-process notification of invoice changes, fired after the change is committed. The
 * checkout page's live updates subscribe per invoice; `onAny` sees every change by id.
 * Changes made by another process (another instance on the same PostgreSQL) are not seen here.
 */
export class InvoiceEvents {
  private readonly byInvoice = new Map<string, Set<InvoiceListener>>();
  private readonly any = new Set<(invoiceId: string) => void>();

  constructor(private readonly render: (invoiceId: string) => Promise<PublicInvoice | undefined>) {}

  /** Calls `listener` with the new public view after each committed change; returns the unsubscribe function. */
  subscribe(invoiceId: string, listener: InvoiceListener): () => void {
    let set = this.byInvoice.get(invoiceId);
    if (!set) {
      set = new Set();
      this.byInvoice.set(invoiceId, set);
    }
    set.add(listener);
    return () => {
      const current = this.byInvoice.get(invoiceId);
      current?.delete(listener);
      if (current?.size === 0) this.byInvoice.delete(invoiceId);
    };
  }

  onAny(listener: (invoiceId: string) => void): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }

  listenerCount(invoiceId: string): number {
    return this.byInvoice.get(invoiceId)?.size ?? 0;
  }

  /** Announces committed changes; listener errors are contained so one bad listener cannot stop others. */
  async changed(invoiceIds: Iterable<string>): Promise<void> {
    for (const id of new Set(invoiceIds)) {
      for (const listener of this.any) safely(() => listener(id));
      const listeners = this.byInvoice.get(id);
      if (!listeners || listeners.size === 0) continue;
      const view = await this.render(id).catch(() => undefined);
      if (!view) continue;
      for (const listener of [...listeners]) safely(() => listener(view));
    }
  }
}

function safely(call: () => void) {
  try {
    call();
  } catch {
    // A listener's failure is its own; the change is committed regardless.
  }
}
