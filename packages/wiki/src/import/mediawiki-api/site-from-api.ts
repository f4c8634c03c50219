/**
 * The SiteConfig of a wiki read through its API (`meta=siteinfo`): its general settings, its
 * namespaces and aliases as the wiki names them, the interwiki map, the extensions, file
 * extensions, group rights (as changes to MediaWiki's defaults) and magic words.
 */
import { siteFromSettings } from '../../site/defaults.js';
import { firstLetterUpper, wikimediaUcfirstOverrides } from '../../site/first-letter.js';
import { groupRights } from '../../site/group-permissions.js';
import type { InterwikiEntry, NamespaceInfo, SiteConfig } from '../../site/site.js';
import type { MediaWikiApiClient } from './api-client.js';

export const SITEINFO_PROPS =
  'general|namespaces|namespacealiases|interwikimap|magicwords|usergroups|extensions|fileextensions|restrictions|rightsinfo';

function groupLists(groups: any[], key: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of groups) if (Array.isArray(group[key]) && group[key].length > 0) out[group.name] = group[key];
  return out;
}

/** Reads the source's siteinfo into a SiteConfig, `uploadDirectory` being where its files are copied. */
export async function readSourceSite(client: MediaWikiApiClient, uploadDirectory?: string): Promise<SiteConfig> {
  const answer = await client.request({ action: 'query', meta: 'siteinfo', siprop: SITEINFO_PROPS });
  const info = answer.query ?? {};
  const general = info.general;
  if (!general?.wikiid || !info.namespaces) throw new Error(`${client.url} gave no siteinfo: is it an api.php?`);
  const usergroups: any[] = info.usergroups ?? [];
  const extensions: string[] = (info.extensions ?? [])
    .filter((e: any) => e.type !== 'skin')
    .map((e: any) => String(e.name).replace(/\s+/g, ''));
  const settings: Record<string, unknown> = {
    Sitename: general.sitename,
    DBname: general.wikiid,
    Server: general.server,
    ScriptPath: general.scriptpath ?? '',
    ArticlePath: general.articlepath,
    LanguageCode: general.lang,
    Localtimezone: general.timezone ?? 'UTC',
    EnableUploads: general.uploadsenabled === true,
    FileExtensions: (info.fileextensions ?? []).map((e: any) => e.ext),
    Extensions: extensions,
    AddGroups: groupLists(usergroups, 'add'),
    RemoveGroups: groupLists(usergroups, 'remove'),
    GroupsAddToSelf: groupLists(usergroups, 'add-self'),
    GroupsRemoveFromSelf: groupLists(usergroups, 'remove-self'),
    CategoryCollation: general.categorycollation,
    MaxArticleSize: typeof general.maxarticlesize === 'number' ? general.maxarticlesize / 1024 : undefined,
    Skins: (info.extensions ?? []).filter((e: any) => e.type === 'skin').map((e: any) => String(e.name)),
    MagicWords: info.magicwords,
    RestrictionTypes: info.restrictions?.types,
    RestrictionLevels: info.restrictions?.levels,
    RightsUrl: info.rightsinfo?.url,
    RightsText: info.rightsinfo?.text,
    MirroredFrom: client.url,
  };
  const overrides = await sourceUcfirstOverrides(client, String(general.lang ?? 'en'));
  if (Object.keys(overrides).length > 0) settings.OverrideUcfirstCharacters = overrides;
  const site = siteFromSettings(settings, { uploadDirectory });
  site.mainPage = general.mainpage ?? site.mainPage;
  // By id, as MediaWiki lists them: a JSON object's keys come in another order (-2 and -1 last).
  site.namespaces = Object.values(info.namespaces as Record<string, any>)
    .sort((a, b) => a.id - b.id)
    .map((ns) => {
      const namespace: NamespaceInfo = {
        id: ns.id,
        name: ns.name,
        case: ns.case === 'case-sensitive' ? 'case-sensitive' : 'first-letter',
        subpages: ns.subpages === true,
        content: ns.content === true,
        nonincludable: ns.nonincludable === true,
      };
      if (ns.canonical !== undefined) namespace.canonical = ns.canonical;
      if (ns.namespaceprotection) namespace.protection = ns.namespaceprotection;
      if (ns.defaultcontentmodel) namespace.defaultContentModel = ns.defaultcontentmodel;
      return namespace;
    });
  site.namespaceAliases = (info.namespacealiases ?? []).map((a: any) => ({ id: a.id, name: a.alias }));
  site.interwiki = (info.interwikimap ?? []).map((iw: any) => {
    const entry: InterwikiEntry = {
      prefix: iw.prefix,
      url: iw.url,
      local: iw.local === true,
      trans: iw.trans === true,
    };
    if (iw.language) entry.language = iw.language;
    if (iw.api) entry.api = iw.api;
    if (iw.wikiid) entry.wikiId = iw.wikiid;
    if (iw.protorel) entry.protorel = true;
    return entry;
  });
  // Rights: what differs from MediaWiki's defaults (with the same extensions) is the site's change.
  const defaults = groupRights(site);
  const changes: Record<string, Record<string, boolean>> = {};
  for (const group of usergroups) {
    const theirs = new Set<string>(group.rights ?? []);
    const ours = new Set(defaults.get(group.name) ?? []);
    const change: Record<string, boolean> = {};
    for (const right of theirs) if (!ours.has(right)) change[right] = true;
    for (const right of ours) if (!theirs.has(right)) change[right] = false;
    if (Object.keys(change).length > 0) changes[group.name] = change;
  }
  site.groupPermissions = changes;
  return site;
}

/**
 * The source's first-letter rule, asked of it: every character whose uppercase PHP's older and
 * newer rules give differently (Wikimedia's wikis keep the older one), as `MediaWiki:` titles
 * (always first-letter) whose normalisation the source reports. The characters it uppercases
 * otherwise than this service's default rule for its language are its overrides.
 */
async function sourceUcfirstOverrides(client: MediaWikiApiClient, language: string): Promise<Record<string, string>> {
  const ours = firstLetterUpper(language);
  // MediaWiki reads requests and writes answers in NFC: a character NFC changes cannot be asked for.
  const chars = Object.keys(wikimediaUcfirstOverrides()).filter((char) => char.normalize('NFC') === char);
  const overrides: Record<string, string> = {};
  for (let i = 0; i < chars.length; i += 50) {
    const batch = chars.slice(i, i + 50);
    const answer = await client.request(
      { action: 'query', titles: batch.map((c) => `MediaWiki:${c}x`).join('|'), formatversion: '2' },
      true,
    );
    const theirs = new Map<string, string>();
    for (const entry of answer.query?.normalized ?? []) {
      const from = /^MediaWiki:(.+)x$/su.exec(String(entry.from))?.[1];
      const to = /^[^:]+:(.+)x$/su.exec(String(entry.to))?.[1];
      if (from !== undefined && to !== undefined) theirs.set(from, to);
    }
    // A title the source did not normalise kept its first letter.
    for (const char of batch) {
      const upper = theirs.get(char) ?? char;
      // (MediaWiki writes its answers in NFC; this service writes the uppercase as it is.)
      if (upper.normalize('NFC') !== ours(char).normalize('NFC')) overrides[char] = upper;
    }
  }
  return overrides;
}
