import { FORMAT_NAMES } from './format/printers.js';
import type { ParamDescriptor, ParamsOfList } from './params/descriptor.js';

/** Actions this server answers. */
export const ACTIONS = [
  'clientlogin',
  'compare',
  'expandtemplates',
  'help',
  'login',
  'logout',
  'paraminfo',
  'query',
] as const;

/** A parameter's values as modules of the main module, whose paths are their names. */
const ownPaths = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, name]));

/** Parameters of the main module (`api.php` itself), in MediaWiki's order. */
export const MAIN_PARAMETERS = [
  { name: 'action', type: ACTIONS, default: 'help', submodules: ownPaths(ACTIONS) },
  { name: 'format', type: FORMAT_NAMES, default: 'jsonfm', submodules: ownPaths(FORMAT_NAMES) },
  { name: 'maxlag', type: 'integer' },
  { name: 'smaxage', type: 'integer', default: '0' },
  { name: 'maxage', type: 'integer', default: '0' },
  // In MediaWiki's declared order, which errors list (paraminfo sorts the values).
  { name: 'assert', type: ['anon', 'user', 'bot'] },
  { name: 'assertuser', type: 'user', subtypes: ['name', 'temp'] },
  { name: 'requestid', type: 'string' },
  { name: 'servedby', type: 'boolean' },
  { name: 'curtimestamp', type: 'boolean' },
  { name: 'responselanginfo', type: 'boolean' },
  { name: 'origin', type: 'string' },
  { name: 'crossorigin', type: 'boolean' },
  { name: 'uselang', type: 'string', default: 'user' },
  { name: 'variant', type: 'string' },
  { name: 'errorformat', type: ['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], default: 'bc' },
  { name: 'errorlang', type: 'string', default: 'uselang' },
  { name: 'errorsuselocal', type: 'boolean' },
] as const satisfies ParamDescriptor[];

/** The main module's parameters as the validator gives them. */
export type MainParams = ParamsOfList<typeof MAIN_PARAMETERS>;
