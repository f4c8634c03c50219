/**
 * The one parameter validator: reads a module's parameters from the request as its descriptor
 * declares them and returns typed values, or throws MediaWiki's error. Modules never re-validate.
 */

import type { SiteConfig } from '../../site/site.js';
import type { TitleCodec } from '../../site/title.js';
import { urlProtocols } from '../../site/url-protocols.js';
import { userParamValue } from '../../site/user-name.js';
import { phpCompare } from '../../text/byte-order.js';
import { withXmlTextOnly } from '../../text/escape.js';
import { ApiError, type ApiMessage, apiError, message } from '../errors.js';
import type { ResultObject } from '../result/tree.js';
import {
  DEFAULT_USER_SUBTYPES,
  MULTI_HIGH_LIMIT,
  MULTI_LOW_LIMIT,
  type ParamDescriptor,
  type ParamsOfList,
  type ParamType,
  type ParamValue,
  type ParamValues,
  type TemplatedParamDescriptor,
} from './descriptor.js';
import type { RequestParams } from './request.js';
import { parseTimestamp, toMwTimestamp } from './timestamp.js';

export type { ParamValue, ParamValues } from './descriptor.js';

export interface ValidationEnvironment {
  site: SiteConfig;
  /** The site's title parser: a `title` parameter must be a title it accepts. */
  titles: TitleCodec;
  /** The caller has `apihighlimits`. */
  highLimits: boolean;
  now: Date;
  warn(module: string, msg: ApiMessage): void;
  /** Records `limit=max` as the value it stood for (`limits` block of the answer). */
  recordLimit(moduleName: string, value: number): void;
}

export interface ModuleParamScope {
  /** Prefix put before each name in the request (`g` + the module's prefix in generator mode). */
  prefix: string;
  /** Module path for warnings (`query+allpages`, `main`). */
  path: string;
  /** Module name for the `limits` block. */
  name: string;
  /**
   * The module as a request names it (`action=query&prop=langlinks`): deprecation warnings give
   * it, with the parameter, as their `feature`. Derived from `path` when absent.
   */
  feature?: string;
}

/** `action=query&prop=langlinks&llurl` for a deprecation of `llurl` in that module. */
function deprecatedFeature(scope: ModuleParamScope, rest: string): ResultObject {
  const module = scope.feature ?? (scope.path === 'main' ? '' : `action=${scope.path.replace(/\+/g, '&')}`);
  return { feature: module ? `${module}&${rest}` : rest };
}

/** Enum values a parameter accepts, with site-dependent lists resolved. */
export function enumValues(type: ParamType, site: SiteConfig): readonly string[] | undefined {
  if (typeof type === 'string') return undefined;
  if ('siteEnum' in type) return urlProtocols(site);
  return type as readonly string[];
}

/**
 * Enum values as descriptions of a parameter list them (`action=paraminfo`, help): sorted, the
 * deprecated ones last. Errors name them in the order the module declares them.
 */
export function valuesForHelp(param: ParamDescriptor, site: SiteConfig): readonly string[] | undefined {
  const values = enumValues(param.type, site);
  // Site-dependent lists and lists of submodules (ordered as MediaWiki lists modules) keep their order.
  if (!values || !Array.isArray(param.type) || param.submodules) return values;
  // A fixed list: sorted once per descriptor.
  let sorted = sortedForHelp.get(param);
  if (!sorted) {
    const deprecated = new Set(param.deprecatedvalues ?? []);
    sorted = [...values].sort((a, b) => Number(deprecated.has(a)) - Number(deprecated.has(b)) || phpCompare(a, b));
    sortedForHelp.set(param, sorted);
  }
  return sorted;
}

const sortedForHelp = new WeakMap<ParamDescriptor, readonly string[]>();

const namespaceIds = new WeakMap<SiteConfig, string[]>();

/** Namespace ids a `namespace` parameter accepts. */
function namespaceValues(param: ParamDescriptor, site: SiteConfig): string[] {
  let ids = namespaceIds.get(site);
  if (!ids) {
    ids = site.namespaces.filter((ns) => ns.id >= 0).map((ns) => String(ns.id));
    namespaceIds.set(site, ids);
  }
  // The extra ones (-2, -1) come first, as MediaWiki lists them.
  return param.extranamespaces ? [...param.extranamespaces.map(String), ...ids] : ids;
}

/** A multi-value's values: none for an empty value or a lone U+001F, as MediaWiki splits them. */
export function splitMulti(raw: string): string[] {
  if (raw === '' || raw === '\u001f') return [];
  if (raw.startsWith('\u001f')) return raw.slice(1).split('\u001f');
  return raw.split('|');
}

export function resolveDefault(param: ParamDescriptor, site: SiteConfig): string | undefined {
  const value = param.default;
  if (value === undefined || typeof value === 'string') return value;
  return value.fromSite === 'language' ? site.language : site.mainPage;
}

/**
 * A descriptor's fields in one object shape, with the name it was last read under. Descriptors are
 * object literals of as many shapes as there are combinations of optional fields, so the
 * validator's reads of their fields, dozens a request, would each be a lookup in a shape it has
 * not seen; a spec is made once per descriptor and read in one shape. The prefixed name is kept
 * for the prefix last used (a module's own, `g` and its own as a generator): a name built anew
 * must be flattened and hashed again for each lookup.
 */
export class ParamSpec implements ParamDescriptor {
  readonly name: string;
  readonly type: ParamType;
  readonly default: ParamDescriptor['default'];
  readonly required: boolean | undefined;
  readonly multi: boolean | undefined;
  readonly allspecifier: boolean | undefined;
  readonly allowsduplicates: boolean | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly highmax: number | undefined;
  readonly halvedBy: string | undefined;
  readonly extranamespaces: readonly number[] | undefined;
  readonly subtypes: ParamDescriptor['subtypes'];
  readonly deprecated: boolean | undefined;
  readonly deprecatedvalues: readonly string[] | undefined;
  readonly checkedByModule: boolean | undefined;
  private lastPrefix = '';
  private lastName: string;

  constructor(param: ParamDescriptor) {
    this.name = param.name;
    this.type = param.type;
    this.default = param.default;
    this.required = param.required;
    this.multi = param.multi;
    this.allspecifier = param.allspecifier;
    this.allowsduplicates = param.allowsduplicates;
    this.min = param.min;
    this.max = param.max;
    this.highmax = param.highmax;
    this.halvedBy = param.halvedBy;
    this.extranamespaces = param.extranamespaces;
    this.subtypes = param.subtypes;
    this.deprecated = param.deprecated;
    this.deprecatedvalues = param.deprecatedvalues;
    this.checkedByModule = param.checkedByModule;
    this.lastName = param.name;
  }

  /** The name with `prefix` before it. */
  prefixed(prefix: string): string {
    if (prefix === '') return this.name;
    if (prefix !== this.lastPrefix) {
      this.lastPrefix = prefix;
      this.lastName = prefix + this.name;
    }
    return this.lastName;
  }
}

const specs = new WeakMap<ParamDescriptor, ParamSpec>();
const specLists = new WeakMap<readonly ParamDescriptor[], readonly ParamSpec[]>();

/** The descriptor's spec, made once. */
export function paramSpec(param: ParamDescriptor): ParamSpec {
  if (param instanceof ParamSpec) return param;
  let spec = specs.get(param);
  if (!spec) {
    spec = new ParamSpec(param);
    specs.set(param, spec);
  }
  return spec;
}

/**
 * The specs of a parameter list by name, for code that reads parameters one by one by constant
 * names (`SPECS.format`): an object V8 keeps in fast mode (`Object.fromEntries` makes one;
 * properties added one by one past a dozen turn it into a dictionary), so each read is a load at a
 * known offset rather than a hash lookup. (Read by a name held in a variable, `SPECS[name]`, the
 * load sees every name and costs more than a `Map`.)
 */
export function specsByName<N extends string>(params: readonly ParamDescriptor[]): { readonly [K in N]: NamedSpec<K> } {
  // The caller names the list's parameters (N); each spec is the descriptor of that name.
  return Object.fromEntries(params.map((p) => [p.name, paramSpec(p)])) as { readonly [K in N]: NamedSpec<K> };
}

/** A spec whose name is known to the type checker, so that reading it can be typed by the name. */
export type NamedSpec<N extends string> = ParamSpec & { readonly name: N };

/** The specs of a descriptor's parameter list, made once per list. */
function paramSpecs(params: readonly ParamDescriptor[]): readonly ParamSpec[] {
  let list = specLists.get(params);
  if (!list) {
    list = params.map(paramSpec);
    specLists.set(params, list);
  }
  return list;
}

export class ParamValidator {
  constructor(
    private readonly request: RequestParams,
    private readonly env: ValidationEnvironment,
  ) {}

  /**
   * Reads every parameter of a descriptor (and its templated parameters), typed from the list when
   * it is declared `as const`. With `halvedLater`, a limit halved by another parameter is left for
   * `applyHalvedLimits` (a module that checks it after reading its parameters a second time).
   */
  readAll<L extends readonly ParamDescriptor[]>(
    params: L,
    scope: ModuleParamScope,
    templated: readonly TemplatedParamDescriptor[] = [],
    options: { halvedLater?: boolean } = {},
  ): ParamsOfList<L> {
    const values: ParamValues = {};
    // Every parameter is read, so that each one's warnings are given, before the first error ends
    // the request (MediaWiki reads a module's parameters the same way).
    let firstError: ApiError | undefined;
    const specList = paramSpecs(params);
    for (const param of specList) {
      const fullName = param.prefixed(scope.prefix);
      // Once one is refused, a parameter the request did not send has nothing left to say: its
      // default neither warns nor fails, and no value is returned. (One sent in PHP's array
      // syntax still warns.)
      if (firstError && this.request.peek(fullName) === undefined && !this.request.sentAsArray(fullName)) continue;
      try {
        values[param.name] = this.readValue(param, scope, fullName);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        error.module ??= scope.path;
        firstError ??= error;
      }
    }
    if (firstError) throw firstError;
    if (!options.halvedLater) for (const param of specList) this.applyHalvedLimit(param, scope, values);
    for (const template of templated) {
      const [variable, source] = Object.entries(template.templatevars)[0] ?? [];
      if (!variable || !source) continue;
      const sourceValues = values[source];
      for (const item of Array.isArray(sourceValues) ? sourceValues : []) {
        const name = template.name.replace(`{${variable}}`, String(item));
        // Names made from the request's values are not kept.
        values[name] = this.readSpec(new ParamSpec({ ...template, name }), scope, scope.prefix + name);
      }
    }
    // The validator converts each value as the descriptor declares: the type says the same.
    return values as ParamsOfList<L>;
  }

  /** The limits among `params` halved by another parameter, checked against the halved range (in place). */
  applyHalvedLimits(params: readonly ParamDescriptor[], scope: ModuleParamScope, values: ParamValues): void {
    for (const param of paramSpecs(params)) this.applyHalvedLimit(param, scope, values);
  }

  /**
   * A limit halved by another parameter (backlinks' `redirect`), read again against the halved
   * range once all parameters were read without error, with a warning of its own when it exceeds
   * it, as MediaWiki's modules do after reading their parameters.
   */
  private applyHalvedLimit(param: ParamSpec, scope: ModuleParamScope, values: ParamValues): void {
    if (param.type !== 'limit' || param.halvedBy === undefined) return;
    if (this.request.peek(scope.prefix + param.halvedBy) === undefined) return;
    const fullName = param.prefixed(scope.prefix);
    const value = values[param.name];
    if (typeof value !== 'number' || this.request.peek(fullName) === 'max') return;
    const max = this.env.highLimits && param.highmax !== undefined ? param.highmax : (param.max ?? Infinity);
    const half = new ParamSpec({
      ...param,
      max: param.max === undefined ? undefined : param.max / 2,
      highmax: param.highmax === undefined ? undefined : param.highmax / 2,
    });
    values[param.name] = this.integer(half, fullName, String(value), scope, max / 2);
  }

  /** One parameter's value; an error names the module of the scope. */
  read(param: ParamDescriptor, scope: ModuleParamScope): ParamValue {
    const spec = paramSpec(param);
    return this.readSpec(spec, scope, spec.prefixed(scope.prefix));
  }

  /**
   * `readValue` with its error named after the scope's module. (`readAll` names its errors where
   * it catches them: each throw and catch of an error costs a walk of the stack.)
   */
  private readSpec(param: ParamSpec, scope: ModuleParamScope, fullName: string): ParamValue {
    try {
      return this.readValue(param, scope, fullName);
    } catch (error) {
      if (error instanceof ApiError) error.module ??= scope.path;
      throw error;
    }
  }

  private readValue(param: ParamSpec, scope: ModuleParamScope, fullName: string): ParamValue {
    const raw = this.request.get(fullName);
    // A parameter sent in PHP's array syntax (`titles[]=…`) has no value, as in MediaWiki, which
    // says so from its main module (but of a boolean, which it only checks for).
    if (raw === undefined && param.type !== 'boolean' && this.request.sentAsArray(fullName)) {
      this.env.warn('main', message('unsupportedarray', 'apiwarn-unsupportedarray', [fullName]));
    }
    // A boolean's value is never read, so never found unclean (as in MediaWiki).
    if (raw !== undefined && param.type !== 'boolean' && this.request.sentUncleaned(fullName) !== undefined) {
      this.env.warn(scope.path, message('badutf8', 'apiwarn-badutf8', [fullName]));
    }
    if (param.type === 'boolean') {
      // MediaWiki names the value it read: a boolean sent in any form is "1".
      if (raw !== undefined && param.deprecated) this.deprecatedParam(fullName, '1', scope);
      return raw !== undefined;
    }
    if (raw === undefined) {
      const fallback = resolveDefault(param, this.env.site);
      if (fallback === undefined) {
        if (param.required) throw apiError('missingparam', 'paramvalidator-missingparam', [fullName]);
        return undefined;
      }
      return this.convert(param, fullName, fallback, scope, true);
    }
    // A required text parameter sent empty counts as not sent (naming the empty value); an empty
    // enum value is a bad value like any other.
    if (raw === '' && param.required && !enumValues(param.type, this.env.site)) {
      throw apiError('missingparam', 'paramvalidator-missingparam', [fullName, raw]);
    }
    if (param.deprecated) this.deprecatedParam(fullName, raw, scope);
    return this.convert(param, fullName, raw, scope, false);
  }

  private deprecatedParam(fullName: string, raw: string, scope: ModuleParamScope): void {
    this.env.warn(
      scope.path,
      message('deprecation', 'paramvalidator-param-deprecated', [fullName, raw], deprecatedFeature(scope, fullName)),
    );
  }

  private convert(
    param: ParamSpec,
    fullName: string,
    raw: string,
    scope: ModuleParamScope,
    isDefault: boolean,
  ): ParamValue {
    const site = this.env.site;
    let allowed = param.checkedByModule ? undefined : enumValues(param.type, site);
    if (param.type === 'namespace') allowed = namespaceValues(param, site);
    if (!param.multi) {
      // U+001F at the start marks a list of values, which only a multi-value parameter takes.
      if (raw.charCodeAt(0) === 0x1f) {
        throw apiError('badvalue', 'paramvalidator-notmulti', [fullName, withXmlTextOnly(raw)]);
      }
      if (allowed) {
        if (!allowed.includes(raw)) {
          throw apiError('badvalue', 'paramvalidator-badvalue-enumnotmulti', [
            fullName,
            raw,
            { list: allowed, type: 'text', numeric: param.type === 'namespace' },
            allowed.length,
          ]);
        }
        if (!isDefault && param.deprecatedvalues?.includes(raw)) this.deprecatedValue(fullName, raw, scope);
        return param.type === 'namespace' ? Number(raw) : raw;
      }
      return this.scalar(param, fullName, raw, scope);
    }

    let items = splitMulti(raw);
    const limit = this.env.highLimits ? MULTI_HIGH_LIMIT : MULTI_LOW_LIMIT;
    if (items.length > limit) {
      throw apiError('toomanyvalues', 'paramvalidator-toomanyvalues', [fullName, { num: limit }], {
        limit,
        lowlimit: MULTI_LOW_LIMIT,
        highlimit: MULTI_HIGH_LIMIT,
      });
    }
    if (param.allspecifier && allowed && items.length === 1 && items[0] === '*') {
      // Every value, a namespace parameter's extra ones (-2, -1) among them, as MediaWiki expands it.
      items = [...allowed];
    }
    // Unknown values are named as often as they were sent; duplicates go after. Each known value
    // is checked as it comes, so its deprecation is told before the unknown values are.
    const unknown = allowed ? items.filter((item) => !allowed.includes(item)) : [];
    if (allowed && !isDefault && param.deprecatedvalues) {
      for (const item of new Set(items))
        if (param.deprecatedvalues.includes(item)) this.deprecatedValue(fullName, item, scope);
    }
    if (!param.allowsduplicates) items = [...new Set(items)];
    if (allowed) {
      if (unknown.length > 0) {
        this.env.warn(
          scope.path,
          message(
            'unrecognizedvalues',
            'paramvalidator-unrecognizedvalues',
            [fullName, raw, { list: unknown, type: 'comma' }, unknown.length],
            { values: unknown },
          ),
        );
        items = items.filter((item) => allowed.includes(item));
      }
      return param.type === 'namespace' ? items.map(Number) : items;
    }
    const converted = items.map((item) => this.scalar(param, fullName, item, scope));
    return converted as string[] | number[];
  }

  private deprecatedValue(fullName: string, value: string, scope: ModuleParamScope): void {
    this.env.warn(
      scope.path,
      message(
        'deprecation',
        'paramvalidator-deprecated-value',
        [fullName, value],
        deprecatedFeature(scope, `${fullName}=${value}`),
      ),
    );
  }

  private scalar(param: ParamSpec, fullName: string, raw: string, scope: ModuleParamScope): string | number {
    switch (param.type) {
      case 'integer':
        return this.integer(param, fullName, raw, scope, param.max);
      case 'limit': {
        const max = this.env.highLimits && param.highmax !== undefined ? param.highmax : (param.max ?? Infinity);
        // A limit halved by another parameter is read against the whole range first; `max`
        // stands for the half.
        const halved = param.halvedBy !== undefined && this.request.peek(scope.prefix + param.halvedBy) !== undefined;
        if (raw === 'max') {
          const value = halved ? max / 2 : max;
          this.env.recordLimit(scope.name, value);
          return value;
        }
        // The halved range is applied once every parameter is read (readAll, or applyHalvedLimits
        // after a module's second reading).
        return this.integer(param, fullName, raw, scope, max);
      }
      case 'timestamp':
        return this.timestamp(fullName, raw, scope);
      case 'user':
        return this.user(param, fullName, raw);
      case 'title':
        if (!this.env.titles.parse(raw).ok) {
          throw apiError('badtitle', 'paramvalidator-badtitle', [fullName, raw]);
        }
        return raw;
      default:
        return raw;
    }
  }

  private integer(
    param: ParamSpec,
    fullName: string,
    raw: string,
    scope: ModuleParamScope,
    max: number | undefined,
  ): number {
    // As MediaWiki: digits with an optional sign, no surrounding space.
    const text = raw;
    if (!/^[+-]?\d+$/.test(text)) throw apiError('badinteger', 'paramvalidator-badinteger', [fullName, raw]);
    let value = Number(text);
    if (!Number.isSafeInteger(value)) {
      // MediaWiki reads integers as PHP's 64-bit ones and refuses what does not fit; those that do
      // but exceed what a double holds exactly stand for "more than any count" here.
      const exact = BigInt(text);
      if (exact > INT64_MAX || exact < INT64_MIN) {
        throw apiError('badinteger', 'paramvalidator-badinteger', [fullName, raw]);
      }
      value = exact > 0n ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
    }
    const min = param.min;
    const tooLow = min !== undefined && value < min;
    const tooHigh = max !== undefined && max !== Infinity && value > max;
    if (!tooLow && !tooHigh) return value;
    const key =
      min !== undefined && max !== undefined && max !== Infinity
        ? 'paramvalidator-outofrange-minmax'
        : min !== undefined
          ? 'paramvalidator-outofrange-min'
          : 'paramvalidator-outofrange-max';
    const params = [fullName, raw, min ?? '', max ?? ''];
    this.env.warn(scope.path, message('outofrange', key, params, outOfRangeData(param, max)));
    return tooLow ? (min as number) : (max as number);
  }

  private timestamp(fullName: string, raw: string, scope: ModuleParamScope): string {
    if (raw === '' || raw === '0') {
      this.env.warn(scope.path, message('unclearnowtimestamp', 'paramvalidator-unclearnowtimestamp', [fullName, raw]));
      return toMwTimestamp(this.env.now);
    }
    const date = parseTimestamp(raw, this.env.now);
    if (!date) throw apiError('badtimestamp', 'paramvalidator-badtimestamp', [fullName, raw]);
    return toMwTimestamp(date);
  }

  private user(param: ParamSpec, fullName: string, raw: string): string {
    const subtypes = param.subtypes ?? DEFAULT_USER_SUBTYPES;
    // A name with `>` is another wiki's (an imported edit's, `prefix>name`): MediaWiki takes it as it
    // is given, whatever its parts, unless it holds `#`; a parameter that takes no such names refuses it.
    if (raw.includes('>')) {
      if (subtypes.includes('interwiki') && !raw.includes('#')) return raw;
      throw apiError('baduser', 'paramvalidator-baduser', [fullName, raw]);
    }
    const normalized = userParamValue(raw, subtypes, this.env.titles);
    if (normalized === null) throw apiError('baduser', 'paramvalidator-baduser', [fullName, raw]);
    return normalized;
  }
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** The bounds MediaWiki gives with an out-of-range warning: `curmax` is the one applied. */
export function outOfRangeData(param: ParamDescriptor, curmax: number | undefined): ResultObject {
  const data: ResultObject = {};
  if (param.min !== undefined) data.min = param.min;
  if (curmax !== undefined && curmax !== Infinity) data.curmax = curmax;
  if (param.max !== undefined) {
    data.max = param.max;
    data.highmax = param.highmax ?? param.max;
  }
  return data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
