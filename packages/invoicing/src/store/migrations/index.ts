import type { Migration } from 'kysely';
import * as m0001 from './0001_service_meta.js';
import * as m0002 from './0002_merchants_and_keys.js';
import * as m0003 from './0003_invoices.js';
import * as m0004 from './0004_ledger_payments.js';
import * as m0005 from './0005_idempotency_keys.js';
import * as m0006 from './0006_invoice_version.js';
import * as m0100 from './0100_portal_logins_and_sessions.js';
import * as m0200 from './0200_chain_ledger.js';
import * as m0300 from './0300_webhooks.js';
import * as m0301 from './0301_invoice_metadata.js';
import * as m0302 from './0302_invoice_list_order.js';

/**
 * Every migration, keyed by a name that sorts in the order they apply. Names 0002-0099 belong to
 * the core (invoices, keys, ledger); 0100 and above to the merchant portal; 0200 and above to chain
 * ledgers; 0300 and above to webhooks, listing and export.
 */
export const migrations: Record<string, Migration> = {
  '0001_service_meta': m0001,
  '0002_merchants_and_keys': m0002,
  '0003_invoices': m0003,
  '0004_ledger_payments': m0004,
  '0005_idempotency_keys': m0005,
  '0006_invoice_version': m0006,
  '0100_portal_logins_and_sessions': m0100,
  '0200_chain_ledger': m0200,
  '0300_webhooks': m0300,
  '0301_invoice_metadata': m0301,
  '0302_invoice_list_order': m0302,
};
