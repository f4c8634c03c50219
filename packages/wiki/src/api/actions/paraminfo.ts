/**
 * `action=paraminfo`: the descriptors of the requested modules in MediaWiki's paraminfo shape.
 * `modules=query+*` lists every query module the server describes (implemented or not).
 */
import { QUERY_MODULES } from '../../modules/registry.js';
import type { SiteConfig } from '../../site/site.js';
import { escapeHtmlText } from '../../text/escape.js';
import { message } from '../errors.js';
import { FORMAT_NAMES, FORMAT_PARAMETERS } from '../format/printers.js';
import { MAIN_PARAMETERS } from '../main-params.js';
import {
  DEFAULT_USER_SUBTYPES,
  type ModuleDescriptor,
  MULTI_HIGH_LIMIT,
  MULTI_LOW_LIMIT,
  type ParamDescriptor,
  type TemplatedParamDescriptor,
} from '../params/descriptor.js';
import { enumValues, resolveDefault } from '../params/validate.js';
import type { RequestState } from '../request-state.js';
import { keepBooleans, list, type ResultObject, type ResultValue } from '../result/tree.js';
import { CLIENTLOGIN_DESCRIPTOR } from './clientlogin.js';
import { LOGIN_DESCRIPTOR } from './login.js';
import { LOGOUT_DESCRIPTOR } from './logout.js';
import { exampleHelp, helpLanguage, MODULE_HELP, OTHER_MODULE_HELP, parameterHelp } from './paraminfo-texts.js';
import { queryParameters } from './query.js';

const PARAMINFO_PARAMETERS = [
  { name: 'modules', type: 'string', multi: true },
  { name: 'helpformat', type: ['html', 'none', 'raw', 'wikitext'], default: 'none' },
  { name: 'querymodules', type: 'string', multi: true, deprecated: true },
  { name: 'mainmodule', type: 'boolean', deprecated: true },
  { name: 'pagesetmodule', type: 'boolean', deprecated: true },
  { name: 'formatmodules', type: 'string', multi: true, deprecated: true },
] as const satisfies ParamDescriptor[];

/** The account actions, which MediaWiki describes like any other module. */
const ACTION_MODULES: ModuleDescriptor[] = [LOGIN_DESCRIPTOR, LOGOUT_DESCRIPTOR, CLIENTLOGIN_DESCRIPTOR];

const BY_NAME = new Map(QUERY_MODULES.map((m) => [m.descriptor.name, m.descriptor]));

const PARAM_BOOLS = ['required', 'multi', 'allspecifier', 'allowsduplicates', 'deprecated', 'sensitive'];

/** Descriptors of the modules outside `query` that paraminfo can describe. */
function pseudoModule(name: string, params: ParamDescriptor[], group?: string): ModuleDescriptor {
  return {
    name,
    group: (group ?? 'action') as ModuleDescriptor['group'],
    prefix: '',
    source: 'MediaWiki',
    classname: name === 'main' ? 'ApiMain' : `Api${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    licensetag: 'GPL-2.0-or-later',
    helpurl: `https://www.mediawiki.org/wiki/Special:MyLanguage/API:${name === 'main' ? 'Main_page' : name.charAt(0).toUpperCase() + name.slice(1)}`,
    parameters: params,
  };
}

export function executeParamInfo(state: RequestState, result: ResultObject, server: string): void {
  const scope = { prefix: '', path: 'paraminfo', name: 'paraminfo' };
  const values = state.validator.readAll(PARAMINFO_PARAMETERS, scope);
  const helpformat = values.helpformat;
  const requested: string[] = [...(values.modules ?? [])];
  for (const q of values.querymodules ?? []) requested.push(`query+${q}`);
  if (values.mainmodule) requested.push('main');
  for (const f of values.formatmodules ?? []) requested.push(f);

  const out: ResultObject[] = [];
  const site = state.services.site;
  for (const path of requested) {
    for (const described of resolvePath(path)) {
      if (described === undefined) {
        const [parent, child] = path.includes('+')
          ? [path.slice(0, path.lastIndexOf('+')), path.slice(path.lastIndexOf('+') + 1)]
          : ['main', path];
        state.warn('paraminfo', message('badmodule', 'apiwarn-paraminfo-badmodule', [parent, child]));
        continue;
      }
      const help: HelpOptions | undefined =
        helpformat === 'none'
          ? undefined
          : { format: helpformat as HelpFormat, language: helpLanguage(state.userLanguage) };
      out.push(
        describeModule(
          described.descriptor,
          described.path,
          site,
          server,
          state.user.rights.has('apihighlimits'),
          help,
        ),
      );
    }
  }
  const paraminfo: ResultObject = { helpformat };
  if (out.length > 0) paraminfo.modules = list('module', out);
  result.paraminfo = paraminfo;
}

function resolvePath(path: string): ({ descriptor: ModuleDescriptor; path: string } | undefined)[] {
  if (path === 'main') return [{ descriptor: pseudoModule('main', MAIN_PARAMETERS), path: 'main' }];
  if (path === 'query') return [{ descriptor: pseudoModule('query', queryParameters()), path: 'query' }];
  if ((FORMAT_NAMES as readonly string[]).includes(path)) {
    const name = path as keyof typeof FORMAT_PARAMETERS;
    return [{ descriptor: pseudoModule(name, FORMAT_PARAMETERS[name], 'format'), path: name }];
  }
  const action = ACTION_MODULES.find((d) => d.name === path);
  if (action) return [{ descriptor: action, path }];
  if (path === 'query+*')
    return QUERY_MODULES.map((m) => ({ descriptor: m.descriptor, path: `query+${m.descriptor.name}` }));
  if (path.startsWith('query+')) {
    const names = path.slice('query+'.length).split('|');
    return names.map((name) => {
      const d = BY_NAME.get(name);
      return d ? { descriptor: d, path: `query+${name}` } : undefined;
    });
  }
  return [undefined];
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

export function describeModule(
  d: ModuleDescriptor,
  path: string,
  site: SiteConfig,
  server: string,
  highLimits: boolean,
  help?: HelpOptions,
): ResultObject {
  const special = site.namespaces.find((ns) => ns.id === -1)?.name ?? 'Special';
  const licenseTitle = `${special}:Version/License/${d.source}`.replace(/ /g, '_');
  const module: ResultObject = {
    name: d.name,
    classname: d.classname,
    path,
  };
  if (path.startsWith('query+')) module.group = d.group;
  module.prefix = d.prefix;
  module.source = d.source;
  module.sourcename = d.source;
  module.licensetag = d.licensetag;
  module.licenselink = `${server}${site.articlePath.replace('$1', licenseTitle)}`;
  const texts = path.startsWith('query+') ? MODULE_HELP[d.name] : undefined;
  const summary = texts ?? OTHER_MODULE_HELP[path];
  if (help) module.description = helpValue(help, `apihelp-${path}-summary`, summary?.[help.language]);
  if (d.readrights) module.readrights = true;
  if (d.mustbeposted) module.mustbeposted = true;
  if (d.generator) module.generator = true;
  if (d.deprecated) module.deprecated = true;
  module.helpurls = list('helpurl', [d.helpurl]);
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
      summary ? parameterHelp(d.name, p.name, help.language) : undefined,
    );
  module.parameters = list(
    'param',
    d.parameters.map((p, i) => describeParam(p, i + 1, site, highLimits, paramHelp(p))),
  );
  module.templatedparameters = list(
    'param',
    (d.templatedparameters ?? []).map((p) => describeParam(p, undefined, site, highLimits, paramHelp(p))),
  );
  return module;
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
  const values = enumValues(p.type, site);
  entry.type = values ? list('t', [...values]) : String(p.type);
  entry.required = p.required === true;
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
  if (p.extranamespaces) entry.extranamespaces = list('ns', [...p.extranamespaces]);
  if (p.allspecifier) entry.allspecifier = '*';
  if (p.allowsduplicates) entry.allowsduplicates = true;
  if (p.type === 'user') entry.subtypes = list('t', [...(p.subtypes ?? DEFAULT_USER_SUBTYPES)]);
  if (p.deprecated) entry.deprecated = true;
  if (p.deprecatedvalues) entry.deprecatedvalues = list('v', [...p.deprecatedvalues]);
  if (p.sensitive) entry.sensitive = true;
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
  return keepBooleans(entry, PARAM_BOOLS);
}
