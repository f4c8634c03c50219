import { apiError, invalidTitle } from '../../api/errors.js';
import { userGender } from '../../api/gender.js';
import { isValidLanguageCode, messageLanguage, QQX } from '../../api/messages/catalogue.js';
import { renderMessage } from '../../api/messages/render.js';
import { allMessageKeys, lookupMessages, type MessageText, normalizeMessageKey } from '../../api/messages/store.js';
import { type MessageTransformContext, substituteArgs, transformMessage } from '../../api/messages/transform.js';
import type { ContextOf, ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { NS_TEMPLATE } from '../../site/title.js';
import { type SiteStatistics, siteStatistics } from '../../store/site-statistics.js';
import { compareByteOrder, phpCompare } from '../../text/byte-order.js';
import { expandMagicCall } from '../../wikitext/preprocessor/expand.js';
import { namespaceNameOf } from '../../wikitext/preprocessor/functions.js';
import { expansionHost } from '../support/template-expansion.js';

/** `meta=allmessages`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allmessages',
  group: 'meta',
  prefix: 'am',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllMessages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages',
  parameters: [
    { name: 'messages', type: 'string', default: '*', multi: true },
    { name: 'prop', type: ['default'], multi: true },
    { name: 'enableparser', type: 'boolean' },
    { name: 'nocontent', type: 'boolean' },
    { name: 'includelocal', type: 'boolean' },
    { name: 'args', type: 'string', multi: true, allowsduplicates: true },
    { name: 'filter', type: 'string' },
    { name: 'customised', type: ['all', 'modified', 'unmodified'], default: 'all' },
    { name: 'lang', type: 'string' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'prefix', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** The key under which MediaWiki's message cache keeps its hash, lower-cased as a message key. */
const MESSAGE_CACHE_HASH_KEY = 'hASH';

/** The names to print, in MediaWiki's order, after `messages`, `prefix` and `filter`. */
function targetNames(ctx: ContextOf<typeof descriptor>, language: string): string[] {
  const requested = ctx.params.messages;
  const prefix = ctx.params.prefix;
  const filter = ctx.params.filter;
  let names: string[];
  if (requested.includes('*')) {
    names = [...allMessageKeys(language, ctx.messages)];
    if (ctx.params.includelocal) {
      // MediaWiki adds the keys of its message cache of the content language: the wiki's own
      // MediaWiki: pages of messages it ships (listed already; it caches no other page) and the
      // cache's hash entry, which it lists as a message `hASH` that does not exist.
      names = [...new Set([...names, MESSAGE_CACHE_HASH_KEY])].sort(compareByteOrder);
    }
  } else {
    names = requested;
  }
  if (prefix !== undefined) names = prefixRun(names, prefix);
  if (filter !== undefined) names = names.filter((name) => name.includes(filter));
  return names;
}

/**
 * `amprefix` keeps the first run of names with the prefix, as MediaWiki reads a sorted list: a
 * `ammessages` list in the order given stops at its first name without the prefix after one with it.
 */
function prefixRun(names: string[], prefix: string): string[] {
  const start = names.findIndex((name) => name.startsWith(prefix));
  if (start === -1) return [];
  const end = names.findIndex((name, i) => i > start && !name.startsWith(prefix));
  return names.slice(start, end === -1 ? undefined : end);
}

/**
 * `amfrom` (printing starts at that exact name) and `amto`: the list ends at the first name after
 * it in PHP's comparison, also among the names before `amfrom`'s, as MediaWiki tests both in one pass.
 */
function fromTo(ctx: ContextOf<typeof descriptor>, names: string[]): string[] {
  const from = ctx.params.from;
  const to = ctx.params.to;
  let skipping = from !== undefined;
  const shown: string[] = [];
  for (const name of names) {
    if (skipping && name === from) skipping = false;
    if (to !== undefined && phpCompare(name, to) > 0) break;
    if (!skipping) shown.push(name);
  }
  return shown;
}

function transformContext(
  ctx: ContextOf<typeof descriptor>,
  language: string,
  messages: Map<string, MessageText>,
  formatLanguage: string,
): MessageTransformContext {
  const titleParam = ctx.params.title ?? 'API';
  const title = ctx.titles.parseOrUndefined(titleParam);
  if (title === undefined || title.interwiki !== '') {
    throw invalidTitle(titleParam);
  }
  const fullTitle = ctx.titles.prefixedText(title);
  // Read once, when a message first needs them.
  let counts: Promise<SiteStatistics> | undefined;
  const text = title.dbKey.replace(/_/g, ' ');
  return {
    siteName: ctx.site.siteName,
    server: ctx.server,
    scriptPath: ctx.site.scriptPath,
    language: formatLanguage,
    contentLanguage: ctx.site.language,
    page: { fullTitle, text, namespace: title.namespace === 0 ? '' : fullTitle.slice(0, -text.length - 1) },
    // MediaWiki 1.39 reads `{{GENDER:}}` without a name here as a user of no stated gender, whoever
    // asks (asked live as a user who states hers).
    readerName: '',
    gender: async (userName) => userGender(ctx.titles, userName),
    // As the parser reads `{{ns:}}`.
    namespace: (nameOrNumber) => namespaceNameOf(ctx.titles, nameOrNumber),
    templateTitle: (name) => {
      const template = ctx.titles.parseOrUndefined(name, { defaultNamespace: NS_TEMPLATE });
      return template === undefined || template.interwiki !== '' ? undefined : ctx.titles.prefixedText(template);
    },
    message: async (key) => {
      const known = messages.get(key);
      if (known !== undefined) return known.text;
      const found = await lookupMessages(ctx.store, [key], language, ctx.site.language, ctx.messages);
      return found.get(key)?.text;
    },
    interfacePage: async (name) => {
      // `MediaWiki:Key/<lang>` is the message in that language; without a suffix, in the content language.
      const slash = name.lastIndexOf('/');
      const pageLanguage = slash === -1 ? ctx.site.language : name.slice(slash + 1);
      const key = normalizeMessageKey(slash === -1 ? name : name.slice(0, slash));
      const found = await lookupMessages(ctx.store, [key], pageLanguage, ctx.site.language, ctx.messages);
      return found.get(key)?.text;
    },
    statistics: () => {
      counts ??= siteStatistics(ctx.store);
      return counts;
    },
    expandMagic: (call) => expandMagicCall(call, expansionHost(ctx, title)),
  };
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const lang = ctx.params.lang;
  // MediaWiki refuses only codes that could never name a language (characters of paths, markup or
  // invalid titles); any other code it does not know gives English.
  if (lang !== undefined && !isValidLanguageCode(lang)) {
    throw apiError('invalidlang', 'apierror-invalidlang', [ctx.paramName('lang')]);
  }
  const language = lang === undefined ? ctx.language : messageLanguage(lang, ctx.messages);
  const names = fromTo(ctx, targetNames(ctx, language));
  const keys = [...new Set(names.map(normalizeMessageKey))];
  const messages = await lookupMessages(ctx.store, keys, language, ctx.site.language, ctx.messages);
  const args = ctx.params.args ?? [];
  const customised = ctx.params.customised;
  const withDefault = (ctx.params.prop ?? []).includes('default');
  // Numbers and plural forms follow the language asked for, also where its texts are another's.
  const formatLanguage = lang === undefined ? ctx.language : lang.toLowerCase();
  const transform = ctx.params.enableparser ? transformContext(ctx, language, messages, formatLanguage) : undefined;
  const qqx = formatLanguage === QQX;
  const out = ctx.result.list('message');
  for (const name of names) {
    const normalizedname = normalizeMessageKey(name);
    const message = messages.get(normalizedname)!;
    const item: ResultObject = { name, normalizedname };
    if (customised !== 'all') {
      if (message.customised !== (customised === 'modified')) continue;
      if (message.customised) item.customised = true;
    }
    if (name === '') {
      // A message without a name is none, in every language.
      item.missing = true;
    } else if (qqx) {
      // MediaWiki's pseudo-language shows every message, known or not, as its name and arguments.
      const text = renderMessage(name, args, QQX);
      if (!ctx.params.nocontent) {
        item.content = text;
        withContent(item, 'content');
      }
      // Its default is the name alone: it differs where arguments were given.
      const shipped = renderMessage(name, [], QQX);
      if (withDefault && shipped !== text) item.default = shipped;
    } else if (message.text === undefined) {
      item.missing = true;
    } else {
      const plain = substituteArgs(message.text, args);
      const text = transform ? await transformMessage(plain, transform) : plain;
      if (!ctx.params.nocontent) {
        item.content = text;
        withContent(item, 'content');
      }
      if (withDefault) {
        if (message.shipped === undefined) item.defaultmissing = true;
        else if (message.shipped !== text) item.default = message.shipped;
      }
    }
    if (!ctx.result.fits(item)) {
      ctx.setContinue(name, 'from');
      return;
    }
    out.push(item);
  }
};

/**
 * Who may keep the answer: without `lang` (the reader's language) or with the parser (the
 * reader's options) callers without a session; else anyone.
 */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params) =>
  params.lang === undefined || params.enableparser ? 'anon-public-user-private' : 'public';
