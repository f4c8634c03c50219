/**
 * What a MediaWiki XML export (schema 0.3 to 0.11) holds, as the dump reader yields it. Fields a
 * schema version does not have are absent; nothing is invented.
 */

export interface DumpNamespace {
  id: number;
  /** Localized name with spaces; empty for the main namespace. */
  name: string;
  case?: 'first-letter' | 'case-sensitive';
}

export interface DumpSiteInfo {
  /** The export schema version from the root element's namespace or `version` attribute (`0.10`). */
  schemaVersion: string;
  siteName: string;
  /** `<dbname>` (schema 0.5 and later; older dumps do not name the wiki's database). */
  dbName?: string;
  /** The main page's URL (`https://de.wikipedia.org/wiki/Wikipedia:Hauptseite`). */
  base?: string;
  generator?: string;
  case?: 'first-letter' | 'case-sensitive';
  namespaces: DumpNamespace[];
  /** `xml:lang` of the root element: the content language, when the dump names it. */
  language?: string;
}

export interface DumpContributor {
  /** The contributor was hidden (`<contributor deleted="deleted"/>`). */
  deleted: boolean;
  username?: string;
  /** The user id; 0 or absent for IP editors and for imported names without a local account. */
  id?: number;
  ip?: string;
}

/** One content slot of a revision other than the main one (schema 0.11 `<content>`). */
export interface DumpSlot {
  role: string;
  origin?: number;
  model?: string;
  format?: string;
  text?: string;
  textDeleted: boolean;
  bytes?: number;
  sha1?: string;
}

export interface DumpRevision {
  id: number;
  parentId?: number;
  /** ISO 8601 as in the dump (`2006-12-13T03:07:14Z`). */
  timestamp: string;
  contributor: DumpContributor;
  minor: boolean;
  comment?: string;
  commentDeleted: boolean;
  model?: string;
  format?: string;
  /** The main slot's text; absent in stub dumps and when the text was deleted. */
  text?: string;
  /**
   * The main slot's text as UTF-8, in place of `text`, when a reader thread hands it over so (see
   * `StreamSettings.textsAsBytes`); its size and SHA-1 are then filled in already.
   */
  textBytes?: Uint8Array;
  textDeleted: boolean;
  /** The `bytes` attribute of `<text>` (the length MediaWiki recorded). */
  bytes?: number;
  /** Base-36 SHA-1 of the main slot as the dump gives it. */
  sha1?: string;
  /** Further content slots (schema 0.11). */
  slots: DumpSlot[];
}

export interface DumpPage {
  title: string;
  /** The namespace from `<ns>`, or from the title's prefix when the dump has no `<ns>` element. */
  namespace: number;
  /** The page id (absent only in hand-made exports). */
  id?: number;
  /** `<redirect title="...">` (or an empty `<redirect/>` in older schemas). */
  redirect?: { title?: string };
  /** Old-style `<restrictions>` text (`edit=sysop:move=sysop`). */
  restrictions?: string;
}

export interface DumpUpload {
  timestamp: string;
  contributor: DumpContributor;
  comment?: string;
  filename: string;
  src?: string;
  size?: number;
  sha1base36?: string;
  /** The path in the source's upload folder (`a/ab/Name`, `archive/a/ab/20200101000000!Name`). */
  rel?: string;
  /** The file's bytes (`<contents encoding="base64">`, in exports made with --include-files). */
  contents?: Uint8Array;
}

export type DumpEvent =
  | { type: 'siteinfo'; siteinfo: DumpSiteInfo }
  | { type: 'page'; page: DumpPage }
  | { type: 'revision'; page: DumpPage; revision: DumpRevision }
  | { type: 'upload'; page: DumpPage; upload: DumpUpload }
  | { type: 'page-end'; page: DumpPage };
