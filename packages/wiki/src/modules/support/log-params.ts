/**
 * The `params` of a log entry as the API shows them (`list=logevents`, `rcprop=loginfo`).
 *
 * MediaWiki stores a log entry's parameters PHP-serialized, with keys of the form
 * `<index>:<type>:<name>` (`4::target`, `5:bool:cascade`), or, in entries from before 1.19, as
 * lines of text. The API names each value by its `<name>` and converts it by its `<type>`
 * (`bool`, `number`, `timestamp`, `title`, ...); each log type first renames its stored keys to
 * typed ones (a move's `5::noredir` is shown as the boolean `suppressredirect`) and adds what it
 * derives (a block's `expiry`, a revision deletion's old and new visibility).
 */
import { mwToIso, toIsoTimestamp } from '../../api/params/timestamp.js';
import { withKnownSize } from '../../api/request-state.js';
import { assoc, deepFreeze, list, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import type { TitleCodec } from '../../site/title.js';
import { perStore } from '../../store/cache-toolkit.js';
import { phpCompare } from '../../text/byte-order.js';

/** A PHP array: ordered keys (integers or strings) and values. */
export class PhpArray {
  constructor(readonly entries: [string | number, PhpValue][] = []) {}

  get(key: string | number): PhpValue | undefined {
    return this.entries.find(([k]) => k === key)?.[1];
  }

  has(key: string | number): boolean {
    return this.entries.some(([k]) => k === key);
  }

  /** Its values when its keys are 0, 1, 2, ... in order (a PHP list). */
  isList(): boolean {
    return this.entries.every(([k], i) => k === i);
  }

  values(): PhpValue[] {
    return this.entries.map(([, v]) => v);
  }
}

export type PhpValue = null | boolean | number | string | PhpArray;

class PhpSyntaxError extends Error {}

/**
 * Reads PHP's `serialize()` format (strings are counted in bytes). Objects are not expected in log
 * parameters; they make the whole value unreadable (undefined), as does any other malformed input.
 */
export function phpUnserialize(text: string): PhpValue | undefined {
  const reader = new PhpReader(text);
  try {
    const result = reader.value();
    return reader.at === text.length ? result : undefined;
  } catch (error) {
    if (error instanceof PhpSyntaxError) return undefined;
    throw error;
  }
}

/** A cursor over serialized text; strings are cut by their UTF-8 length on the text itself. */
class PhpReader {
  at = 0;

  constructor(private readonly text: string) {}

  private expect(ch: string): void {
    if (this.text[this.at] !== ch) throw new PhpSyntaxError(`expected ${ch} at ${this.at}`);
    this.at++;
  }

  private readUntil(ch: string): string {
    const end = this.text.indexOf(ch, this.at);
    if (end < 0) throw new PhpSyntaxError(`missing ${ch}`);
    const part = this.text.slice(this.at, end);
    this.at = end + 1;
    return part;
  }

  private readBytes(length: number): string {
    const { text } = this;
    const start = this.at;
    let at = start;
    let bytes = 0;
    while (bytes < length) {
      const code = text.charCodeAt(at);
      if (Number.isNaN(code)) throw new PhpSyntaxError('string past the end');
      if (code < 0x80) bytes += 1;
      else if (code < 0x800) bytes += 2;
      else if (code >= 0xd800 && code < 0xdc00) {
        bytes += 4;
        at++;
      } else bytes += 3;
      at++;
    }
    if (bytes !== length) throw new PhpSyntaxError('length inside a character');
    this.at = at;
    return text.slice(start, at);
  }

  value(): PhpValue {
    const kind = this.text[this.at];
    this.at++;
    if (kind === 'N') {
      this.expect(';');
      return null;
    }
    this.expect(':');
    switch (kind) {
      case 'b':
        return this.readUntil(';') === '1';
      case 'i': {
        const n = this.readUntil(';');
        if (!/^[+-]?\d+$/.test(n)) throw new PhpSyntaxError('bad integer');
        return Number(n);
      }
      case 'd': {
        const n = this.readUntil(';');
        if (n === 'INF') return Number.POSITIVE_INFINITY;
        if (n === '-INF') return Number.NEGATIVE_INFINITY;
        const parsed = Number(n);
        if (Number.isNaN(parsed) && n !== 'NAN') throw new PhpSyntaxError('bad float');
        return parsed;
      }
      case 's': {
        const length = Number(this.readUntil(':'));
        if (!Number.isInteger(length) || length < 0) throw new PhpSyntaxError('bad length');
        this.expect('"');
        const s = this.readBytes(length);
        this.expect('"');
        this.expect(';');
        return s;
      }
      case 'a': {
        const count = Number(this.readUntil(':'));
        if (!Number.isInteger(count) || count < 0) throw new PhpSyntaxError('bad count');
        this.expect('{');
        const array = new PhpArray();
        for (let i = 0; i < count; i++) {
          const key = this.value();
          if (typeof key !== 'string' && typeof key !== 'number') throw new PhpSyntaxError('bad key');
          array.entries.push([key, this.value()]);
        }
        this.expect('}');
        return array;
      }
      default:
        throw new PhpSyntaxError(`unsupported ${kind}`);
    }
  }
}

/** A log entry's stored parameters: the serialized array, or the lines of a pre-1.19 entry. */
export function storedLogParams(blob: string): PhpArray {
  if (blob === '') return new PhpArray();
  const parsed = phpUnserialize(blob);
  if (parsed instanceof PhpArray) return parsed;
  return new PhpArray(blob.split('\n').map((line, i) => [i, line]));
}

/** What a log entry's parameters need besides themselves. */
export interface LogEntryContext {
  type: string;
  action: string;
  /** The entry's 14-digit timestamp (block expiries are relative to it). */
  timestamp: string;
  titles: TitleCodec;
  /** The entry's log id, when it has one (the answer is remembered by it). */
  id?: number;
}

/** Stored keys (or legacy positions) renamed to typed keys, per log type. */
const KEY_MAPS: Record<string, [string | number, string][]> = {
  move: [
    [0, '4:title:target'],
    [1, '5:bool:suppressredirect'],
    ['4::target', '4:title:target'],
    ['5::noredir', '5:bool:suppressredirect'],
  ],
  patrol: [
    [0, '4:number:curid'],
    [1, '5:number:previd'],
    [2, '6:bool:auto'],
    ['4::curid', '4:number:curid'],
    ['5::previd', '5:number:previd'],
    ['6::auto', '6:bool:auto'],
  ],
  newusers: [
    [0, '4:number:userid'],
    ['4::userid', '4:number:userid'],
  ],
  block: [
    [0, '5::duration'],
    [1, '6:array:flags'],
    ['6::flags', '6:array:flags'],
    ['7::restrictions', '7:array:restrictions'],
  ],
  suppress: [
    [0, '5::duration'],
    [1, '6:array:flags'],
    ['6::flags', '6:array:flags'],
  ],
  protect: [
    [0, '4::description'],
    [1, '5:bool:cascade'],
    ['details', ':array:details'],
    ['4::oldtitle', '4:title:oldtitle'],
  ],
  rights: [
    [0, '4:array:oldgroups'],
    [1, '5:array:newgroups'],
    ['4::oldgroups', '4:array:oldgroups'],
    ['5::newgroups', '5:array:newgroups'],
  ],
  merge: [
    [0, '4:title:dest'],
    [1, '5:timestamp:mergepoint'],
    ['4::dest', '4:title:dest'],
    ['5::mergepoint', '5:timestamp:mergepoint'],
  ],
  upload: [['img_timestamp', ':timestamp:img_timestamp']],
  tag: [
    ['4::revid', '4:number:revid'],
    ['5::logid', '5:number:logid'],
    ['6:list:tagsAdded', '6:array:tagsAdded'],
    ['8:list:tagsRemoved', '8:array:tagsRemoved'],
  ],
};

const INFINITY = new Set(['infinity', 'infinite', 'indefinite', 'never', '']);

/** Renames keys in place (the API keeps the stored order). */
function renameKeys(params: PhpArray, map: [string | number, string][]): void {
  for (const [from, to] of map) {
    const entry = params.entries.find(([k]) => k === from);
    if (entry && !params.has(to)) entry[0] = to;
  }
}

const SECONDS: Record<string, number> = {
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  hour: 3600,
  day: 86400,
  week: 604800,
  fortnight: 1209600,
};

/**
 * The end of a block of `duration` made at `start`, as PHP's `strtotime` reads the durations
 * MediaWiki's block form writes: relative (`1 week`, `2 months 3 days`) or a point in time.
 */
export function blockExpiry(duration: string, start: Date): Date | undefined {
  const text = duration.trim().toLowerCase();
  if (INFINITY.has(text)) return undefined;
  const relative = /^(?:\s*[+-]?\d+\s*[a-z]+)+\s*$/;
  if (relative.test(text)) {
    const date = new Date(start.getTime());
    for (const [, amount, unit] of text.matchAll(/([+-]?\d+)\s*([a-z]+)/g)) {
      const n = Number(amount);
      const base = (unit as string).replace(/s$/, '');
      if (base === 'month') date.setUTCMonth(date.getUTCMonth() + n);
      else if (base === 'year') date.setUTCFullYear(date.getUTCFullYear() + n);
      else if (SECONDS[base] !== undefined) date.setTime(date.getTime() + n * (SECONDS[base] as number) * 1000);
      else return undefined;
    }
    return date;
  }
  if (/^\d{14}$/.test(text)) return new Date(mwToIso(text));
  const parsed = Date.parse(/z$|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

/** A timestamp in any stored form (14 digits, Unix seconds, ISO) as the API prints it. */
function isoTimestamp(value: PhpValue): string {
  if (typeof value === 'number') return toIsoTimestamp(new Date(value * 1000));
  const text = String(value ?? '');
  if (/^\d{14}$/.test(text)) return mwToIso(text);
  if (/^\d{1,13}$/.test(text)) return toIsoTimestamp(new Date(Number(text) * 1000));
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? text : toIsoTimestamp(new Date(parsed));
}

/** PHP's truthiness of a stored value. */
function phpBool(value: PhpValue): boolean {
  if (value instanceof PhpArray) return value.entries.length > 0;
  return value !== null && value !== false && value !== 0 && value !== '' && value !== '0';
}

/** A PHP value as answer data: lists become arrays, other arrays objects. */
export function phpToResult(value: PhpValue, as?: 'array' | 'assoc'): ResultValue {
  if (!(value instanceof PhpArray)) return value;
  if (as === 'array' || (as !== 'assoc' && value.isList())) {
    return list(
      '_v',
      value.values().map((v) => phpToResult(v)),
    );
  }
  const object: ResultObject = {};
  for (const [k, v] of value.entries) object[String(k)] = phpToResult(v);
  return assoc(object);
}

function titleInfo(name: string, value: PhpValue, titles: TitleCodec): ResultObject {
  const parsed = titles.parseOrUndefined(String(value ?? ''));
  if (!parsed) return { [`${name}_ns`]: -1, [`${name}_title`]: titles.prefixedText(titles.make(-1, 'Badtitle')) };
  return { [`${name}_ns`]: parsed.namespace, [`${name}_title`]: titles.prefixedText(parsed) };
}

/** One typed value, by the type part of its key. */
function typedValue(name: string, type: string, value: PhpValue, titles: TitleCodec): ResultObject {
  switch (type.trim().toLowerCase()) {
    case 'bool':
      return { [name]: phpBool(value) };
    case 'number': {
      const text = String(value ?? '');
      return {
        [name]:
          typeof value === 'number'
            ? Math.trunc(value)
            : /^\d+$/.test(text)
              ? Number(text)
              : Number.parseFloat(text) || 0,
      };
    }
    case 'array':
    case 'list':
      return { [name]: value instanceof PhpArray ? phpToResult(value, 'array') : phpToResult(value) };
    case 'assoc':
    case 'kvp':
      return { [name]: phpToResult(value, 'assoc') };
    case 'timestamp':
      return { [name]: isoTimestamp(value) };
    case 'title':
    case 'title-link':
      return titleInfo(name, value, titles);
    default:
      return { [name]: phpToResult(value) };
  }
}

const VISIBILITY_FIELDS: [number, string][] = [
  [1, 'content'],
  [2, 'comment'],
  [4, 'user'],
  [8, 'restricted'],
];

function visibility(bits: PhpValue): PhpArray {
  const mask = Number(bits) || 0;
  return new PhpArray([
    ['bitmask', mask],
    ...VISIBILITY_FIELDS.map(([bit, key]): [string, PhpValue] => [key, (mask & bit) !== 0]),
  ]);
}

/** Revision and log-entry visibility changes: what was hidden before and after. */
function deletionParams(action: string, stored: PhpArray): PhpArray {
  if (action === 'restore') {
    const count = stored.get(':assoc:count');
    return new PhpArray(count === undefined ? [] : [[':assoc:count', count]]);
  }
  if (action !== 'revision' && action !== 'event') return new PhpArray();
  // Legacy entries list the values; `event` entries omit the type, which is always `logging`.
  const raw = stored.isList()
    ? new PhpArray(
        (action === 'event' ? ['logging', ...stored.values()] : stored.values()).map((v, i): [number, PhpValue] => [
          i,
          v,
        ]),
      )
    : stored;
  const pick = (named: string[], index: number) => {
    for (const key of named) if (raw.has(key)) return raw.get(key);
    return raw.get(index);
  };
  const type = pick(['4::type'], 0) ?? (action === 'event' ? 'logging' : undefined);
  let ids = pick(['5::ids', '4::ids'], 1);
  if (!(ids instanceof PhpArray)) {
    ids = new PhpArray(
      String(ids ?? '')
        .split(',')
        .filter((s) => s !== '')
        .map((s, i): [number, PhpValue] => [i, s]),
    );
  }
  const result = new PhpArray([
    ['::type', type ?? null],
    [':array:ids', ids],
  ]);
  const old = pick(['6::ofield', '5::ofield'], 2);
  const now = pick(['7::nfield', '6::nfield'], 3);
  if (old !== undefined) result.entries.push([':assoc:old', visibility(old)]);
  if (now !== undefined) result.entries.push([':assoc:new', visibility(now)]);
  return result;
}

/** Group memberships with their expiries, by the group at the same position. */
function membershipList(groups: PhpValue, metadata: PhpValue): PhpArray {
  const names = groups instanceof PhpArray ? groups.values() : [];
  const entries = metadata instanceof PhpArray ? metadata.values() : [];
  return new PhpArray(
    entries.map((meta, i): [number, PhpValue] => {
      const expiry = meta instanceof PhpArray ? meta.get('expiry') : null;
      return [
        i,
        new PhpArray([
          ['group', names[i] ?? null],
          ['expiry', expiry === null || expiry === undefined || expiry === '' ? 'infinity' : isoTimestamp(expiry)],
        ]),
      ];
    }),
  );
}

/** Each log type's renamed and derived parameters. */
function typedParams(entry: LogEntryContext, stored: PhpArray): PhpArray {
  if (
    entry.type === 'delete' ||
    (entry.type === 'suppress' && ['revision', 'event', 'delete'].includes(entry.action))
  ) {
    if (entry.type === 'suppress' && entry.action === 'delete') return new PhpArray();
    return deletionParams(entry.action, stored);
  }
  const params = new PhpArray(stored.entries.filter(([k]) => k !== 'associated_rev_id').map(([k, v]) => [k, v]));
  const map = KEY_MAPS[entry.type];
  if (map) renameKeys(params, map);
  switch (entry.type) {
    case 'move':
      if (!params.has('5:bool:suppressredirect')) params.entries.push(['5:bool:suppressredirect', false]);
      break;
    case 'block':
    case 'suppress':
      // MediaWiki's block log formatter sorts the stored parameters by key (`7::restrictions`
      // before `sitewide`) before it adds what it derives.
      if (entry.type === 'block' || entry.action === 'block' || entry.action === 'reblock') {
        params.entries.sort(([a], [b]) => phpCompare(String(a), String(b)));
      }
      if (entry.action === 'block' || entry.action === 'reblock') {
        const flags = params.get('6:array:flags');
        if (flags !== undefined && !(flags instanceof PhpArray)) {
          const text = String(flags ?? '');
          const values = text === '' ? [] : text.split(',');
          params.entries.find(([k]) => k === '6:array:flags')?.splice(1, 1, new PhpArray(values.map((f, i) => [i, f])));
        }
        const duration = params.get('5::duration');
        if (typeof duration === 'string') {
          const expiry = blockExpiry(duration, new Date(mwToIso(entry.timestamp)));
          if (expiry && expiry.getTime() > 0)
            params.entries.push([':timestamp:expiry', Math.floor(expiry.getTime() / 1000)]);
        }
      }
      break;
    case 'protect': {
      const details = params.get(':array:details');
      if (details instanceof PhpArray) {
        for (const detail of details.values()) {
          if (!(detail instanceof PhpArray)) continue;
          const expiry = detail.entries.find(([k]) => k === 'expiry');
          if (expiry) expiry[1] = INFINITY.has(String(expiry[1] ?? '')) ? 'infinite' : isoTimestamp(expiry[1]);
        }
      }
      break;
    }
    case 'rights': {
      for (const key of ['4:array:oldgroups', '5:array:newgroups']) {
        const groups = params.entries.find(([k]) => k === key);
        if (groups && typeof groups[1] === 'string') {
          const text = groups[1];
          groups[1] = new PhpArray((text === '' ? [] : text.split(', ')).map((g, i) => [i, g]));
        }
      }
      for (const [key, groupsKey] of [
        ['oldmetadata', '4:array:oldgroups'],
        ['newmetadata', '5:array:newgroups'],
      ] as const) {
        const meta = params.entries.find(([k]) => k === key);
        if (meta) meta[1] = membershipList(params.get(groupsKey) ?? null, meta[1]);
      }
      break;
    }
  }
  return params;
}

/** Block restrictions: the pages as titles, the namespaces as numbers. */
function restrictionsResult(value: PhpValue, titles: TitleCodec): ResultValue {
  if (!(value instanceof PhpArray)) return phpToResult(value);
  const result: ResultObject = {};
  for (const [key, v] of value.entries) {
    if (key === 'pages' && v instanceof PhpArray) {
      result.pages = list(
        'p',
        v.values().map((page) => titleInfo('page', page, titles)),
      );
    } else if (key === 'namespaces' && v instanceof PhpArray) {
      result.namespaces = list(
        'ns',
        v.values().map((ns) => Number(ns)),
      );
    } else {
      result[String(key)] = phpToResult(v);
    }
  }
  return assoc(result);
}

interface MemoEntry {
  type: string;
  action: string;
  timestamp: string;
  blob: string;
  params: ResultObject;
}

/**
 * Answers of `logParamsForApi` by site (title codec) and entry: the same entries are asked for
 * again and again. Entries are found by log id (a number hashes at once, a long text key does not)
 * and the stored fields are compared, so a changed or reused id is computed afresh; entries
 * without an id are found by their fields.
 */
const logParamsMemo = perStore((_: TitleCodec) => new Map<number | string, MemoEntry>());
const LOG_PARAMS_MEMO_SIZE = 20_000;

/**
 * The API's `params` object of a log entry. The object is shared by every answer that shows the
 * entry (it is made once per site and entry, and frozen, with its result size recorded).
 */
export function logParamsForApi(entry: LogEntryContext, blob: string): ResultObject {
  const memo = logParamsMemo(entry.titles);
  const key = entry.id ?? `${entry.type}\u0000${entry.action}\u0000${entry.timestamp}\u0000${blob}`;
  const found = memo.get(key);
  if (
    found !== undefined &&
    found.blob === blob &&
    found.type === entry.type &&
    found.action === entry.action &&
    found.timestamp === entry.timestamp
  ) {
    return found.params;
  }
  const params = deepFreeze(withKnownSize(computeLogParams(entry, blob)));
  if (memo.size >= LOG_PARAMS_MEMO_SIZE) memo.clear();
  memo.set(key, { type: entry.type, action: entry.action, timestamp: entry.timestamp, blob, params });
  return params;
}

function computeLogParams(entry: LogEntryContext, blob: string): ResultObject {
  const params = typedParams(entry, storedLogParams(blob));
  const result: ResultObject = {};
  for (const [key, value] of params.entries) {
    const parts = typeof key === 'string' ? key.split(':') : [];
    if (parts.length !== 3) {
      if (!(String(key) in result)) result[String(key)] = phpToResult(value);
      continue;
    }
    const [, type, name] = parts as [string, string, string];
    const typed =
      name === 'restrictions' && entry.type === 'block'
        ? { restrictions: restrictionsResult(value, entry.titles) }
        : typedValue(name, type, value, entry.titles);
    for (const [k, v] of Object.entries(typed)) if (!(k in result)) result[k] = v;
  }
  for (const [key, tag] of Object.entries(listTags(entry))) {
    const value = result[key];
    if (Array.isArray(value)) list(tag, value);
  }
  return assoc(result);
}

/**
 * The XML tags of the lists among a log type's parameters, where its formatter names them (a
 * block's flags `<f>`, a revision deletion's ids `<id>`, group changes `<g>`); other lists print
 * as `<_v>`.
 */
function listTags(entry: LogEntryContext): Record<string, string> {
  switch (entry.type) {
    case 'block':
      return { flags: 'f' };
    case 'delete':
      return { ids: 'id' };
    case 'rights':
      return { oldgroups: 'g', newgroups: 'g', oldmetadata: 'g', newmetadata: 'g' };
    case 'suppress':
      if (entry.action === 'block' || entry.action === 'reblock') return { flags: 'f' };
      if (['revision', 'event', 'delete'].includes(entry.action)) return { ids: 'id' };
      return {};
    default:
      return {};
  }
}

/** The log entry a recent change records, as `rcprop=loginfo` and `wlprop=loginfo` show it. */
export function recentChangeLogInfo(
  row: {
    rc_logid: number;
    rc_log_type: string | null;
    rc_log_action: string | null;
    rc_timestamp: string;
    rc_params: string | null;
  },
  titles: TitleCodec,
): ResultObject {
  const type = row.rc_log_type ?? '';
  const action = row.rc_log_action ?? '';
  return {
    logid: row.rc_logid,
    logtype: type,
    logaction: action,
    logparams: logParamsForApi(
      { type, action, timestamp: row.rc_timestamp, titles, id: row.rc_logid },
      row.rc_params ?? '',
    ),
  };
}
