/**
 * Every output format read back into one comparable tree, so that answers in `xml`, `php` and
 * `jsonfm` are compared field by field like JSON ones, with readable paths to a difference.
 *
 * - `json`: the parsed body.
 * - `jsonfm`: the JSON inside the page's `<pre>` (the HTML page around it is not compared).
 * - `php`: PHP's `serialize()` format read into arrays (lists) and objects (string-keyed arrays).
 * - `xml`: each element an object: attributes as `@name` (in order), text as `#text`, children
 *   grouped by tag name as arrays (`api.query[0].pages[0].page[2].@title`).
 */
import { decodeHTML } from 'entities';
import { SaxesParser } from 'saxes';

export type AnswerTree = unknown;

/**
 * Put before object keys that look like array indexes (page ids of formatversion 1): JavaScript
 * objects list such keys in numeric order, which would hide the order an answer gives them in.
 */
export const NUMERIC_KEY_MARK = '\u2063';

/** JSON text parsed with the order of every object's keys kept. */
export function parseJsonKeepingOrder(text: string): unknown {
  return JSON.parse(text.replace(/(?<!\\)"(-?\d+)":/g, `"${NUMERIC_KEY_MARK}$1":`));
}

function orderKeepingKey(key: string | number): string {
  return typeof key === 'number' || /^-?\d+$/.test(key) ? `${NUMERIC_KEY_MARK}${key}` : key;
}

export class UnreadableAnswer extends Error {}

/** The tree of an answer body in the given format. */
export function readAnswer(format: string, body: string): AnswerTree {
  try {
    switch (format) {
      case 'json':
        return parseJsonKeepingOrder(body);
      case 'jsonfm':
        return readJsonfm(body);
      case 'php':
        return new PhpReader(body).read();
      case 'xml':
        return readXml(body);
      default:
        return { '(raw)': body };
    }
  } catch (error) {
    throw new UnreadableAnswer(`not readable as ${format}: ${(error as Error).message}: ${body.slice(0, 160)}`);
  }
}

function readJsonfm(body: string): AnswerTree {
  const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(body);
  if (!pre) throw new Error('no <pre> with the answer');
  return parseJsonKeepingOrder(decodeHTML(pre[1].replace(/<[^>]*>/g, '')));
}

type XmlElement = Record<string, unknown>;

function readXml(body: string): AnswerTree {
  const parser = new SaxesParser();
  const root: XmlElement = {};
  const stack: XmlElement[] = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = {};
    for (const [name, value] of Object.entries(tag.attributes)) element[`@${name}`] = value;
    const parent = stack[stack.length - 1];
    const siblings = parent[tag.name] as XmlElement[] | undefined;
    if (siblings) siblings.push(element);
    else parent[tag.name] = [element];
    stack.push(element);
  });
  parser.on('text', (text) => {
    if (stack.length > 1 && text.trim() !== '') {
      const element = stack[stack.length - 1];
      element['#text'] = `${(element['#text'] as string | undefined) ?? ''}${text}`;
    }
  });
  parser.on('cdata', (text) => {
    const element = stack[stack.length - 1];
    element['#text'] = `${(element['#text'] as string | undefined) ?? ''}${text}`;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(body).close();
  return root;
}

/** Reads PHP's `serialize()` output: `a:N:{...}`, `s:N:"...";`, `i:N;`, `d:N;`, `b:0;`, `N;`. */
class PhpReader {
  private readonly bytes: Buffer;
  private at = 0;

  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  read(): unknown {
    const value = this.value();
    if (this.at !== this.bytes.length) throw new Error(`trailing data at byte ${this.at}`);
    return value;
  }

  private until(stop: string): string {
    const end = this.bytes.indexOf(stop, this.at);
    if (end < 0) throw new Error(`expected ${stop} after byte ${this.at}`);
    const text = this.bytes.toString('utf8', this.at, end);
    this.at = end + stop.length;
    return text;
  }

  private value(): unknown {
    const type = String.fromCharCode(this.bytes[this.at]);
    this.at += 2;
    switch (type) {
      case 'N':
        return null;
      case 'b':
        return this.until(';') === '1';
      case 'i':
      case 'd':
        return Number(this.until(';'));
      case 's': {
        const length = Number(this.until(':'));
        const text = this.bytes.toString('utf8', this.at + 1, this.at + 1 + length);
        this.at += length + 3;
        return text;
      }
      case 'a': {
        const count = Number(this.until(':'));
        this.at += 1;
        const entries: [string | number, unknown][] = [];
        for (let i = 0; i < count; i++) entries.push([this.value() as string | number, this.value()]);
        this.at += 1;
        const isList = entries.every(([key], i) => key === i);
        return isList
          ? entries.map(([, v]) => v)
          : Object.fromEntries(entries.map(([k, v]) => [orderKeepingKey(k), v]));
      }
      default:
        throw new Error(`unknown PHP value type ${type} at byte ${this.at - 2}`);
    }
  }
}
