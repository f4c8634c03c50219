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
  /** Chain ledgers: the account's output descriptor `wpkh(<xpub>/0/*)#checksum`; addresses are derived from it. */
  account_key?: string | null;
  /** Chain ledgers: the derivation index the next invoice's address takes. */
  next_address_index?: Int64;
  /** Confirmations new invoices require on a chain ledger (0, 1, 2 or 6). */
  confirmations?: Int64;
  /** The highest address index that has received a payment (-1: none yet). */
  used_address_index?: Int64;
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
  /** Chain ledgers: the derivation index of the invoice's own address. */
  address_index?: Int64 | null;
  confirmations_required?: Int64;
  amount_pending?: Int64;
  /** The merchant's metadata, JSON object text, or null. */
  metadata: string | null;
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
  /** Chain ledgers: the block holding the payment on the best chain, null while unconfirmed. */
  block_height?: Int64 | null;
  block_hash?: string | null;
  /** Confirmations as last counted; counting stops at `confirmations_target`. */
  confirmations?: Int64;
  confirmations_target?: Int64;
  /** When the payment left the ledger (replaced, or its block undone and the transaction gone). */
  dropped_at?: Int64 | null;
}

export interface ChainBlockTable {
  ledger: string;
  height: Int64;
  hash: string;
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

export interface WebhookEndpointTable {
  id: string;
  merchant_id: string;
  url: string;
  description: string;
  /** JSON array of event types, or null for every type. */
  event_types: string | null;
  /** The signing secret, encrypted under a key derived from the server secret. */
  secret_sealed: string;
  /** The secret before the last rotation, still signing until `previous_secret_until`. */
  previous_secret_sealed: string | null;
  previous_secret_until: Int64 | null;
  enabled: Int64;
  disabled_reason: string | null;
  created_at: Int64;
  updated_at: Int64;
}

export interface InvoiceEventTable {
  id: string;
  merchant_id: string;
  invoice_id: string | null;
  invoice_seq: Int64;
  type: string;
  created_at: Int64;
  /** JSON: the invoice, its payments and timeline, and the payment concerned, as of the event. */
  snapshot: string;
}

export interface WebhookDeliveryTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  merchant_id: string;
  invoice_id: string | null;
  invoice_seq: Int64;
  state: string;
  attempt_count: Int64;
  next_attempt_at: Int64;
  created_at: Int64;
  finished_at: Int64 | null;
  last_response_status: Int64 | null;
}

export interface WebhookAttemptTable {
  delivery_id: string;
  attempt: Int64;
  at: Int64;
  outcome: string;
  response_status: Int64 | null;
  response_body: string | null;
  error: string | null;
  duration_ms: Int64;
}

export interface InvoicingDatabase extends PortalDatabase {
  service_meta: ServiceMetaTable;
  merchants: MerchantTable;
  api_keys: ApiKeyTable;
  invoices: InvoiceTable;
  invoice_timeline: InvoiceTimelineTable;
  ledger_payments: LedgerPaymentTable;
  ledger_cursors: LedgerCursorTable;
  chain_blocks: ChainBlockTable;
  idempotency_keys: IdempotencyKeyTable;
  webhook_endpoints: WebhookEndpointTable;
  invoice_events: InvoiceEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
}
