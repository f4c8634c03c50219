/** `action=logout`: ends the session. Needs the session's CSRF token, as MediaWiki does. */
import { apiError } from '../errors.js';
import type { ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';
import { accountActionDescriptor } from './account-action.js';

export const LOGOUT_PARAMETERS = [
  { name: 'token', type: 'string', required: true, sensitive: true, tokentype: 'csrf' },
] as const satisfies ParamDescriptor[];

export const LOGOUT_DESCRIPTOR = accountActionDescriptor('logout', 'ApiLogout', '', LOGOUT_PARAMETERS, 'Logout');

export async function executeLogout(state: RequestState): Promise<void> {
  const params = state.validator.readAll(LOGOUT_PARAMETERS, { prefix: '', path: 'logout', name: 'logout' });
  if (!state.session.matchesToken('csrf', params.token)) throw apiError('badtoken', 'apierror-badtoken');
  await state.session.logOut();
}
