import { renderMessage } from '../../api/messages/render.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, list, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import { escapeHtml } from '../../text/escape.js';

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
  optional: boolean;
  sensitive: boolean;
}

interface RequestSpec {
  id: string;
  required: 'primary-required' | 'optional' | 'required';
  /** A message key naming the provider, or a literal class name. */
  provider: string;
  providerIsMessage: boolean;
  account: string;
  fields: Record<string, FieldSpec>;
}

/** What a password login asks for: MediaWiki's password request and its "remember me" box. */
const LOGIN_REQUESTS: RequestSpec[] = [
  {
    id: 'MediaWiki\\Auth\\PasswordAuthenticationRequest',
    required: 'primary-required',
    provider: 'authmanager-provider-password',
    providerIsMessage: true,
    account: '',
    fields: {
      username: {
        type: 'string',
        label: 'userlogin-yourname',
        help: 'authmanager-username-help',
        optional: false,
        sensitive: false,
      },
      password: {
        type: 'password',
        label: 'userlogin-yourpassword',
        help: 'authmanager-password-help',
        optional: false,
        sensitive: true,
      },
    },
  },
  {
    id: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
    required: 'optional',
    provider: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
    providerIsMessage: false,
    account: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
    fields: {
      rememberMe: {
        type: 'checkbox',
        label: 'userlogin-remembermypassword',
        help: 'authmanager-userlogin-remembermypassword-help',
        optional: true,
        sensitive: false,
      },
    },
  },
];

/** Seconds after a login within which a security-sensitive operation needs no new login. */
const REAUTHENTICATE_SECONDS = 300;

/**
 * What the login forms need: whether logging in and creating accounts are possible, whether a
 * security-sensitive operation may go ahead, and the fields of the requested operation. This
 * server authenticates by password only, so only `login` has requests to describe; a login here
 * is single-step, so nothing is ever preserved between steps.
 */
export const execute: ModuleExecute<typeof descriptor> = (context) => {
  const { params, session, user } = context;
  const info: ResultObject = { canauthenticatenow: true, cancreateaccounts: true, canlinkaccounts: false };
  const operation = params.securitysensitiveoperation;
  if (operation !== undefined) {
    // MediaWiki's AuthManager statuses: `ok`, `reauth` (log in again first), `fail`.
    let status = 'ok';
    if (user.anonymous) status = 'reauth';
    else if (!user.botPassword) {
      const since = session.loggedInAt ? (context.now.getTime() - session.loggedInAt.getTime()) / 1000 : Infinity;
      if (since > REAUTHENTICATE_SECONDS) status = 'reauth';
    }
    info.securitysensitiveoperationstatus = status;
  }
  const requestsFor = params.requestsfor;
  if (requestsFor !== undefined) {
    info.haspreservedstate = false;
    info.hasprimarypreservedstate = false;
    info.preservedusername = '';
    const specs = requestsFor === 'login' ? LOGIN_REQUESTS : [];
    const format = params.messageformat;
    const language = context.userLanguage;
    const text = (key: string): ResultValue => {
      if (format === 'raw') return { key, params: list('param', []) };
      const rendered = renderMessage(key, [], language, context.storedMessages);
      return format === 'html' ? escapeHtml(rendered) : rendered;
    };
    const describeFields = (fields: Record<string, FieldSpec>): ResultObject => {
      const out: ResultObject = {};
      for (const [name, field] of Object.entries(fields)) {
        const entry: ResultObject = { type: field.type };
        if (format !== 'none') {
          entry.label = text(field.label);
          entry.help = text(field.help);
        }
        entry.optional = field.optional;
        entry.sensitive = field.sensitive;
        out[name] = entry;
      }
      return out;
    };
    const requests = specs.map((spec) => {
      const request: ResultObject = {
        id: spec.id,
        metadata: assoc({}),
        required: spec.required,
        provider: spec.providerIsMessage
          ? renderMessage(spec.provider, [], language, context.storedMessages)
          : spec.provider,
        account: spec.account,
      };
      if (!params.mergerequestfields) request.fields = describeFields(spec.fields);
      return request;
    });
    info.requests = list('request', requests);
    if (params.mergerequestfields) {
      info.fields = describeFields(Object.assign({}, ...specs.map((spec) => spec.fields)));
    }
  }
  context.result.set('authmanagerinfo', info);
};
