import { renderMessage } from '../../api/messages/render.js';
import type { ModuleCacheMode, ModuleExecute, RequestUser } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, list, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import type { SiteConfig } from '../../site/site.js';
import { escapeHtml } from '../../text/escape.js';
import { parsedPlainHtml } from '../../text/french-spaces.js';

/** `meta=authmanagerinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'authmanagerinfo',
  group: 'meta',
  prefix: 'ami',
  source: 'MediaWiki',
  classname: 'ApiQueryAuthManagerInfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo',
  parameters: [
    { name: 'securitysensitiveoperation', type: 'string' },
    {
      name: 'requestsfor',
      type: [
        'login',
        'login-continue',
        'create',
        'create-continue',
        'link',
        'link-continue',
        'change',
        'remove',
        'unlink',
      ],
    },
    { name: 'mergerequestfields', type: 'boolean' },
    { name: 'messageformat', type: ['html', 'wikitext', 'raw', 'none'], default: 'wikitext' },
  ],
} as const satisfies ModuleDescriptor;

/** A login form field: type, the message keys of its label and help, whether optional or secret. */
interface FieldSpec {
  type: string;
  label: string;
  help: string;
  /** Numbers the label takes (the days a remembered login lasts), as MediaWiki gives them. */
  labelParams?: readonly number[];
  optional: boolean;
  sensitive: boolean;
}

interface RequestSpec {
  id: string;
  required: 'primary-required' | 'optional' | 'required';
  /** A message key naming the provider, or a literal class name. */
  provider: string;
  providerIsMessage: boolean;
  /** The account the request is for: the caller's name (or none), or a literal class name. */
  account: string | null;
  fields: Record<string, FieldSpec>;
}

const field = (type: string, label: string, help: string, optional = false, sensitive = false): FieldSpec => ({
  type,
  label,
  help,
  optional,
  sensitive,
});

const USERNAME = field('string', 'userlogin-yourname', 'authmanager-username-help');
const PASSWORD = field('password', 'userlogin-yourpassword', 'authmanager-password-help', false, true);

/** A request MediaWiki names by its class alone (provider and account are the class name). */
function byClass(id: string, required: RequestSpec['required'], fields: Record<string, FieldSpec>): RequestSpec {
  return { id, required, provider: id, providerIsMessage: false, account: id, fields };
}

/** A request of a primary provider, for the caller's account. */
function ofProvider(
  id: string,
  provider: string,
  account: string | null,
  fields: Record<string, FieldSpec>,
): RequestSpec {
  return { id, required: 'primary-required', provider, providerIsMessage: true, account, fields };
}

const PASSWORD_REQUEST = 'MediaWiki\\Auth\\PasswordAuthenticationRequest';
const TEMPORARY_PASSWORD_REQUEST = 'MediaWiki\\Auth\\TemporaryPasswordAuthenticationRequest';

/**
 * What each operation's form asks for, as MediaWiki's password and temporary-password providers
 * describe it: logging in (with "remember me"), creating an account (for someone else too when
 * logged in: a mailed temporary password and a reason; overriding the title blacklist with
 * `tboverride`), changing the password, and removing it (the temporary password).
 */
function requestSpecs(operation: string, user: RequestUser, site: SiteConfig): RequestSpec[] {
  const account = user.anonymous ? null : user.name;
  switch (operation) {
    case 'login':
      return [
        ofProvider(PASSWORD_REQUEST, 'authmanager-provider-password', account, {
          username: USERNAME,
          password: PASSWORD,
        }),
        byClass('MediaWiki\\Auth\\RememberMeAuthenticationRequest', 'optional', {
          rememberMe: {
            ...field('checkbox', 'userlogin-remembermypassword', 'authmanager-userlogin-remembermypassword-help', true),
            labelParams: [REMEMBERED_LOGIN_DAYS],
          },
        }),
      ];
    case 'create': {
      const specs: RequestSpec[] = [];
      if (site.extensions.includes('TitleBlacklist') && user.rights.has('tboverride'))
        specs.push(
          byClass('MediaWiki\\Extension\\TitleBlacklist\\TitleBlacklistAuthenticationRequest', 'required', {
            ignoreTitleBlacklist: field('checkbox', 'titleblacklist-override', 'titleblacklist-override-help', true),
          }),
        );
      if (!user.anonymous)
        specs.push(
          ofProvider(TEMPORARY_PASSWORD_REQUEST, 'authmanager-provider-temporarypassword', null, {
            mailpassword: field('checkbox', 'createaccountmail', 'createaccountmail-help'),
          }),
        );
      specs.push(
        ofProvider(PASSWORD_REQUEST, 'authmanager-provider-password', null, {
          username: USERNAME,
          password: PASSWORD,
          retype: field('password', 'yourpasswordagain', 'authmanager-retype-help', false, true),
        }),
        byClass('MediaWiki\\Auth\\UsernameAuthenticationRequest', 'required', { username: USERNAME }),
        byClass('MediaWiki\\Auth\\UserDataAuthenticationRequest', 'required', {
          email: field('string', 'authmanager-email-label', 'authmanager-email-help', true),
          realname: field('string', 'authmanager-realname-label', 'authmanager-realname-help', true),
        }),
      );
      if (!user.anonymous)
        specs.push(
          byClass('MediaWiki\\Auth\\CreationReasonAuthenticationRequest', 'optional', {
            reason: field('string', 'createacct-reason', 'createacct-reason-help'),
          }),
        );
      return specs;
    }
    case 'change':
      return [
        ofProvider(PASSWORD_REQUEST, 'authmanager-provider-password', account, {
          password: field('password', 'newpassword', 'authmanager-password-help', false, true),
          retype: field('password', 'retypenew', 'authmanager-retype-help', false, true),
        }),
      ];
    case 'remove':
      return [
        ofProvider(TEMPORARY_PASSWORD_REQUEST, 'authmanager-provider-temporarypassword', account, {
          mailpassword: field('checkbox', 'createaccountmail', 'createaccountmail-help'),
        }),
      ];
    default:
      return [];
  }
}

/** How long a remembered login lasts: MediaWiki's `$wgCookieExpiration` (180 days) in days. */
const REMEMBERED_LOGIN_DAYS = 180;

/**
 * What the login forms need: whether logging in and creating accounts are possible, whether a
 * security-sensitive operation may go ahead, and the fields of the requested operation. This
 * server authenticates by password only, so only `login` has requests to describe; a login here
 * is single-step, so nothing is ever preserved between steps.
 */
export const execute: ModuleExecute<typeof descriptor> = (context) => {
  const { params, user } = context;
  const info: ResultObject = { canauthenticatenow: true, cancreateaccounts: true, canlinkaccounts: false };
  const operation = params.securitysensitiveoperation;
  if (operation !== undefined) {
    // MediaWiki's AuthManager statuses: `ok`, `reauth` (log in first), `fail`. An API session
    // cannot be re-authenticated in place, so a logged-in one may go ahead however old its login,
    // as the reference MediaWiki 1.39 answers API sessions of any age (action=login or clientlogin).
    info.securitysensitiveoperationstatus = user.anonymous ? 'reauth' : 'ok';
  }
  const requestsFor = params.requestsfor;
  if (requestsFor !== undefined) {
    info.haspreservedstate = false;
    info.hasprimarypreservedstate = false;
    info.preservedusername = '';
    const specs = requestSpecs(requestsFor, user, context.site);
    const format = params.messageformat;
    const language = context.userLanguage;
    const text = (key: string, messageParams: readonly number[] = []): ResultValue => {
      if (format === 'raw')
        return {
          key,
          params: list(
            '_v',
            messageParams.map((num) => ({ num })),
          ),
        };
      const rendered = renderMessage(key, messageParams, language, context.storedMessages);
      return format === 'html' ? parsedPlainHtml(escapeHtml(rendered)) : rendered;
    };
    // A text that is no message: in raw form MediaWiki wraps it as the parameter of `$1`. Raw
    // parameters are lists without a tag name (`<_v>` in XML).
    const literal = (value: string | null): ResultValue =>
      format === 'raw' ? { key: '$1', params: list('_v', [value]) } : (value ?? '');
    const describeFields = (fields: Record<string, FieldSpec>): ResultObject => {
      const out: ResultObject = {};
      for (const [name, field] of Object.entries(fields)) {
        const entry: ResultObject = { type: field.type };
        if (format !== 'none') {
          entry.label = text(field.label, field.labelParams);
          entry.help = text(field.help);
        }
        entry.optional = field.optional;
        entry.sensitive = field.sensitive;
        out[name] = entry;
      }
      // An associative array to MediaWiki: `{}` even when empty, in formatversion 1 too.
      return assoc(out);
    };
    // Merged, a field takes its label and help from the first request that has it; it is optional
    // when it is so in every request, and a request that is optional, or one of several primary
    // ones (only one of which will be used), makes its fields optional; sensitive when in any.
    const mergedFields = (): Record<string, FieldSpec> => {
      const primaries = specs.filter((spec) => spec.required === 'primary-required').length;
      const merged: Record<string, FieldSpec> = {};
      for (const spec of specs) {
        const optionalRequest = spec.required === 'optional' || (spec.required === 'primary-required' && primaries > 1);
        for (const [name, field] of Object.entries(spec.fields)) {
          const optional = optionalRequest || field.optional;
          const seen = merged[name];
          merged[name] = seen
            ? { ...seen, optional: seen.optional && optional, sensitive: seen.sensitive || field.sensitive }
            : { ...field, optional };
        }
      }
      return merged;
    };
    const requests = specs.map((spec) => {
      const request: ResultObject = {
        id: spec.id,
        metadata: assoc({}),
        required: spec.required,
      };
      // Without messages MediaWiki leaves out the provider and the account, which are messages too.
      if (format !== 'none') {
        request.provider = spec.providerIsMessage ? text(spec.provider) : literal(spec.provider);
        request.account = literal(spec.account);
      }
      if (!params.mergerequestfields) request.fields = describeFields(spec.fields);
      return request;
    });
    info.requests = list('_v', requests);
    if (params.mergerequestfields) {
      info.fields = describeFields(mergedFields());
    }
  }
  context.result.set('authmanagerinfo', info);
};

/** Who may keep the answer: only the caller (it answers for the caller's session). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
