import { type DatabaseTarget, type OpenDatabase, openMigratedDatabase } from '@svc/common';
import { migrations } from './migrations/index.js';
import type { InvoicingDatabase } from './schema.js';

export type InvoicingStore = OpenDatabase<InvoicingDatabase>;

/** Opens the invoicing database and brings its schema up to date. */
export function openInvoicingStore(target: DatabaseTarget): Promise<InvoicingStore> {
  return openMigratedDatabase<InvoicingDatabase>(target, migrations);
}
