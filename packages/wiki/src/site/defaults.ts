import { installerInterwiki } from './installer-interwiki.js';
import {
  canonicalAliases,
  canonicalNamespaces,
  languageNamespaces,
  namespaceAliasList,
  withProjectName,
} from './namespace-names.js';
import type { NamespaceAlias, NamespaceInfo, SiteConfig } from './site.js';

/**
 * MediaWiki 1.39's defaults for what a wiki's LocalSettings.php may change, and the reading of a
 * `settings.json` (MediaWiki's setting names without `$wg`) into a SiteConfig. Anything a
 * settings file leaves out is MediaWiki's default, as in MediaWiki itself.
 */

/** `$wgNamespacesWithSubpages`: every talk namespace, and user, project, MediaWiki, template, help. */
const namespacesWithSubpages = new Set([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15]);
/** Namespaces that stay first-letter even when `$wgCapitalLinks` is false, with their talk. */
const alwaysCapitalized = new Set([-1, 2, 3, 8, 9]);
const defaultFileExtensions = ['png', 'gif', 'jpg', 'jpeg', 'webp'];

/** Namespaces extensions add, with the properties they give them. */
const extensionNamespaces: Record<string, Array<Partial<NamespaceInfo> & { id: number }>> = {
  Gadgets: [
    { id: 2300, case: 'case-sensitive', protection: 'gadgets-edit' },
    { id: 2301, case: 'case-sensitive' },
    {
      id: 2302,
      case: 'case-sensitive',
      protection: 'gadgets-definition-edit',
      defaultContentModel: 'GadgetDefinition',
    },
    { id: 2303, case: 'case-sensitive' },
  ],
  Scribunto: [
    { id: 828, subpages: true, defaultContentModel: 'Scribunto' },
    { id: 829, subpages: true },
  ],
};

export interface NamespaceOptions {
  language: string;
  /** `$wgSitename`, which names the project namespace unless `metaNamespace` does. */
  siteName: string;
  metaNamespace?: string;
  metaNamespaceTalk?: string;
  extensions?: string[];
  /** `$wgCapitalLinks` (default true). */
  capitalLinks?: boolean;
  /** `$wgCapitalLinkOverrides`: namespace id → first-letter (true) or case-sensitive (false). */
  capitalLinkOverrides?: Record<number, boolean>;
  /** `$wgExtraNamespaces`: id → localized name. */
  extraNamespaces?: Record<number, string>;
  /** `$wgNamespacesWithSubpages` entries that differ from the default. */
  subpages?: Record<number, boolean>;
  /** `$wgContentNamespaces` (default `[0]`). */
  contentNamespaces?: number[];
  /** `$wgNamespaceProtection`: id → rights. */
  protection?: Record<number, string[]>;
  /** `$wgNonincludableNamespaces`. */
  nonincludable?: number[];
  /** `$wgNamespaceContentModels`. */
  contentModels?: Record<number, string>;
  /** `$wgNamespaceAliases`: alias → id. */
  aliases?: Record<string, number>;
}

const spaced = (name: string) => name.replaceAll('_', ' ');

/** The namespaces of a wiki and their aliases, as MediaWiki builds them from its settings. */
export function buildNamespaces(options: NamespaceOptions): {
  namespaces: NamespaceInfo[];
  namespaceAliases: NamespaceAlias[];
} {
  const local = languageNamespaces(options.language);
  const project = spaced(options.metaNamespace ?? options.siteName);
  const names = new Map<number, { name: string; canonical?: string }>();
  for (const [id, canonical] of Object.entries(canonicalNamespaces.names)) {
    const n = Number(id);
    names.set(n, { name: local.names[n] ?? canonical, ...(n === 0 ? {} : { canonical }) });
  }
  names.set(4, { name: project, canonical: 'Project' });
  names.set(5, {
    name: spaced(options.metaNamespaceTalk ?? withProjectName(local.projectTalk, project, options.language)),
    canonical: 'Project talk',
  });
  const extra = new Map<number, Partial<NamespaceInfo>>();
  for (const extension of options.extensions ?? []) {
    const added = extensionNamespaces[extension];
    if (!added) continue;
    const canonical = canonicalNamespaces.extensions[extension] ?? {};
    const localized = local.extensions[extension] ?? {};
    for (const ns of added) {
      const canonicalName = canonical[ns.id] ?? '';
      names.set(ns.id, { name: localized[ns.id] ?? canonicalName, canonical: canonicalName });
      extra.set(ns.id, ns);
    }
  }
  for (const [id, name] of Object.entries(options.extraNamespaces ?? {})) {
    names.set(Number(id), { name: spaced(name), canonical: spaced(name) });
  }

  const content = new Set(options.contentNamespaces ?? [0]);
  const nonincludable = new Set(options.nonincludable ?? []);
  const namespaces: NamespaceInfo[] = [...names.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, { name, canonical }]) => {
      const fromExtension = extra.get(id) ?? {};
      const subject = id >= 0 ? id - (id % 2) : id;
      const override = options.capitalLinkOverrides?.[id];
      let firstLetter = options.capitalLinks ?? true;
      if (alwaysCapitalized.has(subject)) firstLetter = true;
      else if (override !== undefined) firstLetter = override;
      else if (fromExtension.case) firstLetter = fromExtension.case === 'first-letter';
      const subpages = options.subpages?.[id] ?? fromExtension.subpages ?? namespacesWithSubpages.has(id);
      const protection = options.protection?.[id]?.join('|') ?? (id === 8 ? 'editinterface' : fromExtension.protection);
      const model = options.contentModels?.[id] ?? fromExtension.defaultContentModel;
      const info: NamespaceInfo = {
        id,
        name,
        case: firstLetter ? 'first-letter' : 'case-sensitive',
        subpages: id >= 0 && subpages,
        content: content.has(id),
        nonincludable: nonincludable.has(id),
      };
      if (canonical !== undefined) info.canonical = canonical;
      if (protection) info.protection = protection;
      if (model) info.defaultContentModel = model;
      return info;
    });

  const namespaceAliases = namespaceAliasList(
    [
      ...Object.entries(options.aliases ?? {}).map(([name, id]): [string, number] => [spaced(name), id]),
      ...local.aliases,
      ...canonicalAliases,
    ],
    project,
    new Map([...names].map(([id, { name }]) => [id, name])),
    options.language,
  );
  return { namespaces, namespaceAliases };
}

/** The site a fresh store describes before anything is imported: a German wiki, as the spec's. */
export function defaultSite(overrides: { wikiId?: string; siteName?: string; language?: string } = {}): SiteConfig {
  const language = overrides.language ?? 'de';
  const siteName = overrides.siteName ?? 'Wiki';
  return {
    wikiId: overrides.wikiId ?? 'wiki',
    siteName,
    scriptPath: '',
    articlePath: '/index.php/$1',
    uploadPath: '/images',
    language,
    timezone: 'UTC',
    mainPage: languageNamespaces(language).mainPage,
    ...buildNamespaces({ language, siteName }),
    interwiki: installerInterwiki.map((entry) => ({ ...entry })),
    extensions: [],
    fileExtensions: [...defaultFileExtensions],
    enableUploads: false,
    groupPermissions: {},
    settings: {},
  };
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

type Settings = Record<string, unknown>;

function read<T>(settings: Settings, key: string, check: (v: unknown) => v is T, expected: string): T | undefined {
  const value = settings[key];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) throw new SettingsError(`setting ${key} must be ${expected}, not ${JSON.stringify(value)}`);
  return value;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);
const isNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numberKeyed<T>(value: Record<string, unknown> | undefined, key: string, check: (v: unknown) => v is T) {
  if (!value) return undefined;
  const out: Record<number, T> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!/^-?\d+$/.test(k) || !check(v)) throw new SettingsError(`setting ${key} has a bad entry ${JSON.stringify(k)}`);
    out[Number(k)] = v;
  }
  return out;
}

/**
 * Reads a wiki's settings (settings.json beside a MediaWiki database: MediaWiki's setting names
 * without `$wg`; anything missing is MediaWiki's default) into a SiteConfig. `fallbackWikiId` names
 * the wiki when `DBname` is absent (MediaWiki names its SQLite file after the database).
 * Throws a SettingsError naming a setting of the wrong type.
 */
export function siteFromSettings(
  settings: Settings,
  options: { fallbackWikiId?: string; uploadDirectory?: string } = {},
): SiteConfig {
  if (!isObject(settings)) throw new SettingsError('settings must be a JSON object');
  const { about: _about, ...kept } = settings;
  const language = read(settings, 'LanguageCode', isString, 'a language code') ?? 'en';
  const siteName = read(settings, 'Sitename', isString, 'a string') ?? 'MediaWiki';
  const scriptPath = read(settings, 'ScriptPath', isString, 'a string') ?? '';
  const extensions = read(settings, 'Extensions', isStringList, 'a list of names') ?? [];
  const wikiId = read(settings, 'DBname', isString, 'a string') ?? options.fallbackWikiId;
  if (!wikiId) throw new SettingsError('setting DBname (the wiki id) is missing');
  const groupPermissions = read(settings, 'GroupPermissions', isObject, 'an object of groups') ?? {};
  for (const [group, rights] of Object.entries(groupPermissions)) {
    if (!isObject(rights) || !Object.values(rights).every(isBoolean)) {
      throw new SettingsError(`setting GroupPermissions.${group} must map rights to true or false`);
    }
  }
  const ucfirst = read(settings, 'OverrideUcfirstCharacters', isObject, 'an object of characters');
  for (const [char, upper] of Object.entries(ucfirst ?? {})) {
    if ([...char].length !== 1 || !isString(upper) || upper === '') {
      throw new SettingsError(
        `setting OverrideUcfirstCharacters must map single characters to their uppercase, not ${JSON.stringify(char)} to ${JSON.stringify(upper)}`,
      );
    }
  }
  // Read where texts are normalised (api/text-normalize.ts): only `true` replaces old spellings.
  read(settings, 'AllUnicodeFixes', isBoolean, 'true or false');
  const aliases = read(settings, 'NamespaceAliases', isObject, 'an object of names');
  if (aliases && !Object.values(aliases).every((v) => Number.isInteger(v))) {
    throw new SettingsError('setting NamespaceAliases must map names to namespace numbers');
  }
  const subpagesSetting = numberKeyed(
    read(settings, 'NamespacesWithSubpages', isObject, 'an object'),
    'NamespacesWithSubpages',
    isBoolean,
  );
  const server = read(settings, 'Server', isString, 'a URL');
  const uploadDirectory = options.uploadDirectory;
  const site: SiteConfig = {
    wikiId,
    siteName,
    ...(server ? { server: server.replace(/\/+$/, '') } : {}),
    scriptPath,
    articlePath: read(settings, 'ArticlePath', isString, 'a path with $1') ?? `${scriptPath}/index.php/$1`,
    uploadPath: read(settings, 'UploadPath', isString, 'a path') ?? `${scriptPath}/images`,
    ...(uploadDirectory ? { uploadDirectory } : {}),
    language,
    timezone: read(settings, 'Localtimezone', isString, 'a time zone name') ?? 'UTC',
    mainPage: languageNamespaces(language).mainPage,
    ...buildNamespaces({
      language,
      siteName,
      metaNamespace: read(settings, 'MetaNamespace', isString, 'a string'),
      metaNamespaceTalk: read(settings, 'MetaNamespaceTalk', isString, 'a string'),
      extensions,
      capitalLinks: read(settings, 'CapitalLinks', isBoolean, 'true or false'),
      capitalLinkOverrides: numberKeyed(
        read(settings, 'CapitalLinkOverrides', isObject, 'an object'),
        'CapitalLinkOverrides',
        isBoolean,
      ),
      extraNamespaces: numberKeyed(
        read(settings, 'ExtraNamespaces', isObject, 'an object'),
        'ExtraNamespaces',
        isString,
      ),
      subpages: subpagesSetting,
      contentNamespaces: read(settings, 'ContentNamespaces', isNumberList, 'a list of namespace numbers'),
      protection: numberKeyed(
        read(settings, 'NamespaceProtection', isObject, 'an object'),
        'NamespaceProtection',
        isStringList,
      ),
      nonincludable: read(settings, 'NonincludableNamespaces', isNumberList, 'a list of namespace numbers'),
      contentModels: numberKeyed(
        read(settings, 'NamespaceContentModels', isObject, 'an object'),
        'NamespaceContentModels',
        isString,
      ),
      aliases: aliases as Record<string, number> | undefined,
    }),
    interwiki: installerInterwiki.map((entry) => ({ ...entry })),
    extensions,
    fileExtensions: read(settings, 'FileExtensions', isStringList, 'a list of extensions') ?? [
      ...defaultFileExtensions,
    ],
    enableUploads: read(settings, 'EnableUploads', isBoolean, 'true or false') ?? false,
    groupPermissions: groupPermissions as Record<string, Record<string, boolean>>,
    settings: kept,
  };
  return site;
}
