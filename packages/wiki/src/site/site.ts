/**
 * The description of one wiki: what MediaWiki keeps in LocalSettings.php and its language files
 * rather than in the database. It comes from a dump's <siteinfo>, from a MediaWiki database's
 * settings.json, or from configuration, and is stored with the wiki (see store/site-store.ts).
 * Every module, the title parser and the importers read it; nothing else defines namespaces.
 */

export type NamespaceCase = 'first-letter' | 'case-sensitive';

export interface NamespaceInfo {
  id: number;
  /** Localized name with spaces, e.g. `Benutzer Diskussion`; empty for the main namespace. */
  name: string;
  /** English canonical name (`User talk`); absent for the main namespace. */
  canonical?: string;
  case: NamespaceCase;
  subpages: boolean;
  /** Counts as content (`$wgContentNamespaces`). */
  content: boolean;
  nonincludable: boolean;
  /** The right needed to edit pages of this namespace (`namespaceprotection`), if any. */
  protection?: string;
  defaultContentModel?: string;
}

/** Another name for a namespace (`Bild` for `Datei`, the gendered `Benutzerin`). */
export interface NamespaceAlias {
  id: number;
  name: string;
}

/** One row of the interwiki map, as `siteinfo&siprop=interwikimap` shows it. */
export interface InterwikiEntry {
  prefix: string;
  url: string;
  local: boolean;
  trans: boolean;
  /** Language links: the prefix is a language code of a sister wiki (`[[en:…]]`). */
  language?: string;
  api?: string;
  wikiId?: string;
  protorel?: boolean;
}

export interface SiteConfig {
  /** The wiki id (MediaWiki's database name, `$wgDBname`); one store holds one wiki. */
  wikiId: string;
  siteName: string;
  /** `$wgServer`, e.g. `http://127.0.0.1:8090`; undefined means "the origin the request came to". */
  server?: string;
  /** `$wgScriptPath`: empty means `/api.php` (and `/w/api.php` answers as well). */
  scriptPath: string;
  /** `$wgArticlePath` with `$1` for the title. */
  articlePath: string;
  /** `$wgUploadPath`, where the upload folder is served. */
  uploadPath: string;
  /** The upload folder on this machine (`$wgUploadDirectory`: `images/` of an imported wiki), if any. */
  uploadDirectory?: string;
  /** Content language code (`de`). */
  language: string;
  /** Local time zone name (`UTC`). */
  timezone: string;
  mainPage: string;
  namespaces: NamespaceInfo[];
  namespaceAliases: NamespaceAlias[];
  interwiki: InterwikiEntry[];
  /** Installed extensions by name (`TextExtracts`, `Gadgets`, ...). */
  extensions: string[];
  fileExtensions: string[];
  enableUploads: boolean;
  /** Changes to MediaWiki's default group permissions (`$wgGroupPermissions`). */
  groupPermissions: Record<string, Record<string, boolean>>;
  /** The source's own settings, under MediaWiki's names without `$wg`, for what is not modelled above. */
  settings: Record<string, unknown>;
}

export function namespaceById(site: SiteConfig, id: number): NamespaceInfo | undefined {
  return site.namespaces.find((ns) => ns.id === id);
}
