/**
 * `action=login`: logs the session in with a name and password (a bot password, or, deprecated
 * but still answered, the main account's). Its answers are MediaWiki's: `NeedToken` with a login
 * token when the request has no token or no session yet, `WrongToken`, `Failed` with a reason,
 * `Success` with the user id and name.
 */
import { Authenticator } from '../../accounts/authenticate.js';
import { apiError, message } from '../errors.js';
import type { ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';
import type { ResultObject } from '../result/tree.js';
import { accountActionDescriptor } from './account-action.js';

export const LOGIN_PARAMETERS = [
  { name: 'name', type: 'string' },
  { name: 'password', type: 'password', sensitive: true },
  { name: 'domain', type: 'string' },
  { name: 'token', type: 'string', sensitive: true },
] as const satisfies ParamDescriptor[];

export const LOGIN_DESCRIPTOR = accountActionDescriptor('login', 'ApiLogin', 'lg', LOGIN_PARAMETERS, 'Login', {
  writerights: true,
});

const SCOPE = { prefix: 'lg', path: 'login', name: 'login' };

/** A deprecation warning of this module, with MediaWiki's pointer to the announcement list. */
function deprecation(state: RequestState, key: string) {
  state.warn('main', message('deprecation-help', 'api-usage-mailinglist-ref'));
  state.warn(SCOPE.path, message('deprecation', key));
}

export async function executeLogin(state: RequestState, result: ResultObject): Promise<void> {
  // Secrets in a URL end up in logs and histories: MediaWiki refuses them there.
  const inUrl = ['lgpassword', 'lgtoken'].filter((name) => state.queryNames.has(name));
  if (inUrl.length > 0) throw apiError('mustpostparams', 'apierror-mustpostparams', [inUrl.join(', '), inUrl.length]);
  const params = state.validator.readAll(LOGIN_PARAMETERS, SCOPE);
  const name = params.name ?? '';
  const password = params.password ?? '';
  const token = params.token ?? '';
  const session = state.session;
  const answer: ResultObject = {};
  result.login = answer;

  // A bot-password session has its user fixed: MediaWiki aborts a login over it.
  if (session.user.botPassword !== undefined) {
    answer.result = 'Aborted';
    answer.reason = state.messageFormatter.formatMessage(
      message('api-login-fail-badsessionprovider', 'api-login-fail-badsessionprovider', [
        'MediaWiki\\Session\\BotPasswordSessionProvider sessions',
      ]),
    );
    return;
  }
  if (!session.existedAtStart || token === '') {
    answer.result = 'NeedToken';
    answer.token = await session.token('login');
    deprecation(state, 'apiwarn-deprecation-login-token');
    return;
  }
  if (!session.matchesToken('login', token)) {
    answer.result = 'WrongToken';
    return;
  }
  const outcome = await new Authenticator(state.services.store, state.services.site).logIn(
    name,
    password,
    session.user.ip,
    state.now,
  );
  if (!outcome.ok) {
    answer.result = 'Failed';
    answer.reason = state.messageFormatter.formatMessage(
      message(outcome.reason.key, outcome.reason.key, outcome.reason.params),
    );
    return;
  }
  await session.logIn(outcome.account);
  answer.result = 'Success';
  answer.lguserid = outcome.account.id;
  answer.lgusername = outcome.account.name;
  if (!outcome.viaBotPassword) deprecation(state, 'apiwarn-deprecation-login-nobotpw');
}
