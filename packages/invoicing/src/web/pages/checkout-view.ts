/**
 * What the checkout page shows of an invoice: public data only (no merchant id, name or keys),
 * already in minor units and epoch times.
 */
export type InvoiceStatus = 'open' | 'processing' | 'paid' | 'expired';

export interface PaymentView {
  txId: string;
  amount: bigint;
  /** Ledger time, ms since the epoch. */
  at: number;
  late: boolean;
  /** 0 while unconfirmed; counted up to the invoice's required confirmations. */
  confirmations: number;
}

export interface CheckoutView {
  id: string;
  status: InvoiceStatus;
  orderRef: string;
  message: string;
  recipient: string;
  amountCoin: bigint;
  amountEur: bigint;
  /** EUR per coin as a plain decimal text, exactly as locked. */
  rate: string;
  amountPaid: bigint;
  /** Received, still waiting for confirmations. */
  amountPending: bigint;
  amountDue: bigint;
  /** Confirmations a payment needs (0 when payments are final once seen). */
  confirmationsRequired: number;
  /** `address`: the invoice has an address of its own and no memo is needed (chain ledgers). */
  matching: 'memo' | 'address';
  flags: { partial: boolean; overpaid: boolean; late: boolean };
  /** ms since the epoch. */
  paidAt: number | null;
  /** Unix seconds. */
  expiresAt: number;
  payments: PaymentView[];
  coin: { code: string; decimals: number };
  paymentUri: string;
  /** What the QR code holds: the payment URI, with a bech32 address upper-cased. */
  qrText: string;
}

/** The status a payer sees: `partial` and `late` refine open and expired. */
export type ShownStatus = 'open' | 'partial' | 'processing' | 'paid' | 'expired' | 'late';

export function shownStatus(view: Pick<CheckoutView, 'status' | 'flags'>): ShownStatus {
  if (view.status === 'paid') return 'paid';
  if (view.status === 'processing') return 'processing';
  if (view.status === 'expired') return view.flags.late ? 'late' : 'expired';
  return view.flags.partial ? 'partial' : 'open';
}

/** Changes whenever anything the page shows changes; the live updates compare it. */
export function viewVersion(view: CheckoutView): string {
  const { flags } = view;
  return [
    view.status,
    view.amountPaid,
    view.amountPending,
    view.payments.map((p) => `${p.txId}.${p.confirmations}`).join(','),
    flags.partial ? 'p' : '',
    flags.overpaid ? 'o' : '',
    flags.late ? 'l' : '',
  ].join(':');
}
