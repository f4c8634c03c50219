import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The wiki database as Kysely sees it: one interface per table of migrations/0001_wiki_store.ts
 * (MediaWiki 1.39's tables and column names; README.md beside this file explains each).
 * Generated<> marks columns with a default or a generated id, which inserts may leave out.
 * Timestamps are 14-digit `YYYYMMDDHHMMSS` strings; flags are 0/1 numbers.
 */

export interface SiteTable {
  /** Always 1: one store holds one wiki. */
  site_id: number;
  /** The wiki's id (`$wgDBname`, a dump's `<dbname>`); another wiki is refused unless replaced. */
  site_wiki_id: string;
  /** `$wgServer` of the imported wiki, when known. */
  site_server: string | null;
  /** The SiteConfig as JSON (store/site-store.ts reads and writes it). */
  site_config: string;
  /** When the site row was last written (14-digit timestamp). */
  site_updated: string;
}

export interface PageTable {
  page_id: Generated<number>;
  page_namespace: number;
  page_title: string;
  page_is_redirect: Generated<number>;
  page_is_new: Generated<number>;
  page_random: number;
  page_touched: string;
  page_links_updated: string | null;
  /** rev_id of the current revision. */
  page_latest: number;
  /** Size in bytes of the current main slot. */
  page_len: number;
  /** The content model when it differs from the namespace default, or always after a database import. */
  page_content_model: string | null;
  page_lang: string | null;
}

export interface ActorTable {
  actor_id: Generated<number>;
  /** user_id, or null for IP editors and imported names (`imported>Name`). */
  actor_user: number | null;
  actor_name: string;
}

export interface RevisionTable {
  rev_id: Generated<number>;
  rev_page: number;
  /** The edit summary (MediaWiki's comment_text), resolved from the comment table. */
  rev_comment: Generated<string>;
  /** actor_id of the editor; join actor for the name. */
  rev_actor: number;
  rev_timestamp: string;
  rev_minor_edit: Generated<number>;
  /** Revision deletion bits: 1 text, 2 comment, 4 user, 8 suppressed. */
  rev_deleted: Generated<number>;
  rev_len: number | null;
  rev_parent_id: number | null;
  /** SHA-1 of the content in base 36, 31 characters, as MediaWiki stores it. */
  rev_sha1: Generated<string>;
}

export interface IpChangesTable {
  ipc_rev_id: number;
  ipc_rev_timestamp: string;
  /** The editing IP in hex, for range lookups. */
  ipc_hex: Generated<string>;
}

export interface SlotsTable {
  /** rev_id, or ar_rev_id for deleted revisions. */
  slot_revision_id: number;
  /** The slot role name (`main`). */
  slot_role: Generated<string>;
  slot_content_id: number;
  /** rev_id of the revision that introduced this content. */
  slot_origin: number;
}

export interface ContentTable {
  content_id: Generated<number>;
  content_size: number;
  /** SHA-1 of the text in base 36. */
  content_sha1: string;
  /** Model name: `wikitext`, `javascript`, `css`, `json`, `text`, `GadgetDefinition`, ... */
  content_model: string;
  /** The text itself, as UTF-8 (MediaWiki keeps it in the text table behind a `tt:` address). */
  content_text: string;
}

export interface UserTable {
  user_id: Generated<number>;
  user_name: string;
  user_real_name: Generated<string>;
  /** MediaWiki's password hash (`:pbkdf2:...`, `:B:...`), or empty. */
  user_password: Generated<string>;
  user_email: Generated<string>;
  user_email_authenticated: string | null;
  user_touched: string;
  user_registration: string | null;
  user_editcount: number | null;
  user_password_expires: string | null;
}

/** A login session (see migrations/0002_sessions.ts): found by the SHA-256 of its cookie value. */
export interface SessionTable {
  sess_hash: string;
  /** 0 for an anonymous session. */
  sess_user: number;
  /** The bot password's application id when the session was opened with `User@app`. */
  sess_bot_app: string | null;
  sess_created: string;
  sess_expires: string;
}

/** Failed logins counted per throttle key and period (`$wgPasswordAttemptThrottle`). */
export interface LoginAttemptTable {
  la_key: string;
  /** The throttle period in seconds this row counts for. */
  la_period: number;
  la_window_start: string;
  la_count: number;
}

export interface UserGroupsTable {
  ug_user: number;
  ug_group: string;
  ug_expiry: string | null;
}

export interface UserFormerGroupsTable {
  ufg_user: number;
  ufg_group: string;
}

export interface UserPropertiesTable {
  up_user: number;
  up_property: string;
  up_value: string | null;
}

export interface UserNewtalkTable {
  user_id: Generated<number>;
  user_ip: Generated<string>;
  user_last_timestamp: string | null;
}

export interface BotPasswordsTable {
  bp_user: number;
  bp_app_id: string;
  bp_password: string;
  bp_restrictions: string;
  bp_grants: string;
}

export interface PagelinksTable {
  pl_from: number;
  pl_namespace: number;
  pl_title: string;
  pl_from_namespace: number;
}

export interface TemplatelinksTable {
  tl_from: number;
  /** Namespace of the transcluded page (MediaWiki's linktarget, resolved). */
  tl_namespace: number;
  tl_title: string;
  tl_from_namespace: number;
}

export interface ImagelinksTable {
  il_from: number;
  il_to: string;
  il_from_namespace: number;
}

export interface CategorylinksTable {
  cl_from: number;
  /** Category title, without namespace, underscores. */
  cl_to: string;
  /** The binary sort key (collation applied), compared by bytes. */
  cl_sortkey: string;
  cl_sortkey_prefix: Generated<string>;
  cl_timestamp: string;
  cl_collation: Generated<string>;
  /** `page`, `subcat` or `file`. */
  cl_type: Generated<string>;
}

export interface CategoryTable {
  cat_id: Generated<number>;
  cat_title: string;
  cat_pages: Generated<number>;
  cat_subcats: Generated<number>;
  cat_files: Generated<number>;
}

export interface ExternallinksTable {
  el_id: Generated<number>;
  el_from: number;
  el_to: string;
  /** The URL with its host reversed (`http://org.example.www.`), for prefix searches. */
  el_index: string;
  el_index_60: string;
}

export interface LanglinksTable {
  ll_from: number;
  ll_lang: string;
  ll_title: string;
}

export interface IwlinksTable {
  iwl_from: number;
  iwl_prefix: string;
  iwl_title: string;
}

export interface RedirectTable {
  rd_from: number;
  rd_namespace: number;
  rd_title: string;
  /** Interwiki prefix of the target, or null/empty. */
  rd_interwiki: string | null;
  /** Section of the target, without `#`, or null. */
  rd_fragment: string | null;
}

export interface PagePropsTable {
  pp_page: number;
  pp_propname: string;
  pp_value: string;
  pp_sortkey: number | null;
}

export interface PageRestrictionsTable {
  pr_id: Generated<number>;
  pr_page: number;
  pr_type: string;
  pr_level: string;
  pr_cascade: number;
  /** 14-digit timestamp or `infinity`. */
  pr_expiry: string | null;
}

export interface ProtectedTitlesTable {
  pt_namespace: number;
  pt_title: string;
  pt_user: number;
  pt_reason: Generated<string>;
  pt_timestamp: string;
  pt_expiry: string;
  pt_create_perm: string;
}

export interface ImageTable {
  img_name: string;
  img_size: Generated<number>;
  img_width: Generated<number>;
  img_height: Generated<number>;
  /** Serialized metadata as MediaWiki stores it (JSON in 1.39, or PHP-serialized). */
  img_metadata: Generated<string>;
  img_bits: Generated<number>;
  img_media_type: string | null;
  img_major_mime: Generated<string>;
  img_minor_mime: Generated<string>;
  /** Upload comment, resolved from the comment table. */
  img_description: Generated<string>;
  img_actor: number;
  img_timestamp: string;
  img_sha1: Generated<string>;
}

export interface OldimageTable {
  oi_name: string;
  oi_archive_name: string;
  oi_size: Generated<number>;
  oi_width: Generated<number>;
  oi_height: Generated<number>;
  oi_bits: Generated<number>;
  oi_description: Generated<string>;
  oi_actor: number;
  oi_timestamp: string;
  oi_metadata: Generated<string>;
  oi_media_type: string | null;
  oi_major_mime: Generated<string>;
  oi_minor_mime: Generated<string>;
  oi_deleted: Generated<number>;
  oi_sha1: Generated<string>;
}

export interface FilearchiveTable {
  fa_id: Generated<number>;
  fa_name: Generated<string>;
  fa_archive_name: string | null;
  fa_storage_group: string | null;
  fa_storage_key: string | null;
  fa_deleted_user: number | null;
  fa_deleted_timestamp: string | null;
  fa_deleted_reason: Generated<string>;
  fa_size: number | null;
  fa_width: number | null;
  fa_height: number | null;
  fa_metadata: string | null;
  fa_bits: number | null;
  fa_media_type: string | null;
  fa_major_mime: string | null;
  fa_minor_mime: string | null;
  fa_description: Generated<string>;
  fa_actor: number;
  fa_timestamp: string | null;
  fa_deleted: Generated<number>;
  fa_sha1: Generated<string>;
}

export interface UploadstashTable {
  us_id: Generated<number>;
  us_user: number;
  us_key: string;
  us_orig_path: string;
  us_path: string;
  us_source_type: string | null;
  us_timestamp: string;
  us_status: string;
  us_chunk_inx: number | null;
  us_props: string | null;
  us_size: number;
  us_sha1: string;
  us_mime: string | null;
  us_media_type: string | null;
  us_image_width: number | null;
  us_image_height: number | null;
  us_image_bits: number | null;
}

export interface ArchiveTable {
  ar_id: Generated<number>;
  ar_namespace: number;
  ar_title: string;
  ar_comment: Generated<string>;
  ar_actor: number;
  ar_timestamp: string;
  ar_minor_edit: Generated<number>;
  /** The deleted revision id; its content is in slots/content under this id. */
  ar_rev_id: number;
  ar_deleted: Generated<number>;
  ar_len: number | null;
  ar_page_id: number | null;
  ar_parent_id: number | null;
  ar_sha1: Generated<string>;
}

export interface LoggingTable {
  log_id: Generated<number>;
  log_type: Generated<string>;
  log_action: Generated<string>;
  log_timestamp: string;
  log_actor: number;
  log_namespace: Generated<number>;
  log_title: Generated<string>;
  log_page: number | null;
  log_comment: Generated<string>;
  /** As MediaWiki stores it: PHP-serialized array, or legacy newline-separated values. */
  log_params: Generated<string>;
  log_deleted: Generated<number>;
}

export interface LogSearchTable {
  ls_field: string;
  ls_value: string;
  ls_log_id: Generated<number>;
}

export interface RecentchangesTable {
  rc_id: Generated<number>;
  rc_timestamp: string;
  rc_actor: number;
  rc_namespace: Generated<number>;
  rc_title: Generated<string>;
  rc_comment: Generated<string>;
  rc_minor: Generated<number>;
  rc_bot: Generated<number>;
  rc_new: Generated<number>;
  rc_cur_id: Generated<number>;
  rc_this_oldid: Generated<number>;
  rc_last_oldid: Generated<number>;
  /** 0 edit, 1 new, 3 log, 5 external, 6 categorize. */
  rc_type: Generated<number>;
  rc_source: Generated<string>;
  rc_patrolled: Generated<number>;
  rc_ip: Generated<string>;
  rc_old_len: number | null;
  rc_new_len: number | null;
  rc_deleted: Generated<number>;
  rc_logid: Generated<number>;
  rc_log_type: string | null;
  rc_log_action: string | null;
  rc_params: string | null;
}

export interface IpblocksTable {
  ipb_id: Generated<number>;
  ipb_address: string;
  ipb_user: Generated<number>;
  ipb_by_actor: number;
  /** Block reason, resolved from the comment table. */
  ipb_reason: Generated<string>;
  ipb_timestamp: string;
  ipb_auto: Generated<number>;
  ipb_anon_only: Generated<number>;
  ipb_create_account: Generated<number>;
  ipb_enable_autoblock: Generated<number>;
  ipb_expiry: string;
  /** Hex start of the blocked range (empty for account blocks). */
  ipb_range_start: string;
  ipb_range_end: string;
  ipb_deleted: Generated<number>;
  ipb_block_email: Generated<number>;
  ipb_allow_usertalk: Generated<number>;
  ipb_parent_block_id: number | null;
  ipb_sitewide: Generated<number>;
}

export interface IpblocksRestrictionsTable {
  ir_ipb_id: number;
  /** 1 page, 2 namespace, 3 action. */
  ir_type: number;
  ir_value: number;
}

export interface WatchlistTable {
  wl_id: Generated<number>;
  wl_user: number;
  wl_namespace: Generated<number>;
  wl_title: Generated<string>;
  wl_notificationtimestamp: string | null;
}

export interface WatchlistExpiryTable {
  /** wl_id. */
  we_item: number;
  we_expiry: string;
}

export interface ChangeTagDefTable {
  ctd_id: Generated<number>;
  ctd_name: string;
  ctd_user_defined: number;
  ctd_count: Generated<number>;
}

export interface ChangeTagTable {
  ct_id: Generated<number>;
  ct_rc_id: number | null;
  ct_log_id: number | null;
  ct_rev_id: number | null;
  ct_params: string | null;
  /** ctd_id. */
  ct_tag_id: number;
}

export interface SiteStatsTable {
  ss_row_id: number;
  ss_total_edits: number | null;
  ss_good_articles: number | null;
  ss_total_pages: number | null;
  ss_users: number | null;
  ss_active_users: number | null;
  ss_images: number | null;
}

export interface InterwikiTable {
  iw_prefix: string;
  iw_url: string;
  iw_api: Generated<string>;
  iw_wikiid: Generated<string>;
  iw_local: number;
  iw_trans: Generated<number>;
}

export interface QuerycacheTable {
  /** Special page name (`Wantedpages`, `Lonelypages`, ...). */
  qc_type: string;
  qc_value: Generated<number>;
  qc_namespace: Generated<number>;
  qc_title: Generated<string>;
}

export interface QuerycachetwoTable {
  qcc_type: string;
  qcc_value: Generated<number>;
  qcc_namespace: Generated<number>;
  qcc_title: Generated<string>;
  qcc_namespacetwo: Generated<number>;
  qcc_titletwo: Generated<string>;
}

export interface QuerycacheInfoTable {
  qci_type: string;
  qci_timestamp: Generated<string>;
}

/** A build an import left for after it (migration 0100): `search` or `lint`, and its progress. */
export interface DeferredBuildTable {
  db_kind: string;
  /** Pages to go through, and how many are done. */
  db_total: Generated<number>;
  db_done: Generated<number>;
  /** The last page id done (the build resumes after it). */
  db_after: Generated<number>;
  db_started: Generated<string>;
  /** What a `links` build replaces: the link tables' names, space-separated. */
  db_tables: Generated<string>;
}

/** Lint errors of pages' current wikitext (migration 0014; the Linter extension's table). */
export interface LinterTable {
  linter_id: Generated<number>;
  linter_page: number;
  linter_namespace: number;
  /** The Linter category by name (`missing-end-tag`). */
  linter_cat: string;
  /** UTF-8 byte offsets in the page's text. */
  linter_start: number;
  linter_end: number;
  /** The error's parameters as JSON (`{"name":"center"}`). */
  linter_params: Generated<string>;
  /** The template whose call holds the error (prefixed title), or null. */
  linter_template: string | null;
}

/** A live replica's state (`import/mediawiki-api/replica-state.ts`). */
export interface ReplicaStateTable {
  rs_name: string;
  rs_value: Generated<string>;
}

export interface MessageTextTable {
  mt_lang: string;
  mt_key: string;
  mt_text: Generated<string>;
}

export interface MessageLanguageTable {
  ml_lang: string;
  ml_source: Generated<string>;
  ml_software: Generated<string>;
  ml_fetched: Generated<string>;
  ml_count: Generated<number>;
}

export interface LanguageCodeTable {
  lc_code: string;
  lc_bcp47: Generated<string>;
  lc_dir: Generated<string>;
  lc_autonym: Generated<string>;
  lc_fallbacks: Generated<string>;
  lc_variants: Generated<string>;
  lc_listed: Generated<number>;
  lc_variant_fallbacks: Generated<string>;
}

export interface LanguageNameTable {
  ln_in: string;
  ln_code: string;
  ln_name: Generated<string>;
}

export interface LanguageSourceTable {
  ls_lang: string;
  ls_source: Generated<string>;
  ls_software: Generated<string>;
  ls_fetched: Generated<string>;
  ls_count: Generated<number>;
}

export interface WikiDatabase {
  site: SiteTable;
  page: PageTable;
  actor: ActorTable;
  revision: RevisionTable;
  ip_changes: IpChangesTable;
  slots: SlotsTable;
  content: ContentTable;
  user: UserTable;
  user_groups: UserGroupsTable;
  user_former_groups: UserFormerGroupsTable;
  user_properties: UserPropertiesTable;
  user_newtalk: UserNewtalkTable;
  bot_passwords: BotPasswordsTable;
  pagelinks: PagelinksTable;
  templatelinks: TemplatelinksTable;
  imagelinks: ImagelinksTable;
  categorylinks: CategorylinksTable;
  category: CategoryTable;
  externallinks: ExternallinksTable;
  langlinks: LanglinksTable;
  iwlinks: IwlinksTable;
  redirect: RedirectTable;
  page_props: PagePropsTable;
  page_restrictions: PageRestrictionsTable;
  protected_titles: ProtectedTitlesTable;
  image: ImageTable;
  oldimage: OldimageTable;
  filearchive: FilearchiveTable;
  uploadstash: UploadstashTable;
  archive: ArchiveTable;
  logging: LoggingTable;
  log_search: LogSearchTable;
  recentchanges: RecentchangesTable;
  ipblocks: IpblocksTable;
  ipblocks_restrictions: IpblocksRestrictionsTable;
  watchlist: WatchlistTable;
  watchlist_expiry: WatchlistExpiryTable;
  change_tag_def: ChangeTagDefTable;
  change_tag: ChangeTagTable;
  site_stats: SiteStatsTable;
  interwiki: InterwikiTable;
  querycache: QuerycacheTable;
  querycachetwo: QuerycachetwoTable;
  querycache_info: QuerycacheInfoTable;
  session: SessionTable;
  login_attempt: LoginAttemptTable;
  linter: LinterTable;
  deferred_build: DeferredBuildTable;
  replica_state: ReplicaStateTable;
  message_text: MessageTextTable;
  message_language: MessageLanguageTable;
  language_code: LanguageCodeTable;
  language_name: LanguageNameTable;
  language_source: LanguageSourceTable;
}

export type Row<T extends keyof WikiDatabase> = Selectable<WikiDatabase[T]>;
export type NewRow<T extends keyof WikiDatabase> = Insertable<WikiDatabase[T]>;
