import type { PortalDatabase } from './portal-schema.js';

/**
 * The invoicing database, table by table, as Kysely sees it. Money and times are integers:
 * amounts in minor units, times in milliseconds since the epoch (expires_at in Unix seconds, as the
 * API shows it). Integer columns read back as bigint (SQLite, and int8 on PostgreSQL) or
 * number (int4 on PostgreSQL): repositories convert with `num`/`big`.
 */
export interface ServiceMetaTable {
  key: string;
  value: string;
}

type Int64 = bigint | number;

export interface MerchantTable {
  id: string;
  name: string;
  recipient: string;
  default_expiry_min: Int64;
  tolerance_bp: Int64;
  created_at: Int64;
}

export interface ApiKeyTable {
  id: string;
  merchant_id: string;
  /** The start of the key as shown in listings (`ik_live_AbCd`); never enough to use it. */
  prefix: string;
  /** HMAC-SHA-256 of the whole key with the server secret, hex. */
  hash: string;
  created_at: Int64;
  last_used_at: Int64 | null;
  revoked_at: Int64 | null;
}

export interface InvoiceTable {
  id: string;
  merchant_id: string;
  status: string;
  order_ref: string;
  message: string;
  recipient: string;
  priced_in: string;
  amount_coin: Int64;
  amount_eur: Int64;
  rate: Int64;
  rate_source: string;
  rate_at: Int64;
  tolerance_bp: Int64;
  created_at: Int64;
  expires_at: Int64;
  paid_at: Int64 | null;
  amount_paid: Int64;
  amount_paid_in_time: Int64;
  flag_partial: Int64;
  flag_overpaid: Int64;
  flag_late: Int64;
  /** Bumped by every change; defaults to 0 on insert. */
  version?: Int64;
}

export interface InvoiceTimelineTable {
  invoice_id: string;
  seq: Int64;
  status: string;
  at: Int64;
}

export interface LedgerPaymentTable {
  ledger: string;
  tx_id: string;
  op_index: Int64;
  to_address: string;
  amount: Int64;
  asset: string;
  memo: string | null;
  ledger_time: Int64;
  /** The invoice credited, or null for an unmatched payment. */
  invoice_id: string | null;
  /** Why a payment was not credited (`unknown_message`, `not_native`, ...), null when credited. */
  unmatched_reason: string | null;
  late: Int64;
  recorded_at: Int64;
}

export interface LedgerCursorTable {
  ledger: string;
  address: string;
  cursor: string;
  updated_at: Int64;
}

export interface IdempotencyKeyTable {
  merchant_id: string;
  key: string;
  request_hash: string;
  status_code: Int64;
  response_body: string;
  created_at: Int64;
}

export interface InvoicingDatabase extends PortalDatabase {
  service_meta: ServiceMetaTable;
  merchants: MerchantTable;
  api_keys: ApiKeyTable;
  invoices: InvoiceTable;
  invoice_timeline: InvoiceTimelineTable;
  ledger_payments: LedgerPaymentTable;
  ledger_cursors: LedgerCursorTable;
  idempotency_keys: IdempotencyKeyTable;
}
