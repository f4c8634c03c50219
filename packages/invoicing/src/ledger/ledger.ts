/**
 * What the service needs from a ledger: checking an address, and reading the payments into an
 * address in ledger order from a saved position. Adapters (the simulated ledger, a real network)
 * implement it; nothing else in the service knows which ledger it talks to.
 */
export interface LedgerPayment {
  /** The ledger's transaction id. */
  txId: string;
  /** Position of the payment operation in its transaction; (txId, opIndex) is unique on a ledger. */
  opIndex: number;
  to: string;
  /** In coin minor units (10^-7) for the native coin; as the ledger gives it for other assets. */
  amount: bigint;
  /** `native` for the ledger's own coin, anything else for other assets. */
  asset: string;
  /** The text attached to the payment, if any. */
  memo: string | null;
  /** The ledger's own time of the payment (ms since the epoch). */
  time: number;
  /** False while the ledger may still undo the payment. */
  final: boolean;
  /** Resuming from this position returns the payments after this one. */
  cursor: string;
}

export interface PaymentRequestDetails {
  recipient: string;
  /** Coin amount as a decimal text. */
  amountCoin: string;
  message: string;
}

export interface Ledger {
  /** Stored with every payment; part of its unique key. */
  readonly name: string;
  /** Every valid address starts with this. */
  readonly addressPrefix: string;
  /** The smallest payment the ledger carries, in coin minor units. */
  readonly minimumAmount: bigint;
  /** Null for a valid address, otherwise what is wrong with it. */
  validateAddress(address: string): string | null;
  /** A fresh address, for ledgers that can make one for a merchant (the simulated ledger). */
  newAddress?(): string;
  /** Up to `limit` payments to `address` after the position `after` (null: from the start), oldest first. */
  paymentsTo(address: string, after: string | null, limit: number): Promise<LedgerPayment[]>;
  /** The URI a wallet opens to pay (shown as a QR code on the checkout page). */
  paymentUri(details: PaymentRequestDetails): string;
  /** Calls `listener` when new payments may be readable, so a watcher need not wait for its next poll. */
  onActivity?(listener: () => void): () => void;
  close(): Promise<void>;
}
