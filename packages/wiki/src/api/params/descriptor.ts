/**
 * Module and parameter descriptors: the data every module declares about itself. The validator,
 * `action=paraminfo`, `action=help` and generator parameters (`g` prefix) all read these; nothing
 * else describes a module's parameters.
 */

/** A value taken from the served site rather than fixed in the descriptor. */
export interface SiteValue {
  fromSite: 'language' | 'mainpage';
}

/** An enum whose values depend on the site (the URL protocols of `$wgUrlProtocols`). */
export interface SiteEnum {
  siteEnum: 'urlprotocols';
}

/**
 * `password` and `text` are strings that paraminfo names as MediaWiki does (login's `lgpassword`,
 * expandtemplates' `text`).
 */
export type ScalarType =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'timestamp'
  | 'limit'
  | 'namespace'
  | 'user'
  | 'title'
  | 'password'
  | 'text';

export type ParamType = ScalarType | readonly string[] | SiteEnum;

export type UserSubtype = 'name' | 'ip' | 'temp' | 'interwiki' | 'id' | 'cidr';

export interface ParamInfoMarker {
  name: string;
  values?: readonly (string | number)[];
}

export interface ParamDescriptor {
  name: string;
  type: ParamType;
  /** Default as MediaWiki presents it (multi defaults joined with `|`). */
  default?: string | SiteValue;
  required?: boolean;
  multi?: boolean;
  /** `*` means every value. */
  allspecifier?: boolean;
  allowsduplicates?: boolean;
  min?: number;
  max?: number;
  /** Upper bound for callers with `apihighlimits` (limits). */
  highmax?: number;
  /**
   * A limit whose bounds (`max`, `highmax`, and what `max` stands for) are halved when the module's
   * boolean parameter of this name is given, as backlinks' and imageusage's with `redirect`.
   * paraminfo still shows the full bounds, as MediaWiki does.
   */
  halvedBy?: string;
  extranamespaces?: readonly number[];
  /** Kinds of value a `user` parameter accepts; default: name, ip, temp, interwiki, id. */
  subtypes?: readonly UserSubtype[];
  deprecated?: boolean;
  deprecatedvalues?: readonly string[];
  sensitive?: boolean;
  info?: readonly ParamInfoMarker[];
  /**
   * The enum lists the values for help and paraminfo only; the module checks a request's value
   * itself (values with wildcards, such as `titleblacklist/*`, and MediaWiki's own error code).
   */
  checkedByModule?: boolean;
  /**
   * The parameter names modules (`action`, `format`, `prop`, `list`, `meta`, `generator`): each
   * value's module path, which paraminfo gives as `submodules` so that clients can ask for the
   * modules' own descriptions.
   */
  submodules?: Readonly<Record<string, string>>;
  /** The prefix the named module's parameters take under this one (`g` for the generator). */
  submoduleparamprefix?: string;
  /** The token a token parameter wants (`csrf`, `login`), for paraminfo. */
  tokentype?: string;
}

export interface TemplatedParamDescriptor extends ParamDescriptor {
  /** Variables of the name (`{slot}`) and the multi parameter that supplies their values. */
  templatevars: Readonly<Record<string, string>>;
  /**
   * The parameter it is listed after among the module's parameters (MediaWiki numbers both kinds
   * in one sequence there); without one it has no number.
   */
  follows?: string;
}

export type ModuleGroup = 'list' | 'prop' | 'meta';

export interface ModuleDescriptor {
  name: string;
  group: ModuleGroup;
  prefix: string;
  readrights?: boolean;
  /** Only answered to POST requests (`login`, `logout`, `clientlogin`). */
  mustbeposted?: boolean;
  generator?: boolean;
  deprecated?: boolean;
  /** The module changes the wiki's state (`login`, `clientlogin`). */
  writerights?: boolean;
  /** The module takes parameters its descriptor does not list (`clientlogin`'s form fields). */
  dynamicparameters?: boolean;
  /** `MediaWiki` for core modules, the extension's name otherwise. */
  source: string;
  /** The name MediaWiki's paraminfo reports for the module. */
  classname: string;
  licensetag: string;
  helpurl: string;
  /** The module's help pages, when it has none or more than one (otherwise `helpurl`). */
  helpurls?: readonly string[];
  parameters: readonly ParamDescriptor[];
  templatedparameters?: readonly TemplatedParamDescriptor[];
}

/** `limit` with min 1, max 500 and 5000 for `apihighlimits`: the bounds nearly every module uses. */
export const STANDARD_LIMIT = { type: 'limit', min: 1, max: 500, highmax: 5000 } as const;

export const DEFAULT_USER_SUBTYPES: readonly UserSubtype[] = ['name', 'ip', 'temp', 'interwiki', 'id'];

/** Multi-value parameters accept at most this many values, or the high limit with `apihighlimits`. */
export const MULTI_LOW_LIMIT = 50;
export const MULTI_HIGH_LIMIT = 500;

/** What the validator gives a parameter, when nothing more is known of its descriptor. */
export type ParamValue = string | number | boolean | string[] | number[] | undefined;
export type ParamValues = Record<string, ParamValue>;

/**
 * The value the validator gives a parameter, computed from its descriptor: numbers for integers,
 * limits and namespaces, the enum's values for an enum, arrays for multi-value parameters, a
 * boolean for a flag, strings otherwise (timestamps in MediaWiki's 14-digit form, normalised user
 * names, titles). A parameter without a default that is not required may be undefined.
 */
export type ParamValueOf<P extends ParamDescriptor> = P['type'] extends 'boolean'
  ? boolean
  : (P extends { multi: true } ? ScalarValueOf<P>[] : ScalarValueOf<P>) | (P extends HasValue ? never : undefined);

type HasValue = { default: string | SiteValue } | { required: true };

type ScalarValueOf<P extends ParamDescriptor> = P extends { checkedByModule: true }
  ? string
  : P['type'] extends 'integer' | 'limit' | 'namespace'
    ? number
    : P['type'] extends readonly (infer V extends string)[]
      ? V
      : string;

/**
 * A module's validated parameters by unprefixed name, typed from its descriptor (declared
 * `as const satisfies ModuleDescriptor`). A descriptor typed only as `ModuleDescriptor` gives the
 * untyped record.
 */
export type ParamsOf<D extends { readonly parameters: readonly ParamDescriptor[] }> =
  string extends D['parameters'][number]['name'] ? ParamValues : TypedParams<D['parameters'][number]>;

/** Parameters that may be absent are optional properties, so that helpers can name a few of them. */
type TypedParams<P extends ParamDescriptor> = Flat<
  { [Q in P as Q extends AlwaysSet ? Q['name'] : never]: ParamValueOf<Q> } & {
    [Q in P as Q extends AlwaysSet ? never : Q['name']]?: ParamValueOf<Q>;
  }
>;

type AlwaysSet = HasValue | { type: 'boolean' };

type Flat<T> = { [K in keyof T]: T[K] };

/** The validated values of a list of parameters (a group several modules share). */
export type ParamsOfList<L extends readonly ParamDescriptor[]> = ParamsOf<{ parameters: L }>;

export function isEnumType(type: ParamType): type is readonly string[] | SiteEnum {
  return typeof type !== 'string';
}
