import { divideRoundingHalfUp, type ExactDecimal, parseExactDecimal } from '../domain/decimal.js';
import type { Rate } from '../domain/invoice.js';
import { RATE_DECIMALS } from '../domain/money.js';

/** Where the EUR-per-coin rate of a new invoice comes from. */
export interface RateSource {
  readonly name: string;
  /** The current rate; throws an InvoicingError `rate_unavailable` when there is no fresh one. */
  current(): Promise<Rate>;
}

/**
 * Reads a rate written as decimal text into units of 10^-RATE_DECIMALS, rounding half up past
 * that precision. Undefined for anything that is not a positive number.
 */
export function parseRate(text: string): bigint | undefined {
  const parsed: ExactDecimal | string = parseExactDecimal(text.trim());
  if (typeof parsed === 'string' || parsed.negative || parsed.digits === 0n) return undefined;
  const units =
    parsed.scale <= RATE_DECIMALS
      ? parsed.digits * 10n ** BigInt(RATE_DECIMALS - parsed.scale)
      : divideRoundingHalfUp(parsed.digits, 10n ** BigInt(parsed.scale - RATE_DECIMALS));
  return units > 0n ? units : undefined;
}
