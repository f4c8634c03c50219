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
 * A number as PHP writes it as a string: an integer as its digits; a double with 14 significant
 * digits (PHP's `precision`), trailing zeros dropped, in PHP's exponent form (`1.0E+25`) when its
 * exponent is below -4 or from 14 up.
 */
export function phpNumberString(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return BigInt(value).toString();
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NAN' : value > 0 ? 'INF' : '-INF';
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -4 && exponent < 14) return String(Number(value.toPrecision(14)));
  const [mantissa = '', power = '0'] = value.toExponential(13).split('e');
  const digits = mantissa.replace(/\.?0+$/, '');
  const sign = power.startsWith('-') ? '-' : '+';
  return `${digits.includes('.') ? digits : `${digits}.0`}E${sign}${power.replace(/^[-+]/, '')}`;
}
