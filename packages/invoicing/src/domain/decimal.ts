/**
 * Exact decimal amounts. Money never passes through a float: decimal text is turned into an integer
 * count of minor units (bigint) and printed back from it.
 */

export type DecimalProblem = 'not_a_number' | 'not_finite' | 'too_large';

/** A decimal number as an exact integer and a power of ten: value = digits / 10^scale. */
export interface ExactDecimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * Reads JSON-number-like text (`12`, `12.50`, `1.5e3`, `-0`) exactly. Exponents are bounded so
 * that a hostile `1e999999999` costs nothing.
 */
export function parseExactDecimal(text: string): ExactDecimal | DecimalProblem {
  if (/^-?(NaN|Infinity)$/.test(text)) return 'not_finite';
  const match = DECIMAL.exec(text);
  if (!match) return 'not_a_number';
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return 'too_large';
  let digits = BigInt(whole! + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  // Trailing zeros after the point carry no precision: 1.50 is 1.5, and 1.5000000000 fits cents.
  while (scale > 0 && digits % 10n === 0n) {
    digits /= 10n;
    scale--;
  }
  return { negative: sign === '-' && digits !== 0n, digits, scale };
}

/** The amount in minor units of a unit with `decimals` decimals, or why it cannot be one. */
export function toMinorUnits(value: ExactDecimal, decimals: number): bigint | 'too_precise' {
  if (value.scale > decimals) return 'too_precise';
  const minor = value.digits * 10n ** BigInt(decimals - value.scale);
  return value.negative ? -minor : minor;
}

/** Prints minor units as a plain decimal with exactly `decimals` places (`1234`, 2 → `12.34`). */
export function formatMinorUnits(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Like formatMinorUnits, without trailing zeros in the fraction (`12.50` → `12.5`, `3.00` → `3`). */
export function formatMinorUnitsShort(minor: bigint, decimals: number): string {
  const full = formatMinorUnits(minor, decimals);
  return full.includes('.') ? full.replace(/0+$/, '').replace(/\.$/, '') : full;
}

/** Integer division rounding up (towards +infinity) for non-negative operands. */
export function divideRoundingUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Integer division rounding half away from zero, for non-negative operands. */
export function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (2n * denominator);
}
