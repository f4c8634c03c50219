import type { TokenType } from '../../accounts/tokens.js';
import { apiError } from '../errors.js';
import type { ModuleDescriptor, ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';

/** An account action (`login`, `logout`, `clientlogin`) as `action=paraminfo` describes it. */
export function accountActionDescriptor(
  name: string,
  classname: string,
  prefix: string,
  parameters: readonly ParamDescriptor[],
  helpPage: string,
  flags: Pick<ModuleDescriptor, 'writerights' | 'dynamicparameters'> = {},
): ModuleDescriptor {
  return {
    name,
    group: 'action' as ModuleDescriptor['group'],
    prefix,
    ...flags,
    mustbeposted: true,
    source: 'MediaWiki',
    classname,
    licensetag: 'GPL-2.0-or-later',
    helpurl: `https://www.mediawiki.org/wiki/Special:MyLanguage/API:${helpPage}`,
    parameters,
  };
}

/**
 * The checks of an action that needs a token, in MediaWiki's order: the token (given: the
 * validator says `missingparam`) must come in the POST body, not the URL (`mustpostparams`), and
 * be valid (`badtoken`); only then must the request be a POST (`mustbeposted`).
 */
export function requireToken(state: RequestState, action: string, name: string, type: TokenType, value: string): void {
  if (state.queryNames.has(name)) throw apiError('mustpostparams', 'apierror-mustpostparams', [name, 1]);
  if (!state.session.matchesToken(type, value)) throw apiError('badtoken', 'apierror-badtoken');
  if (state.method !== 'POST') throw apiError('mustbeposted', 'apierror-mustbeposted', [action]);
}
