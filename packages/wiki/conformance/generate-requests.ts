/**
 * Requests made from the module descriptors: every query module and each of its parameters, with
 * valid, boundary and invalid values, in every format, error format, language, method and session
 * the API knows; a quarter of them clean (every value valid, so that the module's data is answered
 * rather than an error). One seed gives one series of requests. The actions besides `query` that read the
 * wiki (`compare`, `expandtemplates`) are sent when `--module` names them.
 */
import { COMPARE_PARAMETERS, COMPARE_TEMPLATED_PARAMETERS } from '../src/api/actions/compare.js';
import { EXPANDTEMPLATES_PARAMETERS } from '../src/api/actions/expandtemplates.js';
import {
  isEnumType,
  type ModuleDescriptor,
  MULTI_LOW_LIMIT,
  type ParamDescriptor,
} from '../src/api/params/descriptor.js';
import { QUERY_MODULES } from '../src/modules/registry.js';
import type { Random } from './random.js';
import { EDGE_TITLES, EDGE_USERS, type ReferenceModules, type ValuePools } from './value-pools.js';

/** Who sends a request: anonymous, or one of the reference wiki's users, logged in. */
export type Sender = 'anonymous' | 'Admin' | 'Alice' | 'Bob' | 'Dave' | 'Eve';

export const LOGGED_IN_SENDERS: readonly Exclude<Sender, 'anonymous'>[] = ['Admin', 'Alice', 'Bob', 'Dave', 'Eve'];

export interface GeneratedRequest {
  /** Position in the series (1-based), to find a request again from its seed. */
  number: number;
  method: 'GET' | 'POST';
  sender: Sender;
  params: [string, string][];
  /** The modules the request runs, for `--module` and for grouping. */
  modules: string[];
  /** Follow `continue` to the end and compare the concatenated answers. */
  followContinuation: boolean;
}

export interface GenerateOptions {
  random: Random;
  pools: ValuePools;
  /** The modules to send, as the reference MediaWiki knows them. */
  modules: ComparableModules;
  /** Only requests that run this module. */
  module?: string;
}

/** The query modules as both servers know them: parameters and enum values of the reference only. */
export class ComparableModules {
  readonly all: ModuleDescriptor[];
  readonly byName: Map<string, ModuleDescriptor>;
  readonly generators: ModuleDescriptor[];
  readonly props: ModuleDescriptor[];
  /** What this service has and the reference lacks, in words. */
  readonly leftOut: string[] = [];

  constructor(reference: ReferenceModules) {
    this.all = [];
    for (const { descriptor } of QUERY_MODULES) {
      const known = reference.get(descriptor.name);
      if (!known) {
        this.leftOut.push(`module ${descriptor.name}`);
        continue;
      }
      const parameters: ParamDescriptor[] = [];
      for (const p of descriptor.parameters) {
        if (!known.has(p.name)) {
          this.leftOut.push(`parameter ${descriptor.prefix}${p.name} of ${descriptor.name}`);
          continue;
        }
        const values = known.get(p.name);
        if (values && Array.isArray(p.type)) {
          const type = (p.type as readonly string[]).filter((v) => values.includes(v));
          const missing = (p.type as readonly string[]).filter((v) => !values.includes(v));
          if (missing.length > 0)
            this.leftOut.push(`${descriptor.prefix}${p.name}=${missing.join('|')} of ${descriptor.name}`);
          parameters.push({ ...p, type });
        } else parameters.push(p);
      }
      this.all.push({ ...descriptor, parameters });
    }
    this.byName = new Map(this.all.map((d) => [d.name, d]));
    this.generators = this.all.filter((d) => d.generator);
    this.props = this.all.filter((d) => d.group === 'prop');
  }
}

const NAMESPACES = ['0', '1', '2', '3', '4', '6', '8', '10', '12', '14', '-1', '-2', '828', '3000', 'x'];

const TIMESTAMPS = [
  '2026-11-21T22:26:38Z',
  '20261121222638',
  '2026-11-21 22:26:38',
  '2026-11-21T22:26:38.000Z',
  '2026-11-21T23:26:38+01:00',
  '1795386398',
  'Sat, 21 Nov 2026 22:26:38 GMT',
  '2005-07-07T15:31:37Z',
  '2003-03-17T11:02:55Z',
  'now',
  'infinity',
  '0',
  '',
  '2026-13-45T99:00:00Z',
  'gestern',
  '1000000000000',
];

const STRINGS = [
  'A',
  'Ber',
  'Be',
  'K',
  'Kö',
  'a',
  '',
  'Zzz',
  'Foo bar',
  'Foo_bar',
  '!',
  '|',
  '\u00e4',
  '0',
  'x'.repeat(300),
];
const CLEAN_STRINGS = ['A', 'Ber', 'K', 'Kö', 'Berlin', 'Stadt'];
const INTEGERS = ['0', '1', '-1', '5', '10', '100', '123', '2147483648', 'abc', '1.5', ' 7', '+3', '0x10', ''];

/** Valid values of the types that have them, for a clean request (see `generateRequest`). */
const CLEAN_NAMESPACES = ['0', '1', '2', '4', '6', '10', '14', '828'];
const CLEAN_TIMESTAMPS = [
  '2026-11-21T22:26:38Z',
  '20261121222638',
  '2005-07-07T15:31:37Z',
  '2003-03-17T11:02:55Z',
  'now',
];
const CLEAN_LIMITS = ['max', '1', '2', '3', '5', '10', '50'];
/** Parameters whose values are valid for some pages or revisions only, left out of a clean request. */
const UNCLEAN_PARAMETERS = /^(?:section|diffto|difftotext|difftotextpst|parse|contentformat|urlparam)$/;
/**
 * The share of clean requests: every value valid, so that the answer is the module's data rather
 * than an error or a warning, in every format (most requests hold at least one value that is not).
 */
const CLEAN_SHARE = 0.25;

function pickTitle(r: Random, pools: ValuePools, clean = false): string {
  const roll = clean ? r.next() * 0.73 : r.next();
  if (roll < 0.45) return r.pick(pools.titles);
  if (roll < 0.6) return r.pick(pools.redirects);
  if (roll < 0.68) return r.pick(pools.categories.map((c) => `Kategorie:${c}`));
  if (roll < 0.73) return r.pick(pools.files);
  return r.pick(EDGE_TITLES);
}

function pickUser(r: Random, pools: ValuePools, clean = false): string {
  return clean || r.chance(0.7) ? r.pick(pools.users) : r.pick(EDGE_USERS);
}

/** One value of a parameter's type, valid most of the time (always in a clean request). */
function scalarValue(
  r: Random,
  p: ParamDescriptor,
  pools: ValuePools,
  enumValues: readonly string[],
  clean = false,
): string {
  if (clean) {
    const value = cleanValue(r, p, pools, enumValues);
    if (value !== undefined) return value;
  }
  if (isEnumType(p.type)) {
    if (enumValues.length > 0 && r.chance(0.9)) return r.pick(enumValues);
    return r.pick(['bogus', 'ALL', '', '*']);
  }
  switch (p.type) {
    case 'boolean':
      return r.pick(['', '1', 'true', 'false', '0']);
    case 'integer': {
      const near = [p.min, p.max].filter((n): n is number => n !== undefined).flatMap((n) => [n - 1, n, n + 1]);
      return r.chance(0.5) && near.length > 0 ? String(r.pick(near)) : r.pick(INTEGERS);
    }
    case 'limit': {
      const max = p.max ?? 500;
      const high = p.highmax ?? max;
      return r.pick([
        'max',
        'max',
        '1',
        '2',
        '3',
        '5',
        '10',
        '50',
        String(max),
        String(max + 1),
        String(high + 1),
        '0',
        '-1',
        'abc',
      ]);
    }
    case 'namespace':
      return r.pick(NAMESPACES);
    case 'timestamp':
      return r.pick(TIMESTAMPS);
    case 'user':
      return pickUser(r, pools);
    case 'title':
      return pickTitle(r, pools);
    default:
      return stringValue(r, p, pools);
  }
}

/** A valid value of the parameter's type, where the type says what is valid. */
function cleanValue(
  r: Random,
  p: ParamDescriptor,
  pools: ValuePools,
  enumValues: readonly string[],
): string | undefined {
  if (isEnumType(p.type)) return enumValues.length > 0 ? r.pick(enumValues) : undefined;
  switch (p.type) {
    case 'boolean':
      return '1';
    case 'integer': {
      const low = p.min ?? 0;
      const high = p.max ?? low + 100;
      return String(r.pick([low, high, Math.min(high, Math.max(low, 5))]));
    }
    case 'limit':
      return r.pick(CLEAN_LIMITS);
    case 'namespace':
      return r.pick(CLEAN_NAMESPACES);
    case 'timestamp':
      return r.pick(CLEAN_TIMESTAMPS);
    case 'user':
      return pickUser(r, pools, true);
    case 'title':
      return pickTitle(r, pools, true);
    default:
      return stringValue(r, p, pools, true);
  }
}

/** A string parameter's value, guided by what its name says it holds. */
function stringValue(r: Random, p: ParamDescriptor, pools: ValuePools, clean = false): string {
  const name = p.name;
  if (/title|page|from|to$|prefix|start$|end$/.test(name) && (clean || r.chance(0.7))) {
    const title = pickTitle(r, pools, clean);
    return r.chance(0.5) ? title.replace(/^[^:]+:/, '') : title;
  }
  if (/user/.test(name)) return pickUser(r, pools, clean);
  if (/search|query/.test(name) && clean) return r.pick(['Berlin', 'Stadt', 'Köln', 'intitle:Berlin', 'a*']);
  if (/search|query/.test(name))
    return r.pick(['Berlin', 'Stadt', 'Köln', 'intitle:Berlin', 'xyzzy', '', 'a*', '"Berlin Mitte"']);
  if (/continue/.test(name)) return r.pick(['', 'garbage', '0|0', '20261121222638|372', 'A|1', '1']);
  if (/categor/.test(name)) return r.pick(pools.categories);
  if (/url|query|domain/.test(name) && clean) return r.pick(['example.org', '*.example.org', 'berlin.example']);
  if (/url|query|domain/.test(name))
    return r.pick(['example.org', 'http://example.org', '*.example.com', 'https://', '']);
  return r.pick(clean ? CLEAN_STRINGS : STRINGS);
}

function enumValuesOf(p: ParamDescriptor): readonly string[] {
  if (!isEnumType(p.type)) return [];
  return Array.isArray(p.type) ? (p.type as readonly string[]) : ['http://', 'https://', 'ftp://', 'mailto:'];
}

/**
 * A multi-value: a few values joined by `|`, sometimes in the U+001F form or too many (but in a
 * clean request).
 */
function multiValue(r: Random, p: ParamDescriptor, values: string[], pools: ValuePools, clean = false): string {
  const enumValues = enumValuesOf(p);
  if (p.allspecifier && r.chance(0.1)) return '*';
  if (clean) {
    if (enumValues.length > 0) return r.sample(enumValues, r.int(1, Math.min(4, enumValues.length))).join('|');
    return Array.from({ length: r.int(1, 3) }, () => scalarValue(r, p, pools, enumValues, true)).join('|');
  }
  let chosen: string[];
  if (r.chance(0.04)) {
    chosen = Array.from({ length: MULTI_LOW_LIMIT + r.int(1, 5) }, () => scalarValue(r, p, pools, enumValues));
  } else if (enumValues.length > 0 && r.chance(0.8)) {
    chosen = r.sample(enumValues, r.int(1, Math.min(4, enumValues.length)));
    if (r.chance(0.1)) chosen.push(r.pick(['bogus', chosen[0]]));
  } else {
    chosen =
      values.length > 0 ? values : Array.from({ length: r.int(1, 3) }, () => scalarValue(r, p, pools, enumValues));
  }
  if (r.chance(0.08)) return `\u001f${chosen.join('\u001f')}`;
  return chosen.join('|');
}

function paramValue(r: Random, p: ParamDescriptor, pools: ValuePools, clean = false): string {
  if (p.multi) return multiValue(r, p, [], pools, clean);
  const value = scalarValue(r, p, pools, enumValuesOf(p), clean);
  if (clean) return value;
  // A single value in the multi-value form (U+001F first), which only multi-value parameters take.
  return r.chance(0.01) ? `\u001f${value}` : value;
}

/** Some of a module's parameters with values, under the given prefix (`g` + prefix for a generator). */
function moduleParams(
  m: ComparableModules,
  r: Random,
  name: string,
  prefix: string,
  pools: ValuePools,
  share: number,
  clean = false,
): [string, string][] {
  const d = m.byName.get(name);
  if (!d) return [];
  const out: [string, string][] = [];
  for (const p of d.parameters) {
    if (p.name === 'continue' && (clean || r.chance(0.9))) continue;
    // A clean request leaves out what is only valid for some pages: sections, diffs, parsing.
    if (clean && UNCLEAN_PARAMETERS.test(p.name)) continue;
    if (r.chance(share)) out.push([`${prefix}${d.prefix}${p.name}`, paramValue(r, p, pools, clean)]);
  }
  if (!clean && r.chance(0.02)) out.push([`${prefix}${d.prefix}unbekannt`, '1']);
  return out;
}

function pageSetParams(r: Random, pools: ValuePools, clean = false): [string, string][] {
  const roll = r.next();
  const count = !clean && r.chance(0.1) ? MULTI_LOW_LIMIT + 1 : r.int(1, 5);
  const valid = () => clean || r.chance(0.85);
  if (roll < 0.6) {
    const titles = Array.from({ length: count }, () => pickTitle(r, pools, clean));
    return [['titles', !clean && r.chance(0.05) ? `\u001f${titles.join('\u001f')}` : titles.join('|')]];
  }
  if (roll < 0.8) {
    const ids = Array.from({ length: count }, () =>
      valid() ? String(r.pick(pools.pageids)) : r.pick(['0', '999999', '-3', 'abc']),
    );
    return [['pageids', ids.join('|')]];
  }
  const ids = Array.from({ length: count }, () =>
    valid() ? String(r.pick(pools.revids)) : r.pick(['0', '999999', 'abc']),
  );
  return [['revids', ids.join('|')]];
}

/** The query part of a request (which modules, their parameters) and the modules it runs. */
function queryParams(
  m: ComparableModules,
  r: Random,
  pools: ValuePools,
  only: string | undefined,
): { params: [string, string][]; modules: string[]; clean?: boolean } {
  const target = only ? m.byName.get(only) : undefined;
  if (only && !target) throw new Error(`no query module named ${only}`);
  const roll = r.next();
  const params: [string, string][] = [['action', 'query']];
  const modules: string[] = [];
  const share = r.pick([0.1, 0.25, 0.5]);
  const clean = r.chance(CLEAN_SHARE);
  const asGenerator = target ? target.generator === true && r.chance(0.3) : roll < 0.3;
  if (asGenerator) {
    const g = target ?? r.pick(m.generators);
    params.push(['generator', g.name], ...moduleParams(m, r, g.name, 'g', pools, share, clean));
    modules.push(g.name);
    if (g.group === 'prop') params.push(...pageSetParams(r, pools, clean));
    for (const prop of r.sample(m.props, r.int(0, 3))) {
      params.push(['prop', prop.name]);
      params.push(...moduleParams(m, r, prop.name, '', pools, share, clean));
      modules.push(prop.name);
    }
  } else {
    const d = target ?? (roll < 0.4 ? null : r.pick(m.all));
    if (d === null) {
      params.push(...pageSetParams(r, pools, clean));
    } else {
      params.push([d.group, d.name], ...moduleParams(m, r, d.name, '', pools, share, clean));
      modules.push(d.name);
      if (d.group === 'prop') {
        params.push(...pageSetParams(r, pools, clean));
        if (r.chance(0.3)) {
          const other = r.pick(m.props);
          if (other.name !== d.name) {
            params.push(['prop', other.name], ...moduleParams(m, r, other.name, '', pools, share, clean));
            modules.push(other.name);
          }
        }
      }
    }
  }
  // Clients combine modules in one request (a list beside the page set, siteinfo with userinfo),
  // and sometimes name the pages twice over (refused).
  if (r.chance(0.06)) {
    const other = r.pick(m.all.filter((d) => d.group !== 'prop'));
    if (!modules.includes(other.name)) {
      params.push([other.group, other.name], ...moduleParams(m, r, other.name, '', pools, share, clean));
      modules.push(other.name);
    }
  }
  if (!clean && r.chance(0.02)) params.push(...pageSetParams(r, pools));
  if (r.chance(0.03)) params.push(['export', '1']);
  if (r.chance(0.02)) params.push(['exportschema', r.pick(['0.10', '0.11', '0.9'])]);
  // A parameter in PHP's array syntax, as some HTTP libraries send lists (`titles[]=a`).
  if (!clean && r.chance(0.01) && params.length > 1) {
    const at = r.int(1, params.length - 1);
    params[at] = [`${params[at][0]}[]`, params[at][1]];
  }
  if (r.chance(0.3)) params.push(['redirects', '1']);
  if (r.chance(0.1)) params.push(['converttitles', '1']);
  if (r.chance(0.1)) params.push(['indexpageids', '1']);
  if (r.chance(0.03)) params.push(['iwurl', '1']);
  return { params: mergeMulti(params), modules, clean };
}

/** A module parameter named twice (`prop`, `list`, `meta`) becomes one `prop=a|b`, as clients send it. */
function mergeMulti(params: [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of params) {
    const earlier = ['prop', 'list', 'meta'].includes(name) ? out.find(([n]) => n === name) : undefined;
    if (earlier) earlier[1] = `${earlier[1]}|${value}`;
    else out.push([name, value]);
  }
  return out;
}

/** The parameters of `api.php` itself: format, its version, error format, language. */
function mainParams(r: Random, clean = false): [string, string][] {
  const out: [string, string][] = [];
  // A clean request's data is printed in each format alike: the printers' shapes of it are compared.
  const format = !clean && r.next() < 0.8 ? 'json' : r.pick(['jsonfm', 'xml', 'php', ...(clean ? ['json'] : [])]);
  out.push(['format', format]);
  if (r.chance(0.5)) out.push(['formatversion', r.chance(0.95) ? '2' : r.pick(['1', 'latest', '3'])]);
  if (r.chance(0.35)) out.push(['errorformat', r.pick(['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'])]);
  if (r.chance(0.3)) out.push(['uselang', r.pick(['de', 'en', 'en', 'user', 'content', 'qqx'])]);
  if (r.chance(0.05)) out.push(['errorlang', r.pick(['en', 'de', 'content', 'uselang', 'qqx'])]);
  if (r.chance(0.03)) out.push(['errorsuselocal', '1']);
  if (r.chance(0.02)) out.push(['utf8', '1']);
  if (r.chance(0.02)) out.push(['ascii', '1']);
  // The request's metadata and assertions, as bots send them.
  if (r.chance(0.02)) out.push(['requestid', r.pick(['r1', '<&>', ''])]);
  if (r.chance(0.02)) out.push(['servedby', '1']);
  if (r.chance(0.02)) out.push(['curtimestamp', '1']);
  if (r.chance(0.02)) out.push(['responselanginfo', '1']);
  if (r.chance(0.03)) out.push(['assert', r.pick(['user', 'bot', 'anon', 'bogus'])]);
  if (r.chance(0.02)) out.push(['assertuser', r.pick([...LOGGED_IN_SENDERS, 'Gustav', ''])]);
  if (r.chance(0.02)) out.push(['origin', r.pick(['*', 'https://example.org'])]);
  return out;
}

/** The actions other than `query` the tester sends, when `--module` names one. */
export const READING_ACTIONS: Readonly<Record<string, readonly ParamDescriptor[]>> = {
  compare: [...COMPARE_PARAMETERS, ...COMPARE_TEMPLATED_PARAMETERS],
  expandtemplates: EXPANDTEMPLATES_PARAMETERS,
};

/** Wikitext to compare or expand: lines changed and moved, templates, signatures, pipe tricks. */
const TEXTS = [
  'a',
  '',
  'a\nb c d e\nf\n\ng',
  'Der erste Absatz ist lang genug zum Verschieben hier.\nx\ny',
  'x ~~~ [[a (b)|]] [[|e]] {{subst:PAGENAME}} <nowiki>~~~</nowiki> <!-- ~~~ -->\r\nz  \n',
  '{{Infobox Stadt|Name=X|Einwohner=5}} {{PAGENAME}} {{#if:{{{1|}}}|ja|nein}}',
  '== Neu ==\nText [[Berlin]] [[Kategorie:Stadt]]',
  '{{subst:lc:ABC}} {{DEFAULTSORT:Zed}} {{DISPLAYTITLE:X}} {{#time:Y-m-d|2020-01-05}}',
  '{"a": [1, 2], "b": {}}',
];
const SECTIONS = ['0', '1', '2', '3', 'new', '99', 'T-1', 'abc', ''];

/** One value of an action's parameter, by what its name says it holds. */
function actionValue(r: Random, p: ParamDescriptor, pools: ValuePools): string {
  if (p.type === 'text') return r.pick(TEXTS);
  if (/rev(id)?$/.test(p.name) && r.chance(0.85)) return String(r.pick(pools.revids));
  if (/id$/.test(p.name) && r.chance(0.85)) return String(r.pick(pools.pageids));
  if (/section/.test(p.name)) return r.pick(SECTIONS);
  if (/title$/.test(p.name)) return pickTitle(r, pools);
  return paramValue(r, p, pools);
}

/**
 * A request of an action: each side of `compare` named most of the time (a revision, a page, a
 * text or the slots with their texts, the second side also relative to the first), the other
 * parameters as often as a query module's.
 */
function actionParams(r: Random, pools: ValuePools, action: string): [string, string][] {
  const parameters = READING_ACTIONS[action] ?? [];
  const out: [string, string][] = [['action', action]];
  const share = r.pick([0.1, 0.25, 0.5]);
  const named = new Set<string>();
  if (action === 'compare') {
    for (const side of ['from', 'to']) {
      if (r.chance(0.05)) continue;
      const kinds = ['title', 'id', 'rev', 'text', 'slots', ...(side === 'to' ? ['relative', 'relative'] : [])];
      named.add(`${side}${r.pick(kinds)}`);
    }
    if ([...named].some((name) => name.endsWith('slots')) && r.chance(0.9)) {
      for (const name of [...named]) if (name.endsWith('slots')) named.add(name.replace('slots', 'text-{slot}'));
    }
  }
  for (const p of parameters) {
    if (!named.has(p.name) && !r.chance(share)) continue;
    const name = p.name.replace('{slot}', 'main');
    const value = name.endsWith('slots') ? r.pick(['main', 'main', '', 'bogus']) : actionValue(r, p, pools);
    out.push([name, value]);
  }
  return out;
}

/** The next request of the series. */
export function generateRequest(number: number, options: GenerateOptions): GeneratedRequest {
  const r = options.random;
  const { params, modules, clean } =
    options.module !== undefined && options.module in READING_ACTIONS
      ? { params: actionParams(r, options.pools, options.module), modules: [options.module] }
      : queryParams(options.modules, r, options.pools, options.module);
  const sender: Sender = r.chance(0.55) ? 'anonymous' : r.pick(LOGGED_IN_SENDERS);
  const hasLimit = params.some(([name, value]) => /limit$/.test(name) && /^[1-9]$/.test(value));
  return {
    number,
    method: r.chance(0.2) ? 'POST' : 'GET',
    sender,
    params: [...params, ...mainParams(r, clean)],
    modules,
    followContinuation: hasLimit || r.chance(0.15),
  };
}

/**
 * The pages a prop module of a full-output request reads: articles with categories, templates,
 * files and links, a redirect, a category, a template, a file, a user page and a missing page.
 */
const FULL_OUTPUT_TITLES =
  'Berlin|Hamburg|BRD|Kategorie:Stadt|Vorlage:Infobox Stadt|Datei:Beispiel.png|Benutzer:Alice|Gibt es nicht';

/** What a list or meta module needs to answer with data rather than an error or nothing. */
const FULL_OUTPUT_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  allmessages: { messages: 'mainpage|aboutsite|api-error-badtoken' },
  backlinks: { title: 'Berlin' },
  categorymembers: { title: 'Kategorie:Stadt' },
  embeddedin: { title: 'Vorlage:Infobox Stadt' },
  exturlusage: { query: 'example.org' },
  imageusage: { title: 'Datei:Beispiel.png' },
  iwbacklinks: { prefix: 'wikipedia' },
  langbacklinks: { lang: 'en' },
  languageinfo: { code: 'de|en|fr' },
  prefixsearch: { search: 'Ber' },
  querypage: { page: 'Wantedpages' },
  search: { search: 'Stadt' },
  tokens: { type: 'csrf|watch|login' },
  usercontribs: { user: 'Alice' },
  users: { users: 'Alice|Admin|Eve' },
};

/** Modules that answer from a session's uploads, which neither server's senders have. */
const NO_FULL_OUTPUT = new Set(['mystashedfiles', 'stashimageinfo']);

/** The formats a full-output request is printed in: each format's shape of the same data. */
const FULL_OUTPUT_FORMATS: readonly (readonly [string, string])[] = [
  ['json', '1'],
  ['json', '2'],
  ['xml', '1'],
  ['php', '1'],
  ['php', '2'],
  ['jsonfm', '2'],
];

/**
 * A fixed series beside the random one: each query module with every value of its `prop`, all
 * slots and a small limit, on pages that have data, in each format, anonymous and as the
 * administrator; each generator with the prop modules most clients ask for. The random series
 * seldom makes a request whose values are all valid and whose output is all a module can give,
 * and a printer's shape of rarer fields (a revision's slots in XML) goes unseen there.
 */
export function fullOutputRequests(m: ComparableModules, firstNumber: number): GeneratedRequest[] {
  const requests: GeneratedRequest[] = [];
  const add = (sender: Sender, params: [string, string][], module: string) =>
    requests.push({
      number: firstNumber + requests.length,
      method: 'GET',
      sender,
      params,
      modules: [module],
      followContinuation: false,
    });
  for (const d of m.all) {
    if (NO_FULL_OUTPUT.has(d.name)) continue;
    const own: [string, string][] = [];
    for (const p of d.parameters) {
      if (p.name === 'prop' && Array.isArray(p.type))
        own.push(['prop', (p.type as readonly string[]).filter((v) => v !== 'parsetree').join('|')]);
      if (p.name === 'limit') own.push(['limit', '5']);
      if (p.name === 'slots') own.push(['slots', '*']);
    }
    for (const [name, value] of Object.entries(FULL_OUTPUT_VALUES[d.name] ?? {})) own.push([name, value]);
    const pages: [string, string][] = d.group === 'prop' ? [['titles', FULL_OUTPUT_TITLES]] : [];
    const module: [string, string][] = [
      ['action', 'query'],
      [d.group, d.name],
      ...own.map(([name, value]): [string, string] => [`${d.prefix}${name}`, value]),
      ...pages,
    ];
    for (const [format, version] of FULL_OUTPUT_FORMATS)
      for (const sender of ['anonymous', 'Admin'] as const)
        add(sender, [...module, ['format', format], ['formatversion', version]], d.name);
    if (!d.generator) continue;
    const generator: [string, string][] = [
      ['action', 'query'],
      ['generator', d.name],
      ...own
        .filter(([name]) => name !== 'prop')
        .map(([name, value]): [string, string] => [`g${d.prefix}${name}`, value]),
      ...pages,
      ['prop', 'info|revisions|categories|pageprops'],
      ['inprop', 'url|protection|displaytitle'],
      ['rvprop', 'ids|content|contentmodel|slotsize'],
      ['rvslots', 'main'],
      ['cllimit', 'max'],
    ];
    for (const [format, version] of FULL_OUTPUT_FORMATS.filter(([f]) => f !== 'jsonfm'))
      add('Admin', [...generator, ['format', format], ['formatversion', version]], d.name);
  }
  return requests;
}
