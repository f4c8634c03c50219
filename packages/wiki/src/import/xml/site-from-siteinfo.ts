/**
 * A dump's `<siteinfo>` as the wiki's SiteConfig: its name and id, its server, article path and
 * main page (from `<base>`), its language (the root element's `xml:lang`), and its namespaces with
 * the dump's localized names and case. What a dump does not say is MediaWiki's default.
 */
import { defaultSite } from '../../site/defaults.js';
import { wikimediaUcfirstOverrides } from '../../site/first-letter.js';
import {
  canonicalAliases,
  canonicalNamespaces,
  languageNamespaces,
  namespaceAliasList,
} from '../../site/namespace-names.js';
import type { NamespaceInfo, SiteConfig } from '../../site/site.js';
import type { DumpSiteInfo } from './dump-types.js';

/** `$wgNamespacesWithSubpages` by default: talk namespaces and user, project, MediaWiki, template, help. */
const SUBPAGES = new Set([2, 4, 8, 10, 12]);
/** Namespaces whose canonical name is not the English localized one. */
const EXTRA_CANONICAL: Record<number, string> = { 828: 'Module', 829: 'Module talk' };

/** The wiki id of a dump that does not name its database, from its host: `de.wiktionary.org` -> `dewiktionary`. */
export function wikiIdFromBase(base: string | undefined, siteName: string): string {
  try {
    const host = new URL(base ?? '').hostname;
    const m =
      /^([a-z0-9-]+)\.(wikipedia|wiktionary|wikibooks|wikinews|wikiquote|wikisource|wikiversity|wikivoyage)\.org$/.exec(
        host,
      );
    if (m) return `${m[1]!.replace(/-/g, '_')}${m[2] === 'wikipedia' ? 'wiki' : m[2]}`;
    if (host) return host;
  } catch {
    // no usable <base>: fall back to the site name
  }
  return siteName.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'wiki';
}

function pathsFromBase(base: string | undefined): { server?: string; articlePath?: string; mainPage?: string } {
  if (!base) return {};
  try {
    const url = new URL(base);
    const path = decodeURIComponent(url.pathname);
    const slash = path.lastIndexOf('/');
    const mainPage = path.slice(slash + 1).replace(/_/g, ' ');
    const result: { server?: string; articlePath?: string; mainPage?: string } = { server: url.origin };
    if (mainPage) {
      result.articlePath = `${path.slice(0, slash + 1)}$1`;
      result.mainPage = mainPage;
    }
    return result;
  } catch {
    return {};
  }
}

function canonicalName(id: number): string | undefined {
  if (id === 0) return undefined;
  if (id === 4) return 'Project';
  if (id === 5) return 'Project talk';
  return canonicalNamespaces.names[id] ?? EXTRA_CANONICAL[id];
}

export function siteFromSiteinfo(info: DumpSiteInfo, base: SiteConfig | undefined): SiteConfig {
  const language = info.language ?? base?.language ?? 'en';
  const wikiId = info.dbName ?? wikiIdFromBase(info.base, info.siteName);
  const defaults = defaultSite({ wikiId, siteName: info.siteName, language });
  const local = languageNamespaces(language);
  const known = new Map((base?.namespaces ?? defaults.namespaces).map((ns) => [ns.id, ns]));
  const namespaces: NamespaceInfo[] = info.namespaces.map((ns) => {
    const previous = known.get(ns.id);
    const subject = ns.id >= 0 ? ns.id - (ns.id % 2) : ns.id;
    const namespace: NamespaceInfo = {
      id: ns.id,
      name: ns.name,
      // Old dumps give the case once for the wiki; special, user and MediaWiki pages are always first-letter.
      case:
        ns.case ?? (ns.id === -1 || subject === 2 || subject === 8 ? 'first-letter' : (info.case ?? 'first-letter')),
      subpages: previous?.subpages ?? (ns.id > 0 && (ns.id % 2 === 1 || SUBPAGES.has(subject))),
      content: previous?.content ?? ns.id === 0,
      nonincludable: previous?.nonincludable ?? false,
    };
    const canonical = canonicalName(ns.id) ?? previous?.canonical ?? (ns.id === 0 ? undefined : ns.name);
    if (canonical !== undefined) namespace.canonical = canonical;
    if (previous?.protection) namespace.protection = previous.protection;
    if (previous?.defaultContentModel) namespace.defaultContentModel = previous.defaultContentModel;
    return namespace;
  });
  const names = new Map(namespaces.map((ns) => [ns.id, ns.name]));
  const project = namespaces.find((ns) => ns.id === 4)?.name ?? info.siteName;
  const aliases = namespaceAliasList([...local.aliases, ...canonicalAliases], project, names, language);
  const paths = pathsFromBase(info.base);
  return {
    ...(base ?? defaults),
    wikiId,
    siteName: info.siteName || (base?.siteName ?? defaults.siteName),
    ...(paths.server ? { server: paths.server } : {}),
    ...(paths.articlePath ? { articlePath: paths.articlePath } : {}),
    mainPage: paths.mainPage ?? base?.mainPage ?? local.mainPage,
    language,
    namespaces,
    namespaceAliases: aliases,
    settings: {
      ...(base?.settings ?? {}),
      ...(info.generator ? { DumpGenerator: info.generator } : {}),
      ...(base?.settings.OverrideUcfirstCharacters === undefined && keepsOlderFirstLetters(info.generator)
        ? { OverrideUcfirstCharacters: wikimediaUcfirstOverrides() }
        : {}),
    },
  };
}

/**
 * Whether the dump's wiki uppercases first letters by the older PHP's rule: Wikimedia's wikis
 * (`MediaWiki 1.42.0-wmf.5`) keep it with `$wgOverrideUcfirstCharacters`, and MediaWiki before 1.35
 * could run on PHP 7.2, which had it. Other wikis run on PHP 7.3 or later, with Unicode's rule.
 */
function keepsOlderFirstLetters(generator: string | undefined): boolean {
  const version = /^MediaWiki (\d+)\.(\d+)(\S*)/.exec(generator ?? '');
  if (!version) return false;
  return version[3]!.includes('-wmf') || (Number(version[1]) === 1 && Number(version[2]) < 35);
}
