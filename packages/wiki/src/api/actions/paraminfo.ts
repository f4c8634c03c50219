/**
 * `action=paraminfo`: the descriptors of the requested modules in MediaWiki's paraminfo shape.
 * Paths name modules as MediaWiki does (`main`, `query`, `query+allpages`, `json`; `+*` and `+**`
 * for all submodules); parameters that name modules give their paths as `submodules`, which
 * client libraries follow to learn the whole API.
 */
import type { SiteConfig } from '../../site/site.js';
import { BoundedMap, perStore } from '../../store/cache-toolkit.js';
import { escapeHtmlText } from '../../text/escape.js';
import { type ApiMessage, message } from '../errors.js';
import {
  DEFAULT_USER_SUBTYPES,
  type ModuleDescriptor,
  MULTI_HIGH_LIMIT,
  MULTI_LOW_LIMIT,
  type ParamDescriptor,
  type TemplatedParamDescriptor,
} from '../params/descriptor.js';
import { resolveDefault, valuesForHelp } from '../params/validate.js';
import type { RequestState } from '../request-state.js';
import { list, type ResultObject, type ResultValue } from '../result/tree.js';
import {
  isDeprecatedModule,
  MAIN_DESCRIPTOR,
  moduleAt,
  PAGESET_DESCRIPTOR,
  PARAMINFO_PARAMETERS,
  submodulePaths,
} from './paraminfo-modules.js';
import { exampleHelp, helpLanguage, MODULE_HELP, OTHER_MODULE_HELP, parameterHelp } from './paraminfo-texts.js';

/** What paraminfo writes for a module: descriptions in the requested format, limits by rights. */
interface DescribeOptions {
  site: SiteConfig;
  server: string;
  highLimits: boolean;
  help?: HelpOptions;
}

export function executeParamInfo(state: RequestState, result: ResultObject, server: string): void {
  const scope = { prefix: '', path: 'paraminfo', name: 'paraminfo' };
  const values = state.validator.readAll(PARAMINFO_PARAMETERS, scope);
  const helpformat = values.helpformat;
  const options: DescribeOptions = {
    site: state.services.site,
    server,
    highLimits: state.user.rights.has('apihighlimits'),
    help:
      helpformat === 'none'
        ? undefined
        : { format: helpformat as HelpFormat, language: helpLanguage(state.userLanguage) },
  };
  const warn = (problem: ApiMessage) => state.warn('paraminfo', problem);

  // As MediaWiki: wildcards are expanded first (their warnings first), then each path is resolved.
  const paths: string[] = [];
  for (const requested of values.modules ?? []) {
    const path = requested === '*' || requested === '**' ? `main+${requested}` : requested;
    const wildcard = /\+(\*\*?)$/.exec(path);
    if (!wildcard) {
      paths.push(path);
      continue;
    }
    const parentPath = path.slice(0, wildcard.index);
    const parent = moduleAt(parentPath);
    if (!('descriptor' in parent)) {
      warn(parent);
      continue;
    }
    const children = submodulePaths(parent.path, wildcard[1] === '**');
    if (children) paths.push(...children);
    else warn(message('badmodule', 'apierror-badmodule-nosubmodules', [parent.path]));
  }
  const described = (list: readonly string[]) =>
    list.flatMap((path) => {
      const found = moduleAt(path);
      if ('descriptor' in found) return [keptDescription(found.descriptor, found.path, options)];
      warn(found);
      return [];
    });

  const paraminfo: ResultObject = { helpformat };
  const modules = described(paths);
  if (modules.length > 0) paraminfo.modules = list('module', modules);
  const queryModules = values.querymodules ?? [];
  if (queryModules.length > 0) {
    // The deprecated form also names each module's group, as `querytype`.
    const withType = described(queryModules.map((name) => `query+${name}`)).map((m) => ({ ...m, querytype: m.group }));
    paraminfo.querymodules = list('module', withType);
  }
  if (values.mainmodule !== undefined) paraminfo.mainmodule = keptDescription(MAIN_DESCRIPTOR, 'main', options);
  if (values.pagesetmodule !== undefined) {
    const { name: _name, path: _path, ...pageset } = keptDescription(PAGESET_DESCRIPTOR, 'pageset', options);
    paraminfo.pagesetmodule = pageset;
  }
  const formatModules = values.formatmodules ?? [];
  if (formatModules.length > 0) paraminfo.formatmodules = list('module', described(formatModules));
  result.paraminfo = paraminfo;
}

/**
 * The descriptions given, per site (a reloaded site is a new object): a description is a function
 * of the module's path, the site, the server's address, the limits the rights allow and the help
 * options alone, and clients ask for the same ones at every start. Answers only read them.
 */
const keptDescriptions = perStore((_site: SiteConfig) => new BoundedMap<string, ResultObject>({ maxEntries: 2000 }));

function keptDescription(d: ModuleDescriptor, path: string, options: DescribeOptions): ResultObject {
  const { help } = options;
  const key = `${path} ${options.highLimits ? 'high' : 'low'} ${help ? `${help.format} ${help.language}` : 'none'} ${options.server}`;
  const kept = keptDescriptions(options.site);
  let description = kept.get(key);
  if (description === undefined) {
    description = describeModule(d, path, options);
    kept.set(key, description);
  }
  return description;
}

type HelpFormat = 'html' | 'raw' | 'wikitext';

/** How descriptions are given (`helpformat`) and in which language (`uselang`). */
export interface HelpOptions {
  format: HelpFormat;
  language: 'en' | 'de';
}

/**
 * A description in the shape `helpformat` asks for: the text (`wikitext`), the text as HTML
 * (`html`; our texts are single paragraphs, which MediaWiki gives without `<p>`), or the message
 * key it comes from (`raw`).
 */
function helpValue(help: HelpOptions, key: string, text: string | undefined): ResultValue {
  if (help.format === 'raw') return list('msg', [{ key, params: list('param', []) }]);
  const value = text ?? '';
  return help.format === 'html' ? escapeHtmlText(value) : value;
}

function exampleDescription(help: HelpOptions, key: string, text: string): ResultValue {
  return help.format === 'raw' ? { key, params: list('param', []) } : helpValue(help, key, text);
}

export function describeModule(d: ModuleDescriptor, path: string, options: DescribeOptions): ResultObject {
  const { site, server, highLimits, help } = options;
  const special = site.namespaces.find((ns) => ns.id === -1)?.name ?? 'Special';
  const licenseTitle = `${special}:Version/License/${d.source}`.replace(/ /g, '_');
  const module: ResultObject = {
    name: d.name,
    classname: d.classname,
    path,
  };
  if (path !== 'main' && path !== 'pageset') module.group = d.group;
  module.prefix = d.prefix;
  module.source = d.source;
  module.sourcename = d.source;
  module.licensetag = d.licensetag;
  module.licenselink = `${server}${site.articlePath.replace('$1', licenseTitle)}`;
  const texts = path.startsWith('query+') ? MODULE_HELP[d.name] : undefined;
  const summary = texts ?? OTHER_MODULE_HELP[path];
  if (help) module.description = helpValue(help, `apihelp-${path}-summary`, summary?.[help.language]);
  if (d.deprecated) module.deprecated = true;
  if (d.readrights) module.readrights = true;
  if (d.writerights) module.writerights = true;
  if (d.mustbeposted) module.mustbeposted = true;
  if (d.generator) module.generator = true;
  module.helpurls = list('helpurl', [...(d.helpurls ?? [d.helpurl])]);
  if (help) {
    const examples = texts
      ? [
          {
            query: `action=query&${d.group}=${d.name}${texts.example ? `&${texts.example}` : ''}`,
            // MediaWiki gives an example's one message itself, not a list of one.
            description: exampleDescription(help, `apihelp-${path}-example-1`, exampleHelp(d.name, help.language)),
          },
        ]
      : [];
    module.examples = list('example', examples);
  }
  const paramHelp = (p: ParamDescriptor): ResultValue | undefined =>
    help &&
    helpValue(
      help,
      `apihelp-${path}-param-${p.name}`,
      // The page set's parameters are query's.
      summary ? parameterHelp(path === 'pageset' ? 'query' : d.name, p.name, help.language) : undefined,
    );
  const indexes = parameterIndexes(d);
  module.parameters = list(
    'param',
    d.parameters.map((p) => describeParam(p, indexes.get(p), site, highLimits, paramHelp(p))),
  );
  module.templatedparameters = list(
    'param',
    (d.templatedparameters ?? []).map((p) => describeParam(p, indexes.get(p), site, highLimits, paramHelp(p))),
  );
  if (d.dynamicparameters) module.dynamicparameters = true;
  return module;
}

/**
 * The numbers of a module's parameters in MediaWiki's one sequence: each in turn, a templated
 * parameter right after the one it follows.
 */
function parameterIndexes(d: ModuleDescriptor): Map<ParamDescriptor, number> {
  const indexes = new Map<ParamDescriptor, number>();
  let next = 1;
  for (const p of d.parameters) {
    indexes.set(p, next++);
    for (const t of d.templatedparameters ?? []) if (t.follows === p.name) indexes.set(t, next++);
  }
  return indexes;
}

function numericDefault(p: ParamDescriptor): boolean {
  return p.type === 'integer' || p.type === 'limit' || p.type === 'namespace';
}

function describeParam(
  p: ParamDescriptor | TemplatedParamDescriptor,
  index: number | undefined,
  site: SiteConfig,
  highLimits: boolean,
  description?: ResultValue,
): ResultObject {
  const entry: ResultObject = {};
  if (index !== undefined) entry.index = index;
  entry.name = p.name;
  if ('templatevars' in p) entry.templatevars = { ...p.templatevars };
  if (description !== undefined) entry.description = description;
  const values = valuesForHelp(p, site);
  entry.type = values ? list('t', [...values]) : String(p.type);
  entry.required = p.required === true;
  if (p.deprecated) entry.deprecated = true;
  if (p.sensitive) entry.sensitive = true;
  const fallback = resolveDefault(p, site);
  if (fallback !== undefined) entry.default = numericDefault(p) && fallback !== '' ? Number(fallback) : fallback;
  entry.multi = p.multi === true;
  if (p.multi) {
    entry.lowlimit = MULTI_LOW_LIMIT;
    entry.highlimit = MULTI_HIGH_LIMIT;
    entry.limit = highLimits ? MULTI_HIGH_LIMIT : MULTI_LOW_LIMIT;
  }
  if (p.min !== undefined) entry.min = p.min;
  if (p.max !== undefined) entry.max = p.max;
  if (p.highmax !== undefined) entry.highmax = p.highmax;
  if (p.allowsduplicates) entry.allowsduplicates = true;
  if (p.allspecifier) entry.allspecifier = '*';
  if (p.extranamespaces) entry.extranamespaces = list('ns', [...p.extranamespaces]);
  if (p.type === 'user') entry.subtypes = list('t', [...(p.subtypes ?? DEFAULT_USER_SUBTYPES)]);
  let deprecatedValues = p.deprecatedvalues;
  if (p.submodules) {
    entry.submodules = { ...p.submodules };
    if (p.submoduleparamprefix !== undefined) entry.submoduleparamprefix = p.submoduleparamprefix;
    const deprecatedModules = Object.keys(p.submodules).filter((value) => isDeprecatedModule(p.submodules![value]));
    if (deprecatedModules.length > 0) deprecatedValues = deprecatedModules;
  }
  if (deprecatedValues) entry.deprecatedvalues = list('v', [...deprecatedValues]);
  if (p.tokentype !== undefined) entry.tokentype = p.tokentype;
  if (p.info) {
    entry.info = list(
      'i',
      p.info.map((marker) => {
        const info: ResultObject = { name: marker.name };
        if (marker.values) info.values = list('v', [...marker.values] as ResultValue[]);
        return info;
      }),
    );
  }
  // formatversion 1 writes true flags as "" and leaves false ones out, as MediaWiki 1.39 does.
  return entry;
}
