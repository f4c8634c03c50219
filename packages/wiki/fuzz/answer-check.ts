/**
 * What a fuzzed answer must be: no 5xx, no internal error, parseable in its format (JSON, XML by a
 * real XML parser, PHP's serialization by a strict reader, the `…fm` page's printed text), and in
 * time. Returns the problem found, or undefined.
 */
import { SaxesParser } from 'saxes';
import { phpUnserialize } from './php-unserialize.js';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Milliseconds from sending the request to the answer's last byte. */
  ms: number;
}

/** An answer slower than this is a failure. */
export const ANSWER_TIME_LIMIT_MS = 2000;

export function answerProblem(answer: FuzzAnswer): string | undefined {
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  if (answer.ms > ANSWER_TIME_LIMIT_MS) return `answered in ${Math.round(answer.ms)} ms`;
  const errorHeader = String(answer.headers['mediawiki-api-error'] ?? '');
  if (errorHeader.includes('internal_api_error')) return `internal error ${errorHeader}`;
  if (answer.body.includes('internal_api_error')) return 'internal error in the body';
  const type = String(answer.headers['content-type'] ?? '');
  try {
    parseAnswer(type, answer.body);
  } catch (error) {
    return `unparseable ${type.split(';')[0]}: ${(error as Error).message.slice(0, 200)}`;
  }
  return undefined;
}

/** The answer's parsed value (JSON formats), or undefined for the others; throws when unparseable. */
export function parseAnswer(contentType: string, body: Buffer): unknown {
  const type = contentType.split(';')[0]?.trim();
  const text = body.toString('utf8');
  switch (type) {
    case 'application/json':
      return JSON.parse(text);
    case 'text/javascript': {
      const call = /^\/\*\*\/[\][.'"_A-Za-z0-9]*\(([\s\S]*)\)$/.exec(text);
      if (!call) throw new Error('not a JSONP call');
      return JSON.parse(call[1] as string);
    }
    case 'text/xml':
      parseXml(text);
      return undefined;
    case 'application/vnd.php.serialized':
      phpUnserialize(body);
      return undefined;
    case 'text/html':
      return parseHtmlPage(text);
    default:
      return undefined;
  }
}

function parseXml(text: string): void {
  const parser = new SaxesParser({ xmlns: false });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.write(text).close();
  if (failure) throw failure;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#039': "'", '#39': "'" };

/** The `…fm` page: its printed text must parse in the format it shows. */
function parseHtmlPage(html: string): unknown {
  const pre = /<pre>([\s\S]*)<\/pre>/.exec(html);
  // action=help pages carry no printed answer.
  if (!pre) return undefined;
  const printed = (pre[1] as string).replace(/&(amp|lt|gt|quot|#039|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
  if (printed.startsWith('<?xml')) {
    parseXml(printed);
    return undefined;
  }
  if (printed.startsWith('{') || printed.startsWith('[')) return JSON.parse(printed);
  return undefined;
}
