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
