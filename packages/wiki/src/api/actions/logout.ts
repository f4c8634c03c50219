/** `action=logout`: ends the session. Needs the session's CSRF token, as MediaWiki does. */
import type { ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';
import { accountActionDescriptor, requireToken } from './account-action.js';

export const LOGOUT_PARAMETERS = [
  { name: 'token', type: 'string', required: true, sensitive: true, tokentype: 'csrf' },
] as const satisfies ParamDescriptor[];

export const LOGOUT_DESCRIPTOR = accountActionDescriptor('logout', 'ApiLogout', '', LOGOUT_PARAMETERS, 'Logout');

export async function executeLogout(state: RequestState): Promise<void> {
  const params = state.validator.readAll(LOGOUT_PARAMETERS, { prefix: '', path: 'logout', name: 'logout' });
  requireToken(state, 'logout', 'token', 'csrf', params.token);
  await state.session.logOut();
}
