/** PHP's readings and encodings of strings that MediaWiki's behaviour rests on. */

/** What PHP 8's `is_numeric` accepts: a decimal number, white space around it allowed. */
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP's `is_numeric` of a string. */
export function isPhpNumeric(text: string): boolean {
  return PHP_NUMERIC.test(text);
}

/** PHP's `urlencode`: everything but letters, digits and `-_.` percent-encoded, spaces as `+`. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Whether PHP takes a string as true: anything but the empty string and `0`. */
export function phpTruthy(text: string | undefined): text is string {
  return text !== undefined && text !== '' && text !== '0';
}

/**
 * A double as PHP writes it as a string (`precision` 14): 14 significant digits, trailing zeros
 * dropped, in PHP's exponent form (`1.0E+25`, `1.0E-5`) when the rounded number's exponent is below
 * -4 or from 14 up; `-0`, `NAN`, `INF` and `-INF` as PHP spells them.
 */
export function phpFloatString(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const rounded = Number(value.toPrecision(14));
  const [mantissa = '', power = '0'] = rounded.toExponential().split('e');
  const exponent = Number(power);
  if (exponent >= -4 && exponent < 14) return String(rounded);
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

/** A number as PHP writes it as a string: an integer (as PHP's are, below 2⁶³) as its digits, else as a double. */
export function phpNumberString(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return BigInt(value).toString();
  return phpFloatString(value);
}
