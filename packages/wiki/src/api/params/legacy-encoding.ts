/**
 * A query-string value that is not UTF-8, as MediaWiki reads it: in the content language's legacy
 * 8-bit encoding (MediaWiki's `checkTitleEncoding`, the language's `fallback8bitEncoding`),
 * converted as PHP's iconv with `//IGNORE` converts it: bytes the encoding leaves undefined are
 * dropped, and a value ending inside a multi-byte character is read as empty. Only values of the
 * query string: a form body's bytes that are not UTF-8 become U+FFFD. Values are handled here as
 * byte strings: one character per byte.
 */

/** The languages whose legacy encoding is not windows-1252 (MediaWiki 1.39's, fallbacks resolved). */
const LEGACY_ENCODINGS: Readonly<Record<string, string>> = languageTable({
  'windows-1251':
    'ab alt av avk ba bg bxr ce crh-cyrl cv gld inh kk kk-cyrl kk-kz koi krc kum kv lbe lez mdf mhr mrj myv os ru rue sah sjd sty tt tt-cyrl tyv udm uk xal',
  'windows-1256':
    'aeb-arab ar arq ary arz azb bcc bgn bqi ckb fa glk khw kk-arab kk-cn ku-arab lki lrc luz mzn pnb sd sdh skr-arab ur',
  'windows-950': 'ami cdo gan gan-hant hak lzh nan pwn szy tay trv zh-hant zh-tw',
  'iso-8859-2': 'bs csb hr pl sh sh-latn sl szl',
  'iso8859-2': 'hu hu-formal mo rmy ro rup ruq ruq-latn',
  'windows-1254': 'crh crh-latn kaa kk-latn kk-tr tt-latn',
  cp1250: 'cs sk',
  'iso-8859-7': 'el pnt',
  'windows-936': 'gan-hans hsn ii wuu za zh zh-cn zh-hans zh-my zh-sg',
  'windows-1255': 'he yi',
  'UTF-8': 'hy hyw',
  'windows-1257': 'lt sgs',
  'Big5-HKSCS': 'zh-hk zh-mo',
});

function languageTable(byEncoding: Record<string, string>): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [encoding, codes] of Object.entries(byEncoding)) {
    for (const code of codes.split(' ')) table[code] = encoding;
  }
  return table;
}

/** A content language's legacy 8-bit encoding, as siteinfo names it. */
export function legacyEncodingOf(language: string): string {
  return LEGACY_ENCODINGS[language.toLowerCase()] ?? 'windows-1252';
}

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

/**
 * The runtime's decoder for each other encoding (WHATWG's tables; Big5 with the HKSCS extension),
 * and whether a C1 control it gives is a byte the encoding leaves undefined (the Windows code
 * pages: WHATWG passes such bytes through, iconv drops them).
 */
const DECODERS: Readonly<Record<string, { label: string; dropC1: boolean }>> = {
  'windows-1251': { label: 'windows-1251', dropC1: true },
  'windows-1254': { label: 'windows-1254', dropC1: true },
  'windows-1255': { label: 'windows-1255', dropC1: true },
  'windows-1256': { label: 'windows-1256', dropC1: true },
  'windows-1257': { label: 'windows-1257', dropC1: true },
  cp1250: { label: 'windows-1250', dropC1: true },
  'iso-8859-2': { label: 'iso-8859-2', dropC1: false },
  'iso8859-2': { label: 'iso-8859-2', dropC1: false },
  'iso-8859-7': { label: 'iso-8859-7', dropC1: false },
  'windows-936': { label: 'gbk', dropC1: false },
  'windows-950': { label: 'big5', dropC1: false },
  'Big5-HKSCS': { label: 'big5', dropC1: false },
  'UTF-8': { label: 'utf-8', dropC1: false },
};

/** The text a byte string is in a legacy encoding (`legacyEncodingOf`). */
export function fromLegacyEncoding(bytes: string, encoding: string): string {
  const decoder = DECODERS[encoding];
  if (decoder === undefined) return fromWindows1252(bytes);
  const stream = new TextDecoder(decoder.label);
  const text = stream.decode(Buffer.from(bytes, 'latin1'), { stream: true });
  // A character cut off at the end: iconv fails, and MediaWiki reads the value as empty.
  if (stream.decode() !== '') return '';
  return text.replace(decoder.dropC1 ? /[\u0080-\u009f\ufffd]/g : /\ufffd/g, '');
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
