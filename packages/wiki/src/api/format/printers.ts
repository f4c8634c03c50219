/**
 * The output formats of `api.php` and their own parameters. A printer turns the finished result
 * tree into bytes; the `…fm` variants wrap the same text in an HTML page for people reading it.
 */

import { STATUS_CODES } from 'node:http';
import { escapeElementText } from '../../text/escape.js';
import type { ParamDescriptor } from '../params/descriptor.js';
import type { ResultObject, ResultValue } from '../result/tree.js';
import { renderHtmlPage } from './html.js';
import { toJson, toJsonBody } from './json.js';
import { toPhp } from './php.js';
import { SplicedJson, type TextHolder } from './prepared-json.js';
import { indentXml, toXml } from './xml.js';

export const FORMAT_NAMES = ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

const FORMAT_VERSION: ParamDescriptor = { name: 'formatversion', type: ['1', '2', 'latest'], default: '1' };
const WRAPPED: ParamDescriptor = { name: 'wrappedhtml', type: 'boolean' };
const JSON_PARAMS: ParamDescriptor[] = [
  { name: 'callback', type: 'string' },
  { name: 'utf8', type: 'boolean' },
  { name: 'ascii', type: 'boolean' },
  FORMAT_VERSION,
];
const XML_PARAMS: ParamDescriptor[] = [
  { name: 'xslt', type: 'string' },
  { name: 'includexmlnamespace', type: 'boolean' },
];

/** The parameters each format reads (unprefixed). */
export const FORMAT_PARAMETERS: Record<FormatName, ParamDescriptor[]> = {
  json: JSON_PARAMS,
  jsonfm: [WRAPPED, ...JSON_PARAMS],
  none: [],
  php: [FORMAT_VERSION],
  phpfm: [WRAPPED, FORMAT_VERSION],
  rawfm: [WRAPPED],
  xml: XML_PARAMS,
  xmlfm: [WRAPPED, ...XML_PARAMS],
};

export interface FormatOptions {
  formatVersion: 1 | 2;
  callback?: string;
  utf8: boolean;
  ascii: boolean;
  xslt?: string;
  includeXmlNamespace: boolean;
  siteName: string;
  language: string;
  /** False when the answer holds no text registered with the JSON printer (a faster path). */
  mayHoldPrepared?: boolean;
  /** Where the answer's registered texts were counted (see `printWithPrepared`). */
  preparedHolders?: readonly TextHolder[];
  /** Whether the answer holds objects printed beforehand (see `attachPrinted`). */
  holdsPrinted?: boolean;
  /** False when the answer holds no empty object that is no map (formatversion 2 prints those `[]`). */
  mayHoldEmptyNonMap?: boolean;
  /** The HTTP status the answer has when it is not 200 (the `…fm` page shows it and comes with 200). */
  httpStatus?: number;
  /**
   * `wrappedhtml` of an `…fm` format: the pretty-printed text as HTML in a JSON object, with the
   * status, the answer's `continue` and the time taken (MediaWiki's API sandbox reads it).
   */
  wrappedHtml: boolean;
  /** Milliseconds since the request came, for a wrapped page's `time`. */
  elapsedMs?: number;
}

export function formatOptionsFrom(values: Record<string, unknown>, siteName: string, language: string): FormatOptions {
  const fv = values.formatversion;
  return {
    formatVersion: fv === '2' || fv === 'latest' ? 2 : 1,
    callback: typeof values.callback === 'string' ? values.callback.replace(/[^\][.'"_A-Za-z0-9]/g, '') : undefined,
    utf8: values.utf8 === true,
    ascii: values.ascii === true,
    xslt: typeof values.xslt === 'string' ? values.xslt : undefined,
    includeXmlNamespace: values.includexmlnamespace === true,
    wrappedHtml: values.wrappedhtml === true,
    siteName,
    language,
  };
}

export interface PrintedBody {
  contentType: string;
  body: string;
  /**
   * The body in UTF-8 as consecutive parts, for answers that can make it more cheaply than by
   * encoding `body` (they hold prepared texts; `body` is then made only when read).
   */
  encodedParts?: () => Buffer[];
  /** The body as a gzip member in parts, for answers that can make it more cheaply than by compressing it whole. */
  gzipParts?: () => Buffer[];
}

/**
 * A JSON answer printed in parts with prepared texts, its body made when read. A class: for an
 * object literal with a getter, V8 makes the getter's accessor pair in the old generation, which
 * keeps the getter and so the whole answer alive until the next full collection (every answer's
 * objects then outlived the young generation's collections, which took several times longer).
 */
class SplicedBody implements PrintedBody {
  constructor(
    readonly contentType: string,
    private readonly printed: SplicedJson,
  ) {}
  get body(): string {
    return this.printed.toString();
  }
  encodedParts(): Buffer[] {
    return this.printed.encodedParts();
  }
  gzipParts(): Buffer[] {
    return this.printed.gzipParts();
  }
}

/** A printed JSON answer: a string, or in parts with prepared texts (body made when read). */
function jsonBody(contentType: string, printed: string | SplicedJson): PrintedBody {
  if (!(printed instanceof SplicedJson)) return { contentType, body: printed };
  return new SplicedBody(contentType, printed);
}

/** An answer's `continue` as plain JSON (null when the answer has none). */
function plainContinue(value: ResultValue | undefined): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(toJson({ continue: value }, { formatVersion: 2, escapeNonAscii: false, pretty: false })).continue;
}

/** Serialises `result` in `format`. */
export function printResult(format: FormatName, result: ResultObject, o: FormatOptions): PrintedBody {
  switch (format) {
    case 'json': {
      const printed = jsonText(result, o, false);
      if (o.callback !== undefined) {
        const prefix = `/**/${o.callback}(`;
        const wrapped = printed instanceof SplicedJson ? printed.wrap(prefix, ')') : `${prefix}${printed})`;
        return jsonBody('text/javascript; charset=utf-8', wrapped);
      }
      return jsonBody('application/json; charset=utf-8', printed);
    }
    case 'jsonfm': {
      const text = String(jsonText(result, o, true));
      return html('JSON', o.callback === undefined ? text : `/**/${o.callback}(${text})`, o, result);
    }
    case 'rawfm':
      return html('JSON', toJson(result, { formatVersion: 2, escapeNonAscii: false, pretty: true }), o, result);
    case 'xml':
      return {
        contentType: 'text/xml; charset=utf-8',
        body: toXml(result, { xslt: o.xslt, includeNamespace: o.includeXmlNamespace }),
      };
    case 'xmlfm':
      return html('XML', indentXml(toXml(result, { includeNamespace: o.includeXmlNamespace })), o, result);
    case 'php':
      return { contentType: 'application/vnd.php.serialized; charset=utf-8', body: toPhp(result, o.formatVersion) };
    case 'phpfm':
      return html('PHP', toPhp(result, o.formatVersion), o, result);
    case 'none':
      return { contentType: 'text/plain; charset=utf-8', body: '' };
  }
}

/** The JSON of `result` as the format options ask (in parts when it holds prepared texts). */
function jsonText(result: ResultObject, o: FormatOptions, pretty: boolean): string | SplicedJson {
  const escapeNonAscii = o.ascii || (o.formatVersion === 1 && !o.utf8);
  return toJsonBody(result, {
    formatVersion: o.formatVersion,
    escapeNonAscii,
    pretty,
    mayHoldPrepared: o.mayHoldPrepared,
    preparedHolders: o.preparedHolders,
    holdsPrinted: o.holdsPrinted,
    mayHoldEmptyNonMap: o.mayHoldEmptyNonMap,
  });
}

function html(kind: string, text: string, o: FormatOptions, result: ResultObject): PrintedBody {
  if (o.wrappedHtml) {
    const status = o.httpStatus ?? 200;
    const wrapped = {
      status,
      statustext: STATUS_CODES[status] ?? '',
      html: `<pre class="api-pretty-content">${escapeElementText(text)}</pre>`,
      modules: ['mediawiki.apipretty'],
      continue: plainContinue(result.continue),
      time: Math.round(o.elapsedMs ?? 0),
    };
    // PHP's encoder escapes the two line terminators JavaScript's leaves as they are.
    const body = JSON.stringify(wrapped)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    return { contentType: 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8', body };
  }
  return {
    contentType: 'text/html; charset=UTF-8',
    body: renderHtmlPage(kind, text, o.siteName, o.language, o.httpStatus),
  };
}
