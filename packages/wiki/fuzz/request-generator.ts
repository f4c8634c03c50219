/**
 * Random api.php requests made from the module descriptors of the registry: every query module and
 * parameter, with valid, invalid, boundary and hostile values, generators with random prop
 * modules, continuation values taken from earlier answers and mutated, every format and error
 * format, sent as GET, urlencoded POST or multipart POST. Values are bytes, so that invalid UTF-8
 * reaches the server as sent.
 *
 * The generator knows nothing of the server's answers except the continuation values handed back
 * to it; it aims at robustness (every answer well-formed and in time), not at equality with
 * MediaWiki.
 */
import type { ModuleDescriptor, ParamDescriptor } from '../src/api/params/descriptor.js';
import { QUERY_MODULES } from '../src/modules/registry.js';
import type { Random } from './random.js';

/** Real names of the target wiki, so that many requests find something. */
export interface Vocabulary {
  titles: readonly string[];
  users: readonly string[];
  files: readonly string[];
  pageIds: readonly number[];
  revIds: readonly number[];
  namespaces: readonly number[];
}

export type Transport = 'get' | 'urlencoded' | 'multipart';

export interface FuzzRequest {
  transport: Transport;
  /** Names and values in the order they are sent; values as bytes. */
  params: [string, Buffer][];
  /** The request's `format` (what the answer must parse as). */
  format: string;
}

export const FORMATS = ['json', 'jsonfm', 'xml', 'php'] as const;
const ERROR_FORMATS = ['bc', 'plaintext', 'wikitext', 'html', 'raw', 'none'];
const LANGUAGES = ['en', 'de', 'x', 'qqx', 'zz-invalid', '', 'de-formal', 'content', 'user', '../en', 'EN'];

const MODULES = QUERY_MODULES.map((m) => m.descriptor);
const GENERATORS = MODULES.filter((m) => m.generator);
const PROPS = MODULES.filter((m) => m.group === 'prop');
const NON_PROPS = MODULES.filter((m) => m.group !== 'prop');

const BOUNDARY_INTEGERS = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '99999999999999999999999999999999',
  '9'.repeat(400),
  '+5',
  ' 7 ',
  '007',
  '1e5',
  '0x10',
  '1.5',
  '-0',
];

const HOSTILE_TEXTS = [
  'a\u0001b',
  '\u0000',
  '\u0007bell',
  'tab\there',
  'x\u001fy',
  '\u001fA\u001fB\u001f',
  '\u001f',
  '|',
  '||||',
  'a|b|c',
  '<script>alert(1)</script>',
  ']]><x>',
  '&amp;&#0;&#x1;',
  "' OR 1=1 --",
  '%',
  '_',
  '*',
  '../../../etc/passwd',
  ':',
  'Talk:',
  '#frag',
  'Benutzer:',
  'Spezial:Alle Seiten',
  'Datei:',
  'Kategorie:',
  'e\u0301',
  '\u202eevil',
  '😀🙃',
  '\ufffe\uffff',
  '\ud800',
  '\udfff\ud800',
  '{{subst:x}}',
  '[[a]]',
  'http://',
  'https://example.org/\u0000',
  '\\u0000',
  '1|max',
  'max',
  '-',
  ' ',
  '',
];

/** Byte strings that are not valid UTF-8. */
const INVALID_UTF8 = [
  Buffer.from([0xff]),
  Buffer.from([0x61, 0xc3]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0x80, 0x80, 0x41]),
  Buffer.from([0xe2, 0x82]),
];

const text = (value: string) => Buffer.from(value, 'utf8');

export class RequestGenerator {
  constructor(
    private readonly rng: Random,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** A new request; `previous` holds earlier requests with the continuation their answers gave. */
  next(previous: readonly ContinuedRequest[] = []): FuzzRequest {
    const rng = this.rng;
    if (previous.length > 0 && rng.chance(0.15)) return this.continued(rng.pick(previous));
    const params: [string, Buffer][] = [];
    const roll = rng.below(100);
    if (roll < 88) this.query(params);
    else if (roll < 94) this.paramInfo(params);
    else if (roll < 97) this.help(params);
    else params.push(['action', this.value({ name: 'action', type: 'string' })]);
    return this.finish(params);
  }

  /** Format, error format and the other main parameters, and how the request is sent. */
  private finish(params: [string, Buffer][]): FuzzRequest {
    const rng = this.rng;
    const format = rng.chance(0.97) ? rng.pick(FORMATS) : rng.pick(['xmlfm', 'phpfm', 'rawfm', 'none', 'yaml']);
    params.unshift(['format', text(format)]);
    if (rng.chance(0.6)) params.push(['formatversion', text(rng.pick(['1', '2', 'latest', '3']))]);
    if (rng.chance(0.4)) params.push(['errorformat', text(rng.pick(ERROR_FORMATS))]);
    if (rng.chance(0.2)) params.push(['uselang', text(rng.pick(LANGUAGES))]);
    if (rng.chance(0.15)) params.push(['errorlang', text(rng.pick(LANGUAGES))]);
    if (rng.chance(0.1)) params.push(['utf8', text('1')]);
    if (rng.chance(0.1)) params.push(['ascii', text('1')]);
    if (rng.chance(0.05)) params.push(['callback', this.value({ name: 'callback', type: 'string' })]);
    if (rng.chance(0.1)) params.push(['requestid', this.value({ name: 'requestid', type: 'string' })]);
    if (rng.chance(0.05)) params.push(['curtimestamp', text('')]);
    if (rng.chance(0.05)) params.push(['servedby', text('')]);
    if (rng.chance(0.05)) params.push(['responselanginfo', text('')]);
    if (rng.chance(0.05)) params.push(['maxlag', this.value({ name: 'maxlag', type: 'integer' })]);
    if (rng.chance(0.05)) params.push(['smaxage', this.value({ name: 'smaxage', type: 'integer', min: 0 })]);
    if (rng.chance(0.03)) params.push(['assert', text(rng.pick(['anon', 'user', 'bot', 'x']))]);
    if (rng.chance(0.03)) params.push(['origin', text(rng.pick(['*', 'https://example.org']))]);
    if (rng.chance(0.05)) params.push(['nosuchparam', this.hostile()]);
    const transport: Transport = rng.chance(0.7) ? 'get' : rng.chance(0.6) ? 'urlencoded' : 'multipart';
    return { transport, params, format };
  }

  private query(params: [string, Buffer][]): void {
    const rng = this.rng;
    params.push(['action', text('query')]);
    const chosen = new Map<string, ModuleDescriptor[]>();
    const add = (module: ModuleDescriptor) => {
      const group = chosen.get(module.group) ?? [];
      if (!group.includes(module)) group.push(module);
      chosen.set(module.group, group);
    };
    let generator: ModuleDescriptor | undefined;
    if (rng.chance(0.35)) {
      generator = rng.pick(GENERATORS);
      for (const prop of rng.some(PROPS, 3)) if (rng.chance(0.8)) add(prop);
    } else {
      for (const module of rng.some(NON_PROPS, 2)) add(module);
      if (rng.chance(0.4)) for (const prop of rng.some(PROPS, 2)) add(prop);
    }
    for (const [group, modules] of chosen) params.push([group, text(modules.map((m) => m.name).join('|'))]);
    if (generator) params.push(['generator', text(generator.name)]);
    if (rng.chance(0.03)) params.push([rng.pick(['list', 'prop', 'meta']), this.hostile()]);

    const hasProps = chosen.has('prop');
    if (!generator && (hasProps || rng.chance(0.1))) this.pageSet(params);
    for (const modules of chosen.values())
      for (const module of modules) this.moduleParams(module, module.prefix, params);
    if (generator) this.moduleParams(generator, `g${generator.prefix}`, params);
    for (const flag of ['redirects', 'converttitles', 'indexpageids', 'rawcontinue', 'iwurl', 'export']) {
      if (rng.chance(0.05)) params.push([flag, text('')]);
    }
    if (rng.chance(0.05)) params.push(['continue', this.hostile()]);
  }

  /** titles, pageids or revids. */
  private pageSet(params: [string, Buffer][]): void {
    const rng = this.rng;
    const v = this.vocabulary;
    const kind = rng.below(3);
    if (rng.chance(0.2)) {
      params.push([rng.pick(['titles', 'pageids', 'revids']), this.hostile()]);
      return;
    }
    if (kind === 0) params.push(['titles', text(rng.some(v.titles, 5).join('|'))]);
    else if (kind === 1) params.push(['pageids', text(rng.some(v.pageIds, 5).join('|'))]);
    else params.push(['revids', text(rng.some(v.revIds, 5).join('|'))]);
  }

  private moduleParams(module: ModuleDescriptor, prefix: string, params: [string, Buffer][]): void {
    const rng = this.rng;
    for (const param of module.parameters) {
      const required = param.required === true && rng.chance(0.95);
      if (!required && !rng.chance(0.3)) continue;
      if (param.name === 'continue' && !rng.chance(0.3)) continue;
      params.push([prefix + param.name, this.value(param)]);
    }
  }

  /** A value for a parameter: mostly valid, else invalid, at a boundary, or hostile. */
  value(param: ParamDescriptor): Buffer {
    const roll = this.rng.below(100);
    if (roll < 62) return text(this.valid(param));
    if (roll < 74) return text(this.invalid(param));
    if (roll < 86) return text(this.boundary(param));
    return this.hostile();
  }

  private valid(param: ParamDescriptor): string {
    const rng = this.rng;
    const v = this.vocabulary;
    const type = param.type;
    const many = (items: readonly (string | number)[]) =>
      param.multi ? rng.some(items, 4).join('|') : String(rng.pick(items));
    if (Array.isArray(type)) {
      if (param.multi && param.allspecifier && rng.chance(0.1)) return '*';
      return type.length > 0 ? many(type) : '';
    }
    if (typeof type === 'object') return rng.pick(['', 'http://', 'https://', 'mailto:', 'ftp://']);
    switch (type) {
      case 'boolean':
        return rng.pick(['', '1', 'true', '0']);
      case 'integer': {
        const min = param.min ?? 0;
        const max = param.max ?? min + 1000;
        if (/id$|ids$/.test(param.name)) return many([...v.pageIds, ...v.revIds]);
        return many([min, max, min + rng.below(Math.max(1, Math.min(max - min, 1000)))]);
      }
      case 'limit':
        return rng.chance(0.3) ? 'max' : String(1 + rng.below(param.max ?? 500));
      case 'timestamp':
        return rng.pick([
          'now',
          '2020-01-01T00:00:00Z',
          '2001-01-15T14:56:00Z',
          '20230101000000',
          String(1_600_000_000 + rng.below(100_000_000)),
          new Date(Date.UTC(2000 + rng.below(30), rng.below(12), 1 + rng.below(28))).toISOString(),
        ]);
      case 'namespace':
        return many(v.namespaces);
      case 'user':
        return many(v.users);
      case 'title':
        return many(v.titles);
      default:
        return this.validString(param);
    }
  }

  private validString(param: ParamDescriptor): string {
    const rng = this.rng;
    const v = this.vocabulary;
    const name = param.name;
    if (/user|by/.test(name)) return rng.pick(v.users);
    if (/file|image|sha1/.test(name)) return rng.pick(v.files);
    if (/url|query|protocol/.test(name))
      return rng.pick(['example.org', '*.org', 'http://example.org/x', 'de.wikipedia.org']);
    if (/lang|code/.test(name)) return rng.pick(['de', 'en', 'fr', 'x', 'de-formal', 'EN']);
    const title = rng.pick(v.titles);
    if (/prefix|from|to|start|end|search/.test(name)) return title.slice(0, 1 + rng.below(title.length));
    return param.multi ? rng.some(v.titles, 3).join('|') : title;
  }

  private invalid(param: ParamDescriptor): string {
    const rng = this.rng;
    const choices = ['abc', 'x|y', 'Max', '--', '0.5', 'null', 'undefined', 'NaN', 'Infinity', '[]', '{}'];
    if (Array.isArray(param.type) && param.type.length > 0) {
      const value = rng.pick(param.type);
      choices.push(`${value}x`, value.toUpperCase(), ` ${value}`, `${value}|nosuchvalue`);
    }
    return rng.pick(choices);
  }

  private boundary(param: ParamDescriptor): string {
    const rng = this.rng;
    const edges = [...BOUNDARY_INTEGERS];
    for (const bound of [param.min, param.max, param.highmax]) {
      if (bound !== undefined) edges.push(String(bound - 1), String(bound), String(bound + 1));
    }
    if (param.type === 'timestamp') {
      edges.push('0', '00000000000000', '99991231235959', '1970-01-01T00:00:00Z', '-1', '9999-12-31T23:59:60Z');
    }
    if (param.multi && rng.chance(0.3)) {
      return Array.from({ length: rng.pick([50, 51, 500, 501, 1200]) }, (_, i) => String(i)).join('|');
    }
    return rng.pick(edges);
  }

  /** Hostile bytes: control characters, invalid UTF-8, very long values, U+001F multi-values. */
  hostile(): Buffer {
    const rng = this.rng;
    switch (rng.below(6)) {
      case 0:
        return Buffer.concat([text(rng.pick(this.vocabulary.titles)), rng.pick(INVALID_UTF8)]);
      case 1: {
        const piece = rng.pick(['a', 'ä', '|', 'Ab ', '\u001f', '9', '😀', '%']);
        return text(piece.repeat(rng.pick([300, 5000, 70_000])));
      }
      case 2:
        return text(`\u001f${rng.some(this.vocabulary.titles, 4).join('\u001f')}`);
      case 3: {
        const chars = String.fromCharCode(rng.below(32), rng.below(32), 0x7f);
        return text(`${rng.pick(this.vocabulary.titles)}${chars}`);
      }
      default:
        return text(rng.pick(HOSTILE_TEXTS));
    }
  }

  private paramInfo(params: [string, Buffer][]): void {
    const rng = this.rng;
    params.push(['action', text('paraminfo')]);
    const names = rng.some(MODULES, 4).map((m) => `query+${m.name}`);
    if (rng.chance(0.2)) names.push(rng.pick(['query+*', 'main', 'query', 'nosuch', 'query+nosuch']));
    params.push(['modules', text(names.join('|'))]);
    if (rng.chance(0.3)) params.push(['helpformat', text(rng.pick(['none', 'wikitext', 'html', 'raw', 'x']))]);
    if (rng.chance(0.1)) params.push(['formatmodules', text(rng.pick(['json', 'xml', 'x']))]);
  }

  private help(params: [string, Buffer][]): void {
    const rng = this.rng;
    params.push(['action', text('help')]);
    if (rng.chance(0.7)) params.push(['modules', text(`query+${rng.pick(MODULES).name}`)]);
    if (rng.chance(0.2)) params.push(['recursivesubmodules', text('1')]);
  }

  /** An earlier request again, its answer's continuation values sent back mutated (or not). */
  private continued(earlier: ContinuedRequest): FuzzRequest {
    const rng = this.rng;
    const params = earlier.request.params.filter(([name]) => !(name in earlier.continuation));
    for (const [name, value] of Object.entries(earlier.continuation)) {
      params.push([name, rng.chance(0.3) ? text(value) : this.mutated(value)]);
    }
    return { ...earlier.request, params };
  }

  private mutated(value: string): Buffer {
    const rng = this.rng;
    const parts = value.split('|');
    switch (rng.below(8)) {
      case 0:
        return text(value.slice(0, rng.below(value.length + 1)));
      case 1:
        parts[rng.below(parts.length)] = rng.pick(BOUNDARY_INTEGERS);
        return text(parts.join('|'));
      case 2:
        return text(`${value}|${rng.pick(['x', '1', '', '9223372036854775808'])}`);
      case 3:
        return text(parts.slice(1).join('|'));
      case 4:
        parts[rng.below(parts.length)] = rng.pick(HOSTILE_TEXTS);
        return text(parts.join('|'));
      case 5:
        return text(value.replace(/\d/g, () => String(rng.below(10))));
      case 6:
        return Buffer.concat([text(value), rng.pick(INVALID_UTF8)]);
      default:
        return this.hostile();
    }
  }
}

/** A request whose answer asked to continue, with the values it gave. */
export interface ContinuedRequest {
  request: FuzzRequest;
  continuation: Record<string, string>;
}
