import { apiError } from '../../api/errors.js';
import { namingLanguage, storedLanguageName } from '../../api/language-data.js';
import { isValidLanguageCode, messageLanguage } from '../../api/messages/catalogue.js';
import { lookupMessages } from '../../api/messages/store.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { legacyEncodingOf } from '../../api/params/legacy-encoding.js';
import { toIsoTimestamp } from '../../api/params/timestamp.js';
import {
  KeyedList,
  keepBooleans,
  list,
  type ResultObject,
  type ResultValue,
  withContent,
} from '../../api/result/tree.js';
import { groupChangeableGroups, groupRights, IMPLICIT_GROUPS } from '../../site/group-permissions.js';
import { interwikiLanguageName, languageName } from '../../site/languages.js';
import { EXTENSION_CREDITS } from '../../site/mediawiki/extension-credits.js';
import { languageFacts } from '../../site/mediawiki/language-facts.js';
import { EXTENSION_HOOKS, PARSER_VARIABLES } from '../../site/mediawiki/parser-data.js';
import { localSpecialPageName, specialPageAliases } from '../../site/mediawiki/special-page-aliases.js';
import type { SiteConfig } from '../../site/site.js';
import { NS_SPECIAL } from '../../site/title.js';
import { siteUrlProtocols } from '../../site/url-protocols.js';
import { urlencodeTitle } from '../../site/urls.js';
import { MEDIAWIKI_VERSION } from '../../site/version.js';
import { databaseVersion } from '../../store/dialect.js';
import { siteStatistics } from '../../store/site-statistics.js';
import { defaultUserOptions } from '../../store/user-options.js';
import { THUMB_LIMITS } from '../support/files.js';

/** `meta=siteinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'siteinfo',
  group: 'meta',
  prefix: 'si',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQuerySiteinfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Siteinfo',
  parameters: [
    {
      name: 'prop',
      type: [
        'autocreatetempuser',
        'autopromote',
        'autopromoteonce',
        'clientlibraries',
        'copyuploaddomains',
        'dbrepllag',
        'defaultoptions',
        'extensions',
        'extensiontags',
        'fileextensions',
        'functionhooks',
        'general',
        'interwikimap',
        'languages',
        'languagevariants',
        'libraries',
        'magicwords',
        'namespacealiases',
        'namespaces',
        'protocols',
        'restrictions',
        'rightsinfo',
        'showhooks',
        'skins',
        'specialpagealiases',
        'statistics',
        'uploaddialog',
        'usergroups',
        'variables',
      ],
      default: 'general',
      multi: true,
    },
    { name: 'filteriw', type: ['local', '!local'] },
    { name: 'showalldb', type: 'boolean' },
    { name: 'numberingroup', type: 'boolean' },
    { name: 'inlanguagecode', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

function setting<T>(site: SiteConfig, name: string, fallback: T): T {
  const value = site.settings[name];
  return value === undefined ? fallback : (value as T);
}

async function general(ctx: ContextOf<typeof descriptor>): Promise<ResultObject> {
  const { site, server } = ctx;
  const mainDbKey = site.mainPage.replace(/ /g, '_');
  const host = (() => {
    try {
      return new URL(server).hostname;
    } catch {
      return server;
    }
  })();
  const main = site.namespaces.find((ns) => ns.id === 0);
  const thumbLimits = new KeyedList('limit', 'bcassoc');
  THUMB_LIMITS.forEach((width, i) => {
    thumbLimits.set(i, width);
  });
  const imageLimits = new KeyedList('limit', 'bcassoc');
  [
    [320, 240],
    [640, 480],
    [800, 600],
    [1024, 768],
    [1280, 1024],
    [2560, 2048],
  ].forEach(([width, height], i) => {
    imageLimits.set(i, { width, height });
  });
  const data: ResultObject = {
    mainpage: site.mainPage,
    base: `${server}${site.articlePath.replace('$1', encodeTitle(mainDbKey))}`,
    sitename: site.siteName,
    mainpageisdomainroot: false,
    logo: `${server}${setting(site, 'Logo', '/resources/assets/change-your-logo.svg')}`,
    generator: `MediaWiki ${MEDIAWIKI_VERSION} (${ctx.softwareName})`,
    phpversion: process.version,
    phpsapi: 'node',
    dbtype: ctx.engine,
    dbversion: await databaseVersion(ctx.store.db),
    imagewhitelistenabled: false,
    langconversion: true,
    linkconversion: true,
    titleconversion: true,
    // A language whose links take a prefix (Arabic's `ال`): its characters, and the regular
    // expression MediaWiki still derives from them for older clients.
    linkprefixcharset: languageFacts(site.language).linkPrefixCharset ?? '',
    linkprefix: linkPrefixPattern(languageFacts(site.language).linkPrefixCharset),
    linktrail: languageFacts(site.language).linkTrail,
    legaltitlechars: ' %!"$&\'()*,\\-.\\/0-9:;=?@A-Z\\\\^_`a-z~\\x80-\\xFF+',
    invalidusernamechars: '@:>',
    allunicodefixes: false,
    fixarabicunicode: true,
    fixmalayalamunicode: true,
    case: main?.case ?? 'first-letter',
    lang: site.language,
    ...contentLanguageFacts(ctx),
    fallback8bitEncoding: legacyEncodingOf(site.language),
    readonly: false,
    writeapi: true,
    maxarticlesize: setting(site, 'MaxArticleSize', 2048) * 1024,
    timezone: site.timezone,
    timeoffset: 0,
    articlepath: site.articlePath,
    scriptpath: site.scriptPath,
    script: `${site.scriptPath}/index.php`,
    variantarticlepath: false,
    server,
    servername: host,
    wikiid: site.wikiId,
    time: toIsoTimestamp(ctx.now),
    misermode: false,
    uploadsenabled: site.enableUploads,
    maxuploadsize: setting(site, 'MaxUploadSize', 104857600),
    minuploadchunksize: 1024,
    galleryoptions: {
      imagesPerRow: 0,
      imageWidth: 120,
      imageHeight: 120,
      captionLength: true,
      showBytes: true,
      showDimensions: true,
      mode: 'traditional',
    },
    thumblimits: thumbLimits,
    imagelimits: imageLimits,
    favicon: `${server}${setting(site, 'Favicon', '/favicon.ico')}`,
    centralidlookupprovider: 'local',
    // These two lists carry no element name in XML (`_v`), as MediaWiki gives them.
    allcentralidlookupproviders: list('_v', ['local']),
    interwikimagic: true,
    magiclinks: { ISBN: false, PMID: false, RFC: false },
    categorycollation: 'uppercase',
    nofollowlinks: true,
    nofollownsexceptions: list('ns', []),
    nofollowdomainexceptions: list('_v', ['mediawiki.org']),
    externallinktarget: false,
  };
  if (site.extensions.includes('Cite')) data.citeresponsivereferences = true;
  return keepBooleans(data, ['variantarticlepath']);
}

/**
 * The content language's message fallbacks (English last), its variants when it has a converter and
 * its writing direction: from the source's language data when the store holds it.
 */
function contentLanguageFacts(ctx: SiteinfoContext): ResultObject {
  const language = ctx.site.language;
  const known = ctx.languages?.byCode.get(language);
  if (known === undefined) {
    const { fallback, rtl } = languageFacts(language);
    return {
      fallback: list(
        'lang',
        fallback.map((code) => ({ code })),
      ),
      rtl,
    };
  }
  const chain = language === 'en' || known.fallbacks.includes('en') ? known.fallbacks : [...known.fallbacks, 'en'];
  const facts: ResultObject = {
    fallback: list(
      'lang',
      chain.map((code) => ({ code })),
    ),
  };
  if (known.variantFallbacks !== undefined) {
    // A variant's name: the wiki's message for it where the catalogue has one, else its autonym.
    const messages = ctx.messages?.languages.get(language);
    const name = (code: string) =>
      messages?.get(`variantname-${code}`) ?? (ctx.languages?.byCode.get(code)?.autonym || code);
    facts.variants = list(
      'lang',
      known.variants.map((code) => ({ code, name: name(code) })),
    );
  }
  facts.rtl = known.dir === 'rtl';
  return facts;
}

/** A title in a URL path, as MediaWiki encodes it (`:` and `/` stay readable). */
function encodeTitle(dbKey: string): string {
  return encodeURIComponent(dbKey).replace(/%3A/g, ':').replace(/%2F/g, '/');
}

function namespaces(site: SiteConfig): KeyedList {
  const out = new KeyedList('ns', 'assoc');
  for (const ns of site.namespaces) {
    const entry: ResultObject = { id: ns.id, case: ns.case, name: ns.name, subpages: ns.subpages };
    if (ns.canonical !== undefined) entry.canonical = ns.canonical;
    entry.content = ns.content;
    entry.nonincludable = ns.nonincludable;
    if (ns.protection) entry.namespaceprotection = ns.protection;
    if (ns.defaultContentModel) entry.defaultcontentmodel = ns.defaultContentModel;
    out.set(ns.id, withContent(entry, 'name'));
  }
  return out;
}

function interwikiMap(ctx: SiteinfoContext, filter: string | undefined): ResultObject[] {
  const { site, languages: stored } = ctx;
  // With the source's language data, a prefix that is one of its defined languages names it.
  const naming = namingLanguage(ctx.params.inlanguagecode ?? '');
  const storedName = (prefix: string): string | undefined =>
    stored?.byCode.get(prefix)?.listed ? storedLanguageName(stored, prefix, naming) : undefined;
  return site.interwiki
    .filter((iw) => filter === undefined || (filter === 'local') === iw.local)
    .map((iw) => {
      const entry: ResultObject = { prefix: iw.prefix };
      if (iw.local) entry.local = true;
      if (iw.trans) entry.trans = true;
      const language = stored ? storedName(iw.prefix) : (iw.language ?? interwikiLanguageName(iw.prefix));
      if (language) entry.language = language;
      entry.url = iw.url;
      entry.protorel = iw.protorel ?? false;
      if (iw.wikiId) entry.wikiid = iw.wikiId;
      if (iw.api) entry.api = iw.api;
      return entry;
    });
}

async function statistics(ctx: ContextOf<typeof descriptor>): Promise<ResultObject> {
  return { ...(await siteStatistics(ctx.store)), jobs: 0 };
}

async function userGroups(ctx: ContextOf<typeof descriptor>, withNumbers: boolean): Promise<ResultObject[]> {
  const counts = new Map<string, number>();
  if (withNumbers) {
    const rows = await ctx.store.db
      .selectFrom('user_groups')
      .select(['ug_group', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('ug_group')
      .execute();
    for (const row of rows) counts.set(row.ug_group, Number(row.n));
    const users = await ctx.store.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    counts.set('user', Number(users?.n ?? 0));
  }
  const out: ResultObject[] = [];
  for (const [name, rights] of groupRights(ctx.site)) {
    const entry: ResultObject = { name, rights: list('permission', rights) };
    if ((withNumbers && !IMPLICIT_GROUPS.includes(name)) || (withNumbers && name === 'user')) {
      entry.number = counts.get(name) ?? 0;
    }
    const changeable = groupChangeableGroups(ctx.site, name);
    if (changeable.add.length > 0) entry.add = list('group', changeable.add);
    if (changeable.remove.length > 0) entry.remove = list('group', changeable.remove);
    out.push(entry);
  }
  return out;
}

function languages(ctx: SiteinfoContext): ResultObject[] {
  const { site, languages: stored } = ctx;
  const inLanguage = ctx.params.inlanguagecode;
  if (stored) {
    // MediaWiki's defined languages, named in the language asked for (English by default).
    const naming = namingLanguage(inLanguage ?? '');
    return stored.codes
      .filter((c) => c.listed)
      .map((c) =>
        withContent({ code: c.code, bcp47: c.bcp47, name: storedLanguageName(stored, c.code, naming) }, 'name'),
      );
  }
  const codes = ['de', 'en', 'es', 'fr', 'it', 'ja', 'nl', 'pl', 'sv', site.language];
  return [...new Set(codes)].sort().map((code) => {
    const autonym = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    // A code that is no language (`x`) names them by their autonyms, as MediaWiki does.
    const entry: ResultObject = { code, bcp47: code, name: inLanguage ? languageName(code, inLanguage) : autonym };
    return withContent(entry, 'name');
  });
}

/**
 * The credits of the installed skins and extensions (see EXTENSION_CREDITS), listed by kind in the
 * order the kinds are first met (skins first), each kind's in the order installed; a license or
 * credits file linked to its page of the special page Version. One whose credits are not known
 * gets its name and a kind.
 */
function extensionsInfo(site: SiteConfig): ResultObject[] {
  const local = localSpecialPageName('Version', site.language);
  const version = `${site.namespaces.find((ns) => ns.id === NS_SPECIAL)?.name ?? 'Special'}:${local ?? 'Version'}`;
  const versionPage = (part: string, name: string) =>
    site.articlePath.replace('$1', urlencodeTitle(`${version}/${part}/${name}`.replaceAll(' ', '_')));
  const installed = [...setting<string[]>(site, 'Skins', ['Vector']), ...site.extensions].map((name): ResultObject => {
    const c = EXTENSION_CREDITS[name];
    if (c === undefined) return { type: 'other', name, 'license-name': 'GPL-2.0-or-later' };
    const entry: ResultObject = { type: c.type, name: c.name };
    if (c.namemsg !== undefined) entry.namemsg = c.namemsg;
    Object.assign(entry, { descriptionmsg: c.descriptionmsg, author: c.author, url: c.url });
    if (c.version !== undefined) entry.version = c.version;
    entry['license-name'] = c.licenseName;
    entry.license = versionPage('License', c.name);
    if (c.credits) entry.credits = versionPage('Credits', c.name);
    return entry;
  });
  const kinds = [...new Set(installed.map((e) => String(e.type)))];
  return kinds.flatMap((kind) => installed.filter((e) => e.type === kind));
}

function fileExtensions(site: SiteConfig): ResultObject[] {
  return site.fileExtensions.map((ext) => ({ ext }));
}

type SiteinfoContext = ContextOf<typeof descriptor>;

/**
 * The skins' names as their `skinname-<code>` messages give them (the wiki's own pages first), in
 * the language `inlanguagecode` names when it is a valid code (not `0`), else in the content language; a
 * skin without such a message keeps the name it is registered with.
 */
async function skinNames(ctx: SiteinfoContext, codes: readonly string[]): Promise<Map<string, string>> {
  const code = ctx.params.inlanguagecode;
  // `0` is no code here: MediaWiki tests the value as PHP does, and "0" is false.
  const language =
    code !== undefined && code !== '' && code !== '0' && isValidLanguageCode(code)
      ? messageLanguage(code, ctx.messages)
      : ctx.site.language;
  const keys = codes.map((skin) => `skinname-${skin}`);
  const texts = await lookupMessages(ctx.store, keys, language, ctx.site.language, ctx.messages);
  const names = new Map<string, string>();
  for (const [i, skin] of codes.entries()) {
    const text = texts.get(keys[i] as string)?.text;
    if (text !== undefined) names.set(skin, text);
  }
  return names;
}

/** Each `siprop` section: how its value is made. */
const SECTIONS: Record<string, (ctx: SiteinfoContext) => ResultValue | Promise<ResultValue>> = {
  general: (ctx) => general(ctx),
  namespaces: ({ site }) => namespaces(site),
  namespacealiases: ({ site }) =>
    list(
      'ns',
      site.namespaceAliases.map((a) => withContent({ id: a.id, alias: a.name }, 'alias')),
    ),
  specialpagealiases: ({ site }) =>
    list(
      'specialpage',
      specialPageAliases(site.language).map(([realname, aliases]) => ({
        realname,
        aliases: list('alias', [...aliases]),
      })),
    ),
  magicwords: ({ site }) =>
    list(
      'magicword',
      languageFacts(site.language).magicWords.map((m) => ({
        name: m.name,
        aliases: list('alias', [...m.aliases]),
        'case-sensitive': m.caseSensitive,
      })),
    ),
  interwikimap: (ctx) => list('iw', interwikiMap(ctx, ctx.params.filteriw)),
  // The most lagged read replica; without replicas MediaWiki's answer for a lone primary: no host, lag -1.
  dbrepllag: async (ctx) => {
    // Every server's lag names the hosts, which the wiki does not show ($wgShowHostnames).
    if (ctx.params.showalldb === true && ctx.site.settings.ShowHostnames !== true) {
      throw apiError('includeAllDenied', 'apierror-siteinfo-includealldenied');
    }
    const { host, lag } = ctx.store.replicas ? await ctx.store.replicas.maxLag() : { host: '', lag: -1 };
    return list('db', [{ host, lag }]);
  },
  statistics: (ctx) => statistics(ctx),
  usergroups: async (ctx) => list('group', await userGroups(ctx, ctx.params.numberingroup === true)),
  libraries: () =>
    list('library', [
      { name: 'fastify', version: '5' },
      { name: 'kysely', version: '0.28' },
    ]),
  extensions: ({ site }) => list('ext', extensionsInfo(site)),
  fileextensions: ({ site }) => list('fe', fileExtensions(site)),
  rightsinfo: ({ site }) => ({ url: setting(site, 'RightsUrl', ''), text: setting(site, 'RightsText', '') }),
  restrictions: () => ({
    types: list('type', ['create', 'edit', 'move', 'upload']),
    levels: list('level', ['', 'autoconfirmed', 'sysop']),
    cascadinglevels: list('level', ['sysop']),
    semiprotectedlevels: list('level', ['autoconfirmed']),
  }),
  languages: (ctx) => list('lang', languages(ctx)),
  // Keyed by language, then by variant: in XML `<lang code="sr"><variant code="sr-ec">`.
  languagevariants: ({ languages: stored }) => {
    const out = new KeyedList('lang', 'kvp', 'code');
    for (const code of stored?.codes ?? []) {
      if (code.variantFallbacks === undefined) continue;
      const entry = new KeyedList('variant', 'kvp', 'code');
      for (const [variant, fallbacks] of Object.entries(code.variantFallbacks)) {
        entry.set(variant, { fallbacks: list('variant', fallbacks) });
      }
      out.set(code.code, entry);
    }
    return out;
  },
  skins: async (ctx) => {
    const { site } = ctx;
    // The Vector extension of MediaWiki 1.39 registers two skins, the new one first; the software's
    // own fallback and API skins follow the installed ones, marked unusable.
    const installed = setting<string[]>(site, 'Skins', ['Vector']).flatMap((name) =>
      name === 'Vector'
        ? [
            { code: 'vector-2022', name: 'Vector (2022)' },
            { code: 'vector', name: 'Vector (2010)' },
          ]
        : [{ code: name.toLowerCase(), name }],
    );
    const builtIn = [
      { code: 'fallback', name: 'Fallback', unusable: true },
      { code: 'apioutput', name: 'ApiOutput', unusable: true },
    ];
    const defaultSkin = setting(site, 'DefaultSkin', 'vector');
    const skins = [...installed, ...builtIn];
    const names = await skinNames(
      ctx,
      skins.map((skin) => skin.code),
    );
    return list(
      'skin',
      skins.map(({ code, name, ...rest }) => {
        const entry: ResultObject = { code, name: names.get(code) ?? name };
        if (code === defaultSkin) entry.default = true;
        Object.assign(entry, rest);
        return withContent(entry, 'name');
      }),
    );
  },
  extensiontags: ({ site }) => list('t', extensionTags(site)),
  functionhooks: ({ site }) => list('h', functionHooks(site)),
  showhooks: () =>
    list(
      'hook',
      EXTENSION_HOOKS.map((h) => ({ name: h.name, subscribers: list('s', [...h.subscribers]) })),
    ),
  variables: () => list('v', [...PARSER_VARIABLES]),
  protocols: ({ site }) => list('p', [...siteUrlProtocols(site)]),
  // A default that is a boolean stays one in formatversion 1 (MediaWiki lists every key).
  defaultoptions: async (ctx) => {
    const options: ResultObject = await defaultUserOptions(ctx.store, ctx.site);
    return keepBooleans(options, Object.keys(options));
  },
  uploaddialog: () => ({
    fields: { description: true, date: false, categories: false },
    licensemessages: { local: 'generic-local', foreign: 'generic-foreign' },
    comment: { local: '', foreign: '' },
    format: { filepage: '$DESCRIPTION', description: '$TEXT', ownwork: '', license: '', uncategorized: '' },
  }),
  autocreatetempuser: () => ({ enabled: false }),
  clientlibraries: () => list('library', []),
  autopromote: () => ({ autoconfirmed: { '*': list('cond', []) } }),
  autopromoteonce: () => [],
  copyuploaddomains: () => list('domain', []),
};

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const props = ctx.params.prop ?? [];
  for (const [index, prop] of props.entries()) {
    const section = SECTIONS[prop];
    if (section === undefined) continue;
    const value = await section(ctx);
    // A full answer continues with the properties not given yet, as MediaWiki's `siprop` continuation.
    if (!ctx.result.fits(value)) {
      ctx.setContinue(props.slice(index).join('|'), 'prop');
      break;
    }
    ctx.result.set(prop, value);
  }
};

function extensionTags(site: SiteConfig): string[] {
  const tags = ['<pre>', '<nowiki>', '<gallery>', '<indicator>', '<langconvert>'];
  if (site.extensions.includes('Cite')) tags.push('<ref>', '<references>');
  return tags;
}

function functionHooks(site: SiteConfig): string[] {
  const hooks = [
    'ns',
    'nse',
    'urlencode',
    'lcfirst',
    'ucfirst',
    'lc',
    'uc',
    'localurl',
    'localurle',
    'fullurl',
    'fullurle',
    'canonicalurl',
    'canonicalurle',
    'formatnum',
    'grammar',
    'gender',
    'plural',
    'bidi',
    'numberofpages',
    'numberofusers',
    'numberofactiveusers',
    'numberofarticles',
    'numberoffiles',
    'numberofadmins',
    'numberingroup',
    'numberofedits',
    'language',
    'padleft',
    'padright',
    'anchorencode',
    'defaultsort',
    'filepath',
    'pagesincategory',
    'pagesize',
    'protectionlevel',
    'protectionexpiry',
    'namespace',
    'namespacee',
    'namespacenumber',
    'talkspace',
    'talkspacee',
    'subjectspace',
    'subjectspacee',
    'pagename',
    'pagenamee',
    'fullpagename',
    'fullpagenamee',
    'rootpagename',
    'rootpagenamee',
    'basepagename',
    'basepagenamee',
    'subpagename',
    'subpagenamee',
    'talkpagename',
    'talkpagenamee',
    'subjectpagename',
    'subjectpagenamee',
    'pageid',
    'revisionid',
    'revisionday',
    'revisionday2',
    'revisionmonth',
    'revisionmonth1',
    'revisionyear',
    'revisiontimestamp',
    'revisionuser',
    'cascadingsources',
    'int',
    'special',
    'speciale',
    'tag',
    'formatdate',
    'displaytitle',
  ];
  // ParserFunctions registers its functions in this order; its string functions (`len`, `pos`,
  // ...) are off unless `$wgPFEnableStringFunctions` is set, which the reference wiki does not.
  if (site.extensions.includes('ParserFunctions'))
    hooks.push(
      'if',
      'ifeq',
      'switch',
      'ifexist',
      'ifexpr',
      'iferror',
      'time',
      'timel',
      'expr',
      'rel2abs',
      'titleparts',
    );
  return hooks;
}

/** MediaWiki's link prefix pattern of a prefix character class, or '' for a language without one. */
function linkPrefixPattern(charset: string | undefined): string {
  return charset === undefined ? '' : `/^((?>.*[^${charset}]|))(.+)$/sDu`;
}
