import { escapeXml } from '../../api/format/xml.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { list, type ResultObject } from '../../api/result/tree.js';

/** `meta=authmanagerinfo`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
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
        'change',
        'create',
        'create-continue',
        'link',
        'link-continue',
        'login',
        'login-continue',
        'remove',
        'unlink',
      ],
    },
    { name: 'mergerequestfields', type: 'boolean' },
    { name: 'messageformat', type: ['html', 'none', 'raw', 'wikitext'], default: 'wikitext' },
  ],
};

/** One field of an authentication request, with its label and help as message keys. */
interface AuthField {
  name: string;
  type: 'string' | 'password' | 'checkbox' | 'hidden';
  label: string;
  help: string;
  optional: boolean;
  sensitive: boolean;
}

interface AuthRequest {
  id: string;
  required: 'required' | 'primary-required' | 'optional';
  provider: string;
  account: string;
  fields: AuthField[];
}

/** Texts of the login and account-creation forms (German and English), written for this service. */
const TEXTS: Record<string, { de: string; en: string }> = {
  'provider-password': { de: 'Passwortbasierte Authentifizierung', en: 'Password-based authentication' },
  'username-label': { de: 'Benutzername', en: 'Username' },
  'username-help': { de: 'Der Name des Benutzerkontos.', en: 'The name of the account.' },
  'password-label': { de: 'Passwort', en: 'Password' },
  'password-help': { de: 'Das Passwort des Benutzerkontos.', en: 'The password of the account.' },
  'retype-label': { de: 'Passwort wiederholen', en: 'Confirm password' },
  'retype-help': { de: 'Das Passwort noch einmal.', en: 'The password again.' },
  'email-label': { de: 'E-Mail-Adresse', en: 'Email' },
  'email-help': {
    de: 'Freiwillig: eine E-Mail-Adresse für das Konto.',
    en: 'Optional: an email address for the account.',
  },
  'realname-label': { de: 'Bürgerlicher Name', en: 'Real name' },
  'realname-help': { de: 'Freiwillig: der bürgerliche Name.', en: 'Optional: your real name.' },
  'rememberme-label': { de: 'Angemeldet bleiben', en: 'Keep me logged in' },
  'rememberme-help': {
    de: 'Ob die Anmeldung über das Ende der Sitzung hinaus gelten soll.',
    en: 'Whether the login should outlast the session.',
  },
};

const PASSWORD_LOGIN: AuthRequest = {
  id: 'MediaWiki\\Auth\\PasswordAuthenticationRequest',
  required: 'primary-required',
  provider: 'provider-password',
  account: '',
  fields: [
    {
      name: 'username',
      type: 'string',
      label: 'username-label',
      help: 'username-help',
      optional: false,
      sensitive: false,
    },
    {
      name: 'password',
      type: 'password',
      label: 'password-label',
      help: 'password-help',
      optional: false,
      sensitive: true,
    },
  ],
};

const REMEMBER_ME: AuthRequest = {
  id: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
  required: 'optional',
  provider: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
  account: 'MediaWiki\\Auth\\RememberMeAuthenticationRequest',
  fields: [
    {
      name: 'rememberMe',
      type: 'checkbox',
      label: 'rememberme-label',
      help: 'rememberme-help',
      optional: true,
      sensitive: false,
    },
  ],
};

const ACCOUNT_CREATION: AuthRequest = {
  id: 'MediaWiki\\Auth\\PasswordAuthenticationRequest',
  required: 'primary-required',
  provider: 'provider-password',
  account: '',
  fields: [
    {
      name: 'username',
      type: 'string',
      label: 'username-label',
      help: 'username-help',
      optional: false,
      sensitive: false,
    },
    {
      name: 'password',
      type: 'password',
      label: 'password-label',
      help: 'password-help',
      optional: false,
      sensitive: true,
    },
    { name: 'retype', type: 'password', label: 'retype-label', help: 'retype-help', optional: false, sensitive: true },
    { name: 'email', type: 'string', label: 'email-label', help: 'email-help', optional: true, sensitive: false },
    {
      name: 'realname',
      type: 'string',
      label: 'realname-label',
      help: 'realname-help',
      optional: true,
      sensitive: false,
    },
  ],
};

function requestsFor(action: string): AuthRequest[] {
  if (action === 'login') return [PASSWORD_LOGIN, REMEMBER_ME];
  if (action === 'create') return [ACCOUNT_CREATION];
  if (action === 'change' || action === 'remove') return [PASSWORD_LOGIN];
  return [];
}

export const execute: ModuleExecute = (ctx) => {
  const lang = ctx.site.language === 'de' || ctx.site.language.startsWith('de-') ? 'de' : 'en';
  const format = ctx.params.messageformat as string;
  const text = (key: string): string | ResultObject | undefined => {
    const known = TEXTS[key];
    if (!known) return key;
    if (format === 'none') return undefined;
    if (format === 'raw') return { key: `authmanager-${key}`, params: list('param', []) };
    return format === 'html' ? escapeXml(known[lang]) : known[lang];
  };
  const info: ResultObject = {
    canauthenticatenow: true,
    cancreateaccounts: ctx.user.rights.has('createaccount'),
    canlinkaccounts: false,
  };
  const operation = ctx.params.securitysensitiveoperation as string | undefined;
  if (operation !== undefined)
    info.securitysensitiveoperationstatus = ctx.user.anonymous ? 'login-required' : 'sensitive-ok';
  const action = ctx.params.requestsfor as string | undefined;
  if (action !== undefined) {
    info.haspreservedstate = false;
    info.hasprimarypreservedstate = false;
    info.preservedusername = '';
    const requests = requestsFor(action).map((request) => {
      const fields: ResultObject = {};
      for (const field of request.fields) {
        const entry: ResultObject = { type: field.type };
        const label = text(field.label);
        const help = text(field.help);
        if (label !== undefined) entry.label = label;
        if (help !== undefined) entry.help = help;
        entry.optional = field.optional;
        entry.sensitive = field.sensitive;
        fields[field.name] = entry;
      }
      const provider = text(request.provider);
      return {
        id: request.id,
        metadata: {},
        required: request.required,
        provider: typeof provider === 'string' ? provider : request.provider,
        account: request.account,
        fields,
      };
    });
    if (ctx.params.mergerequestfields) {
      const merged: ResultObject = {};
      for (const request of requests) Object.assign(merged, request.fields);
      info.fields = merged;
    } else {
      info.requests = list('request', requests);
    }
  }
  ctx.result.set('authmanagerinfo', info);
};
