/**
 * `action=clientlogin`, as far as a password login goes: the AuthManager fields `username` and
 * `password` (unprefixed, as MediaWiki names them) with the session's login token. Answers `PASS`
 * or `FAIL` with the reason in `loginmessageformat`; there are no further steps to `continue`.
 */
import { Authenticator } from '../../accounts/authenticate.js';
import { escapeHtml } from '../../text/escape.js';
import { parsedPlainHtml } from '../../text/french-spaces.js';
import { requireAtLeastOneOf } from '../errors.js';
import { renderMessage } from '../messages/render.js';
import type { ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';
import type { ResultObject } from '../result/tree.js';
import { list } from '../result/tree.js';
import { accountActionDescriptor, requireToken } from './account-action.js';

export const CLIENTLOGIN_PARAMETERS = [
  { name: 'requests', type: 'string', multi: true },
  { name: 'messageformat', type: ['html', 'none', 'raw', 'wikitext'], default: 'wikitext' },
  { name: 'mergerequestfields', type: 'boolean' },
  { name: 'preservestate', type: 'boolean' },
  { name: 'returnurl', type: 'string' },
  { name: 'continue', type: 'boolean' },
  { name: 'token', type: 'string', required: true, sensitive: true, tokentype: 'login' },
] as const satisfies ParamDescriptor[];

export const CLIENTLOGIN_DESCRIPTOR = accountActionDescriptor(
  'clientlogin',
  'ApiClientLogin',
  'login',
  CLIENTLOGIN_PARAMETERS,
  'Login',
  { writerights: true, dynamicparameters: true },
);

/** The AuthManager fields a password login reads; they carry no module prefix. */
const FIELDS = [
  { name: 'username', type: 'string' },
  { name: 'password', type: 'string', sensitive: true },
  { name: 'rememberMe', type: 'boolean' },
] as const satisfies ParamDescriptor[];

export async function executeClientLogin(state: RequestState, result: ResultObject): Promise<void> {
  const scope = { prefix: 'login', path: 'clientlogin', name: 'clientlogin' };
  const params = state.validator.readAll(CLIENTLOGIN_PARAMETERS, scope);
  requireToken(state, 'clientlogin', 'logintoken', 'login', params.token);
  if (params.returnurl === undefined && params.continue !== true) {
    throw requireAtLeastOneOf(['logincontinue', 'loginreturnurl']);
  }
  const fields = state.validator.readAll(FIELDS, { prefix: '', path: 'clientlogin', name: 'clientlogin' });
  const answer: ResultObject = {};
  result.clientlogin = answer;
  const fail = (key: string, messageParams: (string | number)[] = []) => {
    answer.status = 'FAIL';
    writeMessage(state, answer, key, messageParams, params.messageformat);
  };
  if (params.continue === true) return fail('authmanager-authn-not-in-progress');
  const outcome = await new Authenticator(state.services.store, state.services.site).logInMainAccount(
    fields.username ?? '',
    fields.password ?? '',
    state.session.user.ip,
    state.now,
  );
  if (!outcome.ok) return fail(outcome.reason.key, outcome.reason.params);
  await state.session.logIn(outcome.account);
  answer.status = 'PASS';
  answer.username = outcome.account.name;
}

/** `message` and `messagecode` in the requested format; the text is in the user's language. */
function writeMessage(
  state: RequestState,
  answer: ResultObject,
  key: string,
  params: (string | number)[],
  format: string,
): void {
  const language = state.userLanguage;
  const stored = state.storedMessages();
  if (format === 'raw') answer.message = { key, params: list('param', params) };
  else if (format === 'html')
    answer.message = parsedPlainHtml(escapeHtml(renderMessage(key, params, language, stored)));
  else if (format === 'wikitext') answer.message = renderMessage(key, params, language, stored);
  answer.messagecode = key;
}
