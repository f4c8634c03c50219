import { divideRoundingHalfUp, divideRoundingUp, formatMinorUnitsShort } from './decimal.js';

/** The coin has 7 decimals (its minor unit is 0.0000001), the euro 2 (cents). */
export const COIN_DECIMALS = 7;
export const EUR_DECIMALS = 2;
/** Exchange rates (EUR per coin) are kept as integers of 10^-RATE_DECIMALS euro per coin. */
export const RATE_DECIMALS = 10;

export type Currency = 'coin' | 'eur';

export function decimalsOf(currency: Currency): number {
  return currency === 'coin' ? COIN_DECIMALS : EUR_DECIMALS;
}

const COIN_PER_MINOR = 10n ** BigInt(COIN_DECIMALS);
const EUR_PER_MINOR = 10n ** BigInt(EUR_DECIMALS);
const RATE_UNIT = 10n ** BigInt(RATE_DECIMALS);

/**
 * The coin amount for a euro amount at a rate, rounded up to the coin's precision so that the
 * merchant never receives less than the price.
 *   coin = eur / rate  →  coinMinor = eurCents · 10^7 · 10^R / (100 · rateUnits)
 */
export function coinForEur(eurCents: bigint, rateUnits: bigint): bigint {
  return divideRoundingUp(eurCents * COIN_PER_MINOR * RATE_UNIT, EUR_PER_MINOR * rateUnits);
}

/** The euro value of a coin amount at a rate, rounded to the nearest cent (half up). */
export function eurForCoin(coinMinor: bigint, rateUnits: bigint): bigint {
  return divideRoundingHalfUp(coinMinor * rateUnits * EUR_PER_MINOR, COIN_PER_MINOR * RATE_UNIT);
}

export function formatCoin(minor: bigint): string {
  return formatMinorUnitsShort(minor, COIN_DECIMALS);
}

export function formatEur(cents: bigint): string {
  return formatMinorUnitsShort(cents, EUR_DECIMALS);
}

export function formatRate(units: bigint): string {
  return formatMinorUnitsShort(units, RATE_DECIMALS);
}
