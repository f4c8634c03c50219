/**
 * A query-string value that is not UTF-8, as MediaWiki reads it: in the content language's legacy
 * 8-bit encoding (MediaWiki's `checkTitleEncoding`), windows-1252 for the languages of this
 * service's sites, converted as PHP's iconv converts it (the five bytes windows-1252 leaves
 * undefined are dropped). Only values of the query string: a form body's bytes that are not
 * UTF-8 become U+FFFD. Values are handled here as byte strings: one character per byte.
 */

/** windows-1252's characters for the bytes 0x80–0x9F; 0 where the encoding defines none. */
const HIGH_CONTROLS = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** The text a byte string is in windows-1252. */
export function fromWindows1252(bytes: string): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes.charCodeAt(i);
    if (byte < 0x80 || byte > 0x9f) text += bytes[i];
    else if (HIGH_CONTROLS[byte - 0x80] !== 0) text += String.fromCharCode(HIGH_CONTROLS[byte - 0x80]);
  }
  return text;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a byte string that is UTF-8; undefined when it is not. */
export function utf8Text(bytes: string): string | undefined {
  try {
    return UTF8.decode(Buffer.from(bytes, 'latin1'));
  } catch {
    return undefined;
  }
}

/** PHP's `rawurlencode` of a byte string: every byte but letters, digits and `-_.~` as `%XX`. */
export function rawUrlEncodeBytes(bytes: string): string {
  return bytes.replace(/[^A-Za-z0-9\-_.~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A query string's percent-encoded part as bytes (`+` is a space, a lone `%` stays). */
function percentDecodedBytes(encoded: string): string {
  let out = '';
  for (let i = 0; i < encoded.length; i++) {
    const c = encoded[i];
    if (c === '%' && /^[0-9a-fA-F]{2}$/.test(encoded.slice(i + 1, i + 3))) {
      out += String.fromCharCode(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === '+') out += ' ';
    else if (c.charCodeAt(0) < 0x80) out += c;
    else out += Buffer.from(c, 'utf8').toString('latin1');
  }
  return out;
}

/**
 * The values of a query string (or form body) that are not UTF-8, by name (as URLSearchParams
 * decodes names), each as the bytes sent; undefined when there are none. A name whose last value
 * is UTF-8 is not among them.
 */
export function notUtf8Values(query: string): Map<string, string> | undefined {
  if (!/%[89a-fA-F][0-9a-fA-F]/.test(query)) return undefined;
  const values = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const encodedName = equals === -1 ? pair : pair.slice(0, equals);
    const name = new URLSearchParams(`${encodedName}=`).keys().next().value ?? encodedName;
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    const bytes = /%[89a-fA-F][0-9a-fA-F]/.test(value) ? percentDecodedBytes(value) : undefined;
    if (bytes !== undefined && utf8Text(bytes) === undefined) values.set(name, bytes);
    else values.delete(name);
  }
  return values.size > 0 ? values : undefined;
}
