import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { plannedOnce } from '@svc/common';
import SQLite from 'better-sqlite3';
import { parseExactDecimal, toMinorUnits } from '../domain/decimal.js';
import { invalidRequest } from '../domain/errors.js';
import { COIN_DECIMALS, formatCoin } from '../domain/money.js';
import { MAX_REFERENCE_BYTES } from '../domain/references.js';
import type { LedgerPayment, MemoLedger, PaymentRequestDetails } from './ledger.js';
import { newSimulatedAddress, SIMULATED_ADDRESS_PREFIX, validateSimulatedAddress } from './simulated-address.js';

export interface SimulatedPaymentRequest {
  to: string;
  /** Coin amount as decimal text (`12.5`). */
  amount: string;
  message?: string | null;
  from?: string;
  /** Ledger time (ms); now when left out. Lets tests place a payment before or after an expiry. */
  time?: number;
  asset?: string;
  final?: boolean;
}

interface PaymentRow {
  seq: number;
  tx_id: string;
  op_index: number;
  to_address: string;
  amount: bigint;
  asset: string;
  memo: string | null;
  time: bigint;
  final: bigint;
}

/** The smallest payment the simulated ledger accepts: 0.00001 coin, so dust below it is refused as on real ledgers. */
export const SIMULATED_MINIMUM_AMOUNT = 100n;

/**
 * A ledger on this machine, so that the whole flow runs without a network. It stands for an
 * external ledger: it keeps its own SQLite file, and the service reads it only through the Ledger
 * interface, page by page. Payments are made with `submitPayment` (the `simulate-pay` command and
 * `POST /dev/ledger/payments`).
 */
export class SimulatedLedger implements MemoLedger {
  readonly matching = 'memo' as const;
  readonly name = 'simulated';
  readonly coinCode = 'COIN';
  readonly decimals = COIN_DECIMALS;
  readonly addressPrefix = SIMULATED_ADDRESS_PREFIX;
  readonly minimumAmount = SIMULATED_MINIMUM_AMOUNT;
  private readonly db: SQLite.Database;
  private readonly activity = new EventEmitter();
  private readonly insert: SQLite.Statement;
  private readonly page: SQLite.Statement;
  private readonly pageFromStart: SQLite.Statement;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new SQLite(file);
    this.db.pragma('journal_mode = WAL');
    // A process crash loses nothing in WAL mode; only a power cut could drop the last simulated
    // payments, which is acceptable for a simulation and saves an fsync per payment.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // A small page cache (better-sqlite3's default is 16 MB a connection): a simulation's few
    // lookups need no more, and a cache filling as the payments grow shows as memory growth.
    this.db.pragma('cache_size = -256');
    this.db.defaultSafeIntegers(true);
    this.db.exec(`
      create table if not exists payments (
        seq integer primary key autoincrement,
        tx_id text not null,
        op_index integer not null,
        from_address text not null,
        to_address text not null,
        amount integer not null,
        asset text not null,
        memo text,
        time integer not null,
        final integer not null,
        unique (tx_id, op_index)
      );
      create index if not exists payments_to on payments (to_address, seq);
    `);
    this.insert = this.db.prepare(
      `insert into payments (tx_id, op_index, from_address, to_address, amount, asset, memo, time, final)
       values (?, 0, ?, ?, ?, ?, ?, ?, ?) returning seq`,
    );
    // Kept statements with a bound LIMIT: prepared as the common statement cache prepares them.
    this.page = this.db.prepare(
      plannedOnce('select * from payments where to_address = ? and seq > ? order by seq limit ?'),
    );
    this.pageFromStart = this.db.prepare(
      plannedOnce('select * from payments where to_address = ? order by seq limit ?'),
    );
  }

  validateAddress(address: string): string | null {
    return validateSimulatedAddress(address);
  }

  newAddress(): string {
    return newSimulatedAddress();
  }

  async paymentsTo(address: string, after: string | null, limit: number): Promise<LedgerPayment[]> {
    const rows = (
      after === null ? this.pageFromStart.all(address, limit) : this.page.all(address, BigInt(after), limit)
    ) as PaymentRow[];
    return rows.map((row) => ({
      txId: row.tx_id,
      opIndex: Number(row.op_index),
      to: row.to_address,
      amount: BigInt(row.amount),
      asset: row.asset,
      memo: row.memo,
      time: Number(row.time),
      final: row.final === 1n,
      cursor: String(row.seq),
    }));
  }

  /**
   * `web+simledger:pay?destination=<address>&amount=<coin>&memo=<message>`: this project's own URI
   * for the simulated ledger, shaped like Stellar's SEP-7 `web+stellar:pay`.
   */
  paymentUri(details: PaymentRequestDetails): string {
    const query = new URLSearchParams({
      destination: details.recipient,
      amount: details.amountCoin,
      memo: details.message,
    });
    return `web+simledger:pay?${query.toString()}`;
  }

  onActivity(listener: () => void): () => void {
    this.activity.on('payment', listener);
    return () => this.activity.off('payment', listener);
  }

  /** Makes a payment on the simulated ledger; throws an InvoicingError naming a bad field. */
  submitPayment(request: SimulatedPaymentRequest): LedgerPayment {
    const problem = validateSimulatedAddress(request.to);
    if (problem) throw invalidRequest('address_invalid', `to: ${problem}`, 'to');
    const parsed = parseExactDecimal(request.amount);
    if (typeof parsed === 'string') throw invalidRequest('amount_invalid', 'amount must be a finite number', 'amount');
    const amount = toMinorUnits(parsed, COIN_DECIMALS);
    if (amount === 'too_precise') {
      throw invalidRequest('amount_too_precise', `amount has more than ${COIN_DECIMALS} decimal places`, 'amount');
    }
    if (amount < SIMULATED_MINIMUM_AMOUNT) {
      throw invalidRequest(
        'amount_too_small',
        `amount must be at least ${formatCoin(SIMULATED_MINIMUM_AMOUNT)} coin`,
        'amount',
      );
    }
    if (amount > 10n ** 17n) throw invalidRequest('amount_too_large', 'amount is too large', 'amount');
    const memo = request.message ?? null;
    if (memo !== null && Buffer.byteLength(memo) > MAX_REFERENCE_BYTES) {
      throw invalidRequest('message_too_long', `message must fit in ${MAX_REFERENCE_BYTES} bytes`, 'message');
    }
    const txId = randomBytes(32).toString('hex');
    const time = request.time ?? Date.now();
    const from = request.from ?? newSimulatedAddress();
    const asset = request.asset ?? 'native';
    const final = request.final ?? true;
    const row = this.insert.get(txId, from, request.to, amount, asset, memo, time, final ? 1 : 0) as { seq: bigint };
    this.activity.emit('payment');
    return { txId, opIndex: 0, to: request.to, amount, asset, memo, time, final, cursor: String(row.seq) };
  }

  /** Marks a pending payment final (a simulated ledger close). */
  finalise(txId: string): void {
    this.db.prepare('update payments set final = 1 where tx_id = ?').run(txId);
    this.activity.emit('payment');
  }

  async close(): Promise<void> {
    this.activity.removeAllListeners();
    this.db.close();
  }
}
