/**
 * What the service needs from a ledger. Two kinds exist:
 *
 * - a **memo ledger** (the simulated ledger, account ledgers like Stellar): every invoice of a
 *   merchant is paid to the merchant's one address and told apart by the memo (the invoice's
 *   `message`); payments are read per address from a saved position and are final when read;
 * - a **chain ledger** (Litecoin Core, Bitcoin Core): every invoice gets an address of its own,
 *   derived from the merchant's extended public key; payments are matched by address, found by
 *   following blocks and the mempool, and become final with confirmations. Blocks can be undone
 *   (a reorganisation) and unconfirmed payments replaced (a double spend).
 *
 * Nothing else in the service knows which ledger it talks to. Amounts are integers of the
 * ledger's minor unit (`decimals`).
 */
export interface LedgerPayment {
  /** The ledger's transaction id. */
  txId: string;
  /** Position of the payment operation in its transaction; (txId, opIndex) is unique on a ledger. */
  opIndex: number;
  to: string;
  /** In the ledger's minor units (10^-decimals) for the native coin; as the ledger gives it for other assets. */
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

interface LedgerBase {
  /** Stored with every payment; part of its unique key. */
  readonly name: string;
  /** The coin's ticker shown on pages (`LTC`, `BTC`, `COIN`). */
  readonly coinCode: string;
  /** Decimals of the coin's minor unit: 7 for the simulated coin, 8 for Litecoin and Bitcoin. */
  readonly decimals: number;
  /** Every valid address starts with this. */
  readonly addressPrefix: string;
  /** The smallest payment the ledger carries, in coin minor units. */
  readonly minimumAmount: bigint;
  /** Null for a valid address, otherwise what is wrong with it. */
  validateAddress(address: string): string | null;
  /** The URI a wallet opens to pay (shown as a QR code on the checkout page). */
  paymentUri(details: PaymentRequestDetails): string;
  /** Text for the QR code of the URI (a wallet reads upper-case bech32 in the denser alphanumeric mode). */
  qrText?(uri: string): string;
  close(): Promise<void>;
}

export interface MemoLedger extends LedgerBase {
  readonly matching: 'memo';
  /** A fresh address, for ledgers that can make one for a merchant (the simulated ledger). */
  newAddress?(): string;
  /** Up to `limit` payments to `address` after the position `after` (null: from the start), oldest first. */
  paymentsTo(address: string, after: string | null, limit: number): Promise<LedgerPayment[]>;
  /** Calls `listener` when new payments may be readable, so a watcher need not wait for its next poll. */
  onActivity?(listener: () => void): () => void;
}

/** An output of a transaction paying an address, as a chain ledger reads it. */
export interface ChainOutput {
  txId: string;
  /** The output's index in its transaction. */
  vout: number;
  address: string;
  amount: bigint;
}

export interface ChainBlock {
  height: number;
  hash: string;
  previousHash: string | null;
  /** Block time (ms since the epoch). */
  time: number;
  outputs: ChainOutput[];
}

export interface ChainTip {
  height: number;
  hash: string;
}

/** A merchant's account key, checked and normalised: addresses are derived from it. */
export interface AccountKey {
  /** The normalised descriptor, `wpkh(<key>/0/*)`, as stored. */
  descriptor: string;
  /** The address at a derivation index of the receiving chain. */
  addressAt(index: number): string;
}

export interface ChainLedger extends LedgerBase {
  readonly matching: 'address';
  /** `main`, `test` or `regtest`. */
  readonly network: string;
  /** Checks an xpub or descriptor for this ledger and network; a string says what is wrong. */
  parseAccountKey(text: string): AccountKey | string;
  /** The best chain's tip. */
  tip(): Promise<ChainTip>;
  /** The hash of the best chain's block at a height, or null above the tip. */
  blockHash(height: number): Promise<string | null>;
  /** A block with its outputs that pay an address. */
  block(hash: string): Promise<ChainBlock>;
  /** Ids of the transactions in the node's mempool. */
  mempool(): Promise<string[]>;
  /** The outputs of mempool transactions (missing ones, e.g. just mined or replaced, are left out). */
  mempoolOutputs(txIds: string[]): Promise<ChainOutput[]>;
  /** Null when the node is reachable and in sync, otherwise what is wrong (for /healthz). */
  health(): Promise<string | null>;
}

export type Ledger = MemoLedger | ChainLedger;
