import type { CheckoutView, InvoiceStatus } from '../../web/pages/checkout-view.js';

/** One line of the merchant's invoice list. */
export interface InvoiceRowView {
  id: string;
  orderRef: string;
  status: InvoiceStatus;
  flags: { partial: boolean; overpaid: boolean; late: boolean };
  amountCoin: bigint;
  amountEur: bigint;
  /** ms since the epoch. */
  createdAt: number;
  /** Unix seconds. */
  expiresAt: number;
}

export interface InvoiceListView {
  rows: InvoiceRowView[];
  filter: { status: InvoiceStatus | ''; q: string };
  /** Query string for the next (older) page, when there is one. */
  olderQuery?: string;
  /** True when this is not the first page. */
  paged: boolean;
  coin: { code: string; decimals: number };
}

/** An invoice as its merchant sees it: the payer's view plus what only the merchant may know. */
export interface InvoiceDetailView extends CheckoutView {
  payUrl: string;
  createdAt: number;
  rateSource: string;
  rateAt: number;
  timeline: { status: InvoiceStatus; at: number }[];
}

export interface UnmatchedPaymentView {
  txId: string;
  amount: bigint;
  memo: string | null;
  /** ms since the epoch (ledger time). */
  at: number;
  reason: string;
}

export interface ApiKeyView {
  id: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}
