import { parseExactDecimal, toMinorUnits } from './decimal.js';
import { invalidRequest } from './errors.js';
import { type Currency, coinForEur, decimalsOf, eurForCoin, formatCoin, formatEur } from './money.js';

/**
 * Invoices as plain records and the rules that move them: creation, crediting a payment, expiry.
 * Pure functions: the caller supplies the time and stores the result.
 */
export type InvoiceStatus = 'open' | 'processing' | 'paid' | 'expired';

export interface InvoiceFlags {
  /** Something arrived, but less than the amount due (after tolerance). */
  partial: boolean;
  /** More than the full amount arrived. */
  overpaid: boolean;
  /** At least one payment's ledger time is after `expires_at`. */
  late: boolean;
}

export interface Invoice {
  id: string;
  merchantId: string;
  status: InvoiceStatus;
  orderRef: string;
  /** The text the payer attaches to the payment; equal to orderRef. */
  message: string;
  recipient: string;
  /** Chain ledgers: the derivation index of `recipient` under the merchant's account key. */
  addressIndex: number | null;
  pricedIn: Currency;
  amountCoin: bigint;
  amountEur: bigint;
  /** EUR per coin in units of 10^-RATE_DECIMALS, locked at creation. */
  rate: bigint;
  rateSource: string;
  /** When the rate was observed (ms since the epoch). */
  rateAt: number;
  /** Payment tolerance in basis points (1/100 of a percent), copied from the merchant at creation. */
  toleranceBp: number;
  createdAt: number;
  /** Unix seconds. */
  expiresAt: number;
  /** Ledger time (ms) of the payment that completed the invoice. */
  paidAt: number | null;
  /** Confirmations a payment needs to count as paid (0: seen is enough); copied from the merchant at creation. */
  confirmationsRequired: number;
  /** Sum of every credited payment that has the required confirmations. */
  amountPaid: bigint;
  /** Sum of the credited payments still short of the required confirmations (chain ledgers). */
  amountPending: bigint;
  /** Sum of the confirmed payments whose ledger time is at or before expires_at. */
  amountPaidInTime: bigint;
  flags: InvoiceFlags;
  /** The merchant's own metadata (JSON object text), shown to the merchant only; null when none. */
  metadata: string | null;
}

export interface TimelineEntry {
  status: InvoiceStatus;
  /** When the change was recorded (ms). */
  at: number;
}

/** A change to store: the invoice after it, and the status change to append to the timeline if any. */
export interface InvoiceChange {
  invoice: Invoice;
  statusChange: TimelineEntry | null;
}

export interface Rate {
  /** EUR per coin in units of 10^-RATE_DECIMALS. */
  eurPerCoin: bigint;
  source: string;
  /** When the source observed it (ms). */
  at: number;
}

export interface AmountLimits {
  /** Largest invoice value in euro cents (applies to EUR invoices and to the EUR value of coin ones). */
  maxEurCents: bigint;
  /** Smallest coin amount the ledger carries, in minor units. */
  minCoinMinor: bigint;
  /** Decimals of the ledger's coin (7 when left out: the simulated coin). */
  coinDecimals?: number;
}

/** The hard ceiling for any coin amount: what a signed 64-bit column holds with room to add up. */
export const MAX_COIN_MINOR = 10n ** 17n;

export interface PriceRequest {
  currency: Currency;
  /** Decimal text as the caller wrote it (`12.50`, `1e2`). */
  value: string;
}

/** Reads and checks the amount the caller priced the invoice in, naming the field in every error. */
export function parsePrice(request: PriceRequest, coinDecimals?: number): bigint {
  const param = request.currency === 'eur' ? 'amount_eur' : 'amount_coin';
  const decimals = decimalsOf(request.currency, coinDecimals);
  const parsed = parseExactDecimal(request.value);
  if (parsed === 'not_a_number') throw invalidRequest('amount_invalid', `${param} must be a number`, param);
  if (parsed === 'not_finite') throw invalidRequest('amount_invalid', `${param} must be a finite number`, param);
  if (parsed === 'too_large') throw invalidRequest('amount_too_large', `${param} is too large`, param);
  if (parsed.negative || parsed.digits === 0n) {
    throw invalidRequest('amount_not_positive', `${param} must be greater than zero`, param);
  }
  const minor = toMinorUnits(parsed, decimals);
  if (minor === 'too_precise') {
    throw invalidRequest('amount_too_precise', `${param} has more than ${decimals} decimal places`, param);
  }
  return minor;
}

/** Both amounts of an invoice from the one the caller gave and the rate, checked against the limits. */
export function priceInvoice(request: PriceRequest, rate: Rate, limits: AmountLimits) {
  const param = request.currency === 'eur' ? 'amount_eur' : 'amount_coin';
  const decimals = limits.coinDecimals;
  const given = parsePrice(request, decimals);
  if (request.currency === 'coin' && given > MAX_COIN_MINOR) {
    throw invalidRequest('amount_too_large', `${param} is too large`, param);
  }
  const amountCoin = request.currency === 'coin' ? given : coinForEur(given, rate.eurPerCoin, decimals);
  const amountEur = request.currency === 'eur' ? given : eurForCoin(given, rate.eurPerCoin, decimals);
  if (amountEur > limits.maxEurCents || amountCoin > MAX_COIN_MINOR) {
    throw invalidRequest(
      'amount_too_large',
      `${param} is above the maximum invoice value of ${formatEur(limits.maxEurCents)} EUR`,
      param,
    );
  }
  if (amountCoin < limits.minCoinMinor) {
    throw invalidRequest(
      'amount_too_small',
      `${param} is below the ledger's minimum payment of ${formatCoin(limits.minCoinMinor, decimals)} coin`,
      param,
    );
  }
  return { amountCoin, amountEur };
}

export interface NewInvoice {
  id: string;
  merchantId: string;
  orderRef: string;
  recipient: string;
  addressIndex?: number | null;
  pricedIn: Currency;
  amountCoin: bigint;
  amountEur: bigint;
  rate: Rate;
  toleranceBp: number;
  /** Confirmations required for a payment to count (0 on ledgers whose payments are final when seen). */
  confirmationsRequired?: number;
  expiresMin: number;
  now: number;
  /** JSON object text of the merchant's metadata. */
  metadata?: string | null;
}

export function openInvoice(input: NewInvoice): InvoiceChange {
  const invoice: Invoice = {
    id: input.id,
    merchantId: input.merchantId,
    status: 'open',
    orderRef: input.orderRef,
    message: input.orderRef,
    recipient: input.recipient,
    addressIndex: input.addressIndex ?? null,
    pricedIn: input.pricedIn,
    amountCoin: input.amountCoin,
    amountEur: input.amountEur,
    rate: input.rate.eurPerCoin,
    rateSource: input.rate.source,
    rateAt: input.rate.at,
    toleranceBp: input.toleranceBp,
    createdAt: input.now,
    expiresAt: Math.floor(input.now / 1000) + input.expiresMin * 60,
    paidAt: null,
    confirmationsRequired: input.confirmationsRequired ?? 0,
    amountPaid: 0n,
    amountPending: 0n,
    amountPaidInTime: 0n,
    flags: { partial: false, overpaid: false, late: false },
    metadata: input.metadata ?? null,
  };
  return { invoice, statusChange: { status: 'open', at: input.now } };
}

/** The least total that settles the invoice: the amount less the merchant's tolerance (rounded in the payer's favour by at most one minor unit). */
export function amountRequired(invoice: Pick<Invoice, 'amountCoin' | 'toleranceBp'>): bigint {
  return invoice.amountCoin - (invoice.amountCoin * BigInt(invoice.toleranceBp)) / 10_000n;
}

export function amountDue(invoice: Invoice): bigint {
  if (invoice.status === 'paid' || invoice.status === 'processing') return 0n;
  const due = invoice.amountCoin - invoice.amountPaid - invoice.amountPending;
  return due > 0n ? due : 0n;
}

/** True when a payment with this ledger time counts towards the invoice in time. */
export function isInTime(invoice: Pick<Invoice, 'expiresAt'>, ledgerTime: number): boolean {
  return ledgerTime <= invoice.expiresAt * 1000;
}

function flagsOf(invoice: Invoice, status: InvoiceStatus, late: boolean): InvoiceFlags {
  const required = amountRequired(invoice);
  const received = invoice.amountPaid + invoice.amountPending;
  return {
    partial: status !== 'paid' && status !== 'processing' && received > 0n && received < required,
    overpaid: received > invoice.amountCoin,
    late,
  };
}

export interface CreditedAmount {
  amount: bigint;
  /** The ledger's own time of the payment (ms). */
  ledgerTime: number;
}

/**
 * Credits one matched payment. Lateness is decided by the ledger's time, not by when this runs: a
 * payment made in time that is credited after the invoice expired still pays it.
 */
export function applyPayment(before: Invoice, payment: CreditedAmount, now: number): InvoiceChange {
  const inTime = isInTime(before, payment.ledgerTime);
  const invoice: Invoice = {
    ...before,
    amountPaid: before.amountPaid + payment.amount,
    amountPaidInTime: before.amountPaidInTime + (inTime ? payment.amount : 0n),
  };
  let status = before.status;
  if (status !== 'paid' && inTime && invoice.amountPaidInTime >= amountRequired(invoice)) {
    status = 'paid';
    invoice.paidAt = payment.ledgerTime;
  } else if (status === 'open' && now >= before.expiresAt * 1000) {
    status = 'expired';
  }
  invoice.status = status;
  invoice.flags = flagsOf(invoice, status, before.flags.late || !inTime);
  return { invoice, statusChange: status !== before.status ? { status, at: now } : null };
}

/** True when an invoice is still open and its time is up: it is to be expired. */
export function isDueToExpire(invoice: Pick<Invoice, 'status' | 'expiresAt'>, now: number): boolean {
  return invoice.status === 'open' && now >= invoice.expiresAt * 1000;
}

/** Expires an open invoice whose time is up; null when nothing changes. */
export function expireIfDue(before: Invoice, now: number): InvoiceChange | null {
  if (!isDueToExpire(before, now)) return null;
  const invoice: Invoice = { ...before, status: 'expired' };
  invoice.flags = flagsOf(invoice, 'expired', before.flags.late);
  return { invoice, statusChange: { status: 'expired', at: now } };
}

/** A payment credited to an invoice as a chain ledger sees it now. */
export interface SeenPayment {
  amount: bigint;
  /** When the payment was first seen (mempool) or its block's time (ms). */
  ledgerTime: number;
  /** 0 while unconfirmed. */
  confirmations: number;
}

/**
 * The state of an invoice from every payment credited to it that still exists (on a chain ledger
 * blocks can be undone and unconfirmed payments replaced, so the state is computed again from the
 * payments rather than added to). Paid: the payments in time with the required confirmations
 * reach the amount less the tolerance. Processing: they would with the payments still waiting for
 * confirmations. Otherwise open until `expires_at`, then expired.
 */
export function settleInvoice(before: Invoice, payments: SeenPayment[], now: number): InvoiceChange {
  const ordered = [...payments].sort((a, b) => a.ledgerTime - b.ledgerTime);
  const required = amountRequired(before);
  let amountPaid = 0n;
  let amountPending = 0n;
  let amountPaidInTime = 0n;
  let pendingInTime = 0n;
  let paidAt: number | null = null;
  let late = false;
  for (const payment of ordered) {
    const confirmed = payment.confirmations >= before.confirmationsRequired;
    const inTime = isInTime(before, payment.ledgerTime);
    if (!inTime) late = true;
    if (confirmed) amountPaid += payment.amount;
    else amountPending += payment.amount;
    if (!inTime) continue;
    if (confirmed) {
      amountPaidInTime += payment.amount;
      if (paidAt === null && amountPaidInTime >= required) paidAt = payment.ledgerTime;
    } else pendingInTime += payment.amount;
  }
  let status: InvoiceStatus;
  if (paidAt !== null) status = 'paid';
  else if (amountPaidInTime + pendingInTime >= required) status = 'processing';
  else status = now >= before.expiresAt * 1000 ? 'expired' : 'open';
  const invoice: Invoice = { ...before, status, amountPaid, amountPending, amountPaidInTime, paidAt };
  invoice.flags = flagsOf(invoice, status, late);
  return { invoice, statusChange: status !== before.status ? { status, at: now } : null };
}
