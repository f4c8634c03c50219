import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';

/** `meta=tokens`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'tokens',
  group: 'meta',
  prefix: '',
  source: 'MediaWiki',
  classname: 'ApiQueryTokens',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens',
  parameters: [
    {
      name: 'type',
      type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
      default: 'csrf',
      multi: true,
      allspecifier: true,
    },
  ],
} as const satisfies ModuleDescriptor;

/**
 * Every token type asked for, in the order asked, bound to the caller's session. None for a request
 * the same-origin policy does not protect (another site's page could read them): a warning instead.
 */
export const execute: ModuleExecute<typeof descriptor> = async (context) => {
  if (context.session.credentialsStripped) {
    context.warn('apiwarn-tokens-origin', [], 'tokens-origin');
    return;
  }
  const tokens: ResultObject = assoc({});
  for (const type of context.params.type) tokens[`${type}token`] = await context.session.token(type);
  context.result.set('tokens', tokens);
};

/** Who may keep the answer: only the caller (the tokens are the session's). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
