import { divideRoundingHalfUp, divideRoundingUp, formatMinorUnitsShort } from './decimal.js';

/**
 * The simulated coin has 7 decimals (its minor unit is 0.0000001), the euro 2 (cents). Other
 * ledgers give their own (`Ledger.decimals`: Litecoin and Bitcoin 8); functions about coin
 * amounts take them, with the simulated coin's as the default.
 */
export const COIN_DECIMALS = 7;
export const EUR_DECIMALS = 2;
/** Exchange rates (EUR per coin) are kept as integers of 10^-RATE_DECIMALS euro per coin. */
export const RATE_DECIMALS = 10;

export type Currency = 'coin' | 'eur';

export function decimalsOf(currency: Currency, coinDecimals = COIN_DECIMALS): number {
  return currency === 'coin' ? coinDecimals : EUR_DECIMALS;
}

const EUR_PER_MINOR = 10n ** BigInt(EUR_DECIMALS);
const RATE_UNIT = 10n ** BigInt(RATE_DECIMALS);

/**
 * The coin amount for a euro amount at a rate, rounded up to the coin's precision so that the
 * merchant never receives less than the price.
 *   coin = eur / rate  →  coinMinor = eurCents · 10^7 · 10^R / (100 · rateUnits)
 */
export function coinForEur(eurCents: bigint, rateUnits: bigint, coinDecimals = COIN_DECIMALS): bigint {
  return divideRoundingUp(eurCents * 10n ** BigInt(coinDecimals) * RATE_UNIT, EUR_PER_MINOR * rateUnits);
}

/** The euro value of a coin amount at a rate, rounded to the nearest cent (half up). */
export function eurForCoin(coinMinor: bigint, rateUnits: bigint, coinDecimals = COIN_DECIMALS): bigint {
  return divideRoundingHalfUp(coinMinor * rateUnits * EUR_PER_MINOR, 10n ** BigInt(coinDecimals) * RATE_UNIT);
}

export function formatCoin(minor: bigint, coinDecimals = COIN_DECIMALS): string {
  return formatMinorUnitsShort(minor, coinDecimals);
}

export function formatEur(cents: bigint): string {
  return formatMinorUnitsShort(cents, EUR_DECIMALS);
}

export function formatRate(units: bigint): string {
  return formatMinorUnitsShort(units, RATE_DECIMALS);
}
