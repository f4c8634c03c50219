/**
 * The module tree `action=paraminfo` describes: the main module, its actions and formats, and
 * query's prop, list and meta modules, each found by its path (`main`, `query`, `query+allpages`,
 * `json`), as MediaWiki resolves paths, `+*` and `+**` (all submodules, recursively) included.
 */
import { QUERY_MODULES } from '../../modules/registry.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { type ApiMessage, message } from '../errors.js';
import { FORMAT_NAMES, FORMAT_PARAMETERS, type FormatName } from '../format/printers.js';
import { ACTIONS, MAIN_PARAMETERS } from '../main-params.js';
import type { ModuleDescriptor, ParamDescriptor } from '../params/descriptor.js';
import { CLIENTLOGIN_DESCRIPTOR } from './clientlogin.js';
import { COMPARE_PARAMETERS, COMPARE_TEMPLATED_PARAMETERS } from './compare.js';
import { EXPANDTEMPLATES_PARAMETERS } from './expandtemplates.js';
import { HELP_PARAMETERS } from './help-parameters.js';
import { LOGIN_DESCRIPTOR } from './login.js';
import { LOGOUT_DESCRIPTOR } from './logout.js';
import { queryParameters } from './query.js';

/** `action=paraminfo`'s own parameters, in MediaWiki's order. */
export const PARAMINFO_PARAMETERS = [
  { name: 'modules', type: 'string', multi: true },
  // In MediaWiki's declared order, which errors list (paraminfo sorts the values).
  { name: 'helpformat', type: ['html', 'wikitext', 'raw', 'none'], default: 'none' },
  { name: 'querymodules', type: QUERY_MODULES.map((m) => m.descriptor.name).sort(), multi: true, deprecated: true },
  { name: 'mainmodule', type: 'string', deprecated: true },
  { name: 'pagesetmodule', type: 'string', deprecated: true },
  { name: 'formatmodules', type: FORMAT_NAMES, multi: true, deprecated: true },
] as const satisfies ParamDescriptor[];

const HELP_PAGE = 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:';

/** A core module outside `query` (MediaWiki's own, under its licence). */
function coreModule(
  name: string,
  group: 'action' | 'format' | undefined,
  classname: string,
  parameters: readonly ParamDescriptor[],
  helpPages: readonly string[],
  readrights = false,
): ModuleDescriptor {
  return {
    name,
    group: group as ModuleDescriptor['group'],
    prefix: '',
    readrights,
    source: 'MediaWiki',
    classname,
    licensetag: 'GPL-2.0-or-later',
    helpurl: '',
    helpurls: helpPages.map((page) => HELP_PAGE + page),
    parameters,
  };
}

export const MAIN_DESCRIPTOR = coreModule('main', undefined, 'ApiMain', MAIN_PARAMETERS, []);

/** The page set's parameters (`titles` ... `converttitles`), which `pagesetmodule` describes. */
const PAGESET_NAMES = ['titles', 'pageids', 'revids', 'generator', 'redirects', 'converttitles'];

export const PAGESET_DESCRIPTOR = coreModule(
  'pageset',
  undefined,
  'ApiPageSet',
  queryParameters().filter((p) => PAGESET_NAMES.includes(p.name)),
  [],
  true,
);

const FORMAT_CLASSES: Record<FormatName, string> = {
  json: 'ApiFormatJson',
  jsonfm: 'ApiFormatJson',
  none: 'ApiFormatNone',
  php: 'ApiFormatPhp',
  phpfm: 'ApiFormatPhp',
  rawfm: 'ApiFormatJson',
  xml: 'ApiFormatXml',
  xmlfm: 'ApiFormatXml',
};

const ACTION_DESCRIPTORS: Record<(typeof ACTIONS)[number], ModuleDescriptor> = {
  clientlogin: CLIENTLOGIN_DESCRIPTOR,
  compare: {
    ...coreModule('compare', 'action', 'ApiComparePages', COMPARE_PARAMETERS, ['Compare'], true),
    templatedparameters: COMPARE_TEMPLATED_PARAMETERS,
  },
  expandtemplates: {
    ...coreModule('expandtemplates', 'action', 'ApiExpandTemplates', EXPANDTEMPLATES_PARAMETERS, [], true),
    helpurls: [`${HELP_PAGE}Parsing_wikitext#expandtemplates`],
  },
  help: coreModule('help', 'action', 'ApiHelp', HELP_PARAMETERS, ['Main_page', 'FAQ', 'Quick_start_guide']),
  login: LOGIN_DESCRIPTOR,
  logout: LOGOUT_DESCRIPTOR,
  paraminfo: coreModule('paraminfo', 'action', 'ApiParamInfo', PARAMINFO_PARAMETERS, ['Parameter_information']),
  query: coreModule('query', 'action', 'ApiQuery', queryParameters(), ['Query', 'Meta', 'Properties', 'Lists'], true),
};

/** The main module's submodules: actions and formats, by name. */
const MAIN_CHILDREN = new Map<string, ModuleDescriptor>([
  ...ACTIONS.map((name) => [name, ACTION_DESCRIPTORS[name]] as const),
  ...FORMAT_NAMES.map(
    (name) =>
      [
        name,
        coreModule(name, 'format', FORMAT_CLASSES[name], FORMAT_PARAMETERS[name], ['Data_formats'], true),
      ] as const,
  ),
]);

const QUERY_CHILDREN = new Map(QUERY_MODULES.map((m) => [m.descriptor.name, m.descriptor]));

export interface DescribedModule {
  path: string;
  descriptor: ModuleDescriptor;
}

function childrenOf(path: string): Map<string, ModuleDescriptor> | undefined {
  if (path === 'main') return MAIN_CHILDREN;
  if (path === 'query') return QUERY_CHILDREN;
  return undefined;
}

const childPath = (parent: string, name: string) => (parent === 'main' ? name : `${parent}+${name}`);

/** A module by its path, or the warning MediaWiki gives for a path that names none. */
export function moduleAt(path: string): DescribedModule | ApiMessage {
  if (path === 'main') return { path, descriptor: MAIN_DESCRIPTOR };
  // A `+` typed into a URL arrives as a space.
  const parts = path.includes('+') ? path.split('+') : path.split(' ');
  let current: DescribedModule = { path: 'main', descriptor: MAIN_DESCRIPTOR };
  for (const part of parts) {
    const children = childrenOf(current.path);
    if (!children) return message('badmodule', 'apierror-badmodule-nosubmodules', [current.path]);
    const descriptor = children.get(part);
    if (!descriptor)
      return message('badmodule', 'apierror-badmodule-badsubmodule', [current.path, escapeWikiText(part)]);
    current = { path: childPath(current.path, part), descriptor };
  }
  return current;
}

/** The paths of a module's submodules, sorted, and with `recursive` theirs too. */
export function submodulePaths(parent: string, recursive: boolean): string[] | undefined {
  const children = childrenOf(parent);
  if (!children) return undefined;
  const paths: string[] = [];
  for (const name of children.keys()) {
    const path = childPath(parent, name);
    paths.push(path);
    if (recursive) paths.push(...(submodulePaths(path, true) ?? []));
  }
  return paths.sort();
}

/** Whether the module at a path is deprecated (paraminfo lists such values last). */
export function isDeprecatedModule(path: string): boolean {
  const found = moduleAt(path);
  return 'descriptor' in found && found.descriptor.deprecated === true;
}
