/**
 * How each table of the store is read from a MediaWiki 1.39 database: one SELECT per store table
 * whose result columns are named as the store's. Most tables are MediaWiki's as they are; the
 * others resolve MediaWiki's indirections (comment ids, slot role and content model ids, link
 * targets, text addresses), as the store's README describes.
 */

export interface SourceShape {
  /** Columns of each table of the source database. */
  columns: Map<string, Set<string>>;
}

export interface TableCopy {
  /** The store's table. */
  target: string;
  /** The MediaWiki table it comes from, whose row count the copy must reach. */
  source: string;
  select(shape: SourceShape): string;
}

/** The text of a comment id, or '' (MediaWiki's empty comment). */
const comment = (idColumn: string) => `coalesce((select comment_text from comment where comment_id = ${idColumn}), '')`;

/** Reads a table's columns as they are. */
const same = (table: string, columns: string): TableCopy => ({
  target: table,
  source: table,
  select: () => `select ${columns} from ${table}`,
});

/** Link targets are in the link table itself before MediaWiki 1.38/1.40, in linktarget after. */
function linkColumns(shape: SourceShape, table: string, prefix: string): string {
  if (shape.columns.get(table)?.has(`${prefix}_target_id`)) {
    return `lt.lt_namespace as ${prefix}_namespace, lt.lt_title as ${prefix}_title from ${table} join linktarget lt on lt.lt_id = ${table}.${prefix}_target_id`;
  }
  return `${prefix}_namespace, ${prefix}_title from ${table}`;
}

export const tableCopies: TableCopy[] = [
  same(
    'page',
    'page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random, page_touched, page_links_updated, page_latest, page_len, page_content_model, page_lang',
  ),
  same('actor', 'actor_id, actor_user, actor_name'),
  {
    target: 'revision',
    source: 'revision',
    select: (shape) => {
      // 1.39 may still keep revision comments in revision_comment_temp (rev_comment_id = 0).
      const temp = shape.columns.has('revision_comment_temp')
        ? '(select revcomment_comment_id from revision_comment_temp where revcomment_rev = rev_id)'
        : 'null';
      return `select rev_id, rev_page, ${comment(`coalesce(nullif(rev_comment_id, 0), ${temp})`)} as rev_comment,
        rev_actor, rev_timestamp, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1 from revision`;
    },
  },
  same('ip_changes', 'ipc_rev_id, ipc_rev_timestamp, ipc_hex'),
  {
    target: 'slots',
    source: 'slots',
    select: () =>
      `select slot_revision_id, role_name as slot_role, slot_content_id, slot_origin
       from slots join slot_roles on role_id = slot_role_id`,
  },
  {
    target: 'content',
    source: 'content',
    // content_text is filled from the address by the importer (text table, flags).
    select: () =>
      `select content_id, content_size, content_sha1, model_name as content_model, content_address as content_text
       from content join content_models on model_id = content_model`,
  },
  same(
    'user',
    'user_id, user_name, user_real_name, user_password, user_email, user_email_authenticated, user_touched, user_registration, user_editcount, user_password_expires',
  ),
  same('user_groups', 'ug_user, ug_group, ug_expiry'),
  same('user_former_groups', 'ufg_user, ufg_group'),
  same('user_properties', 'up_user, up_property, up_value'),
  same('user_newtalk', 'user_id, user_ip, user_last_timestamp'),
  same('bot_passwords', 'bp_user, bp_app_id, bp_password, bp_restrictions, bp_grants'),
  {
    target: 'pagelinks',
    source: 'pagelinks',
    select: (shape) => `select pl_from, pl_from_namespace, ${linkColumns(shape, 'pagelinks', 'pl')}`,
  },
  {
    target: 'templatelinks',
    source: 'templatelinks',
    select: (shape) => `select tl_from, tl_from_namespace, ${linkColumns(shape, 'templatelinks', 'tl')}`,
  },
  same('imagelinks', 'il_from, il_to, il_from_namespace'),
  same('categorylinks', 'cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type'),
  same('category', 'cat_id, cat_title, cat_pages, cat_subcats, cat_files'),
  same('externallinks', 'el_id, el_from, el_to, el_index, el_index_60'),
  same('langlinks', 'll_from, ll_lang, ll_title'),
  same('iwlinks', 'iwl_from, iwl_prefix, iwl_title'),
  same('redirect', 'rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment'),
  same('page_props', 'pp_page, pp_propname, pp_value, pp_sortkey'),
  same('page_restrictions', 'pr_id, pr_page, pr_type, pr_level, pr_cascade, pr_expiry'),
  {
    target: 'protected_titles',
    source: 'protected_titles',
    select: () =>
      `select pt_namespace, pt_title, pt_user, ${comment('pt_reason_id')} as pt_reason, pt_timestamp, pt_expiry, pt_create_perm from protected_titles`,
  },
  {
    target: 'image',
    source: 'image',
    select: () =>
      `select img_name, img_size, img_width, img_height, img_metadata, img_bits, img_media_type, img_major_mime,
        img_minor_mime, ${comment('img_description_id')} as img_description, img_actor, img_timestamp, img_sha1 from image`,
  },
  {
    target: 'oldimage',
    source: 'oldimage',
    select: () =>
      `select oi_name, oi_archive_name, oi_size, oi_width, oi_height, oi_bits, ${comment('oi_description_id')} as oi_description,
        oi_actor, oi_timestamp, oi_metadata, oi_media_type, oi_major_mime, oi_minor_mime, oi_deleted, oi_sha1 from oldimage`,
  },
  {
    target: 'filearchive',
    source: 'filearchive',
    select: () =>
      `select fa_id, fa_name, fa_archive_name, fa_storage_group, fa_storage_key, fa_deleted_user, fa_deleted_timestamp,
        ${comment('fa_deleted_reason_id')} as fa_deleted_reason, fa_size, fa_width, fa_height, fa_metadata, fa_bits,
        fa_media_type, fa_major_mime, fa_minor_mime, ${comment('fa_description_id')} as fa_description, fa_actor,
        fa_timestamp, fa_deleted, fa_sha1 from filearchive`,
  },
  same(
    'uploadstash',
    'us_id, us_user, us_key, us_orig_path, us_path, us_source_type, us_timestamp, us_status, us_chunk_inx, us_props, us_size, us_sha1, us_mime, us_media_type, us_image_width, us_image_height, us_image_bits',
  ),
  {
    target: 'archive',
    source: 'archive',
    select: () =>
      `select ar_id, ar_namespace, ar_title, ${comment('ar_comment_id')} as ar_comment, ar_actor, ar_timestamp, ar_minor_edit,
        ar_rev_id, ar_deleted, ar_len, ar_page_id, ar_parent_id, ar_sha1 from archive`,
  },
  {
    target: 'logging',
    source: 'logging',
    select: () =>
      `select log_id, log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
        ${comment('log_comment_id')} as log_comment, log_params, log_deleted from logging`,
  },
  same('log_search', 'ls_field, ls_value, ls_log_id'),
  {
    target: 'recentchanges',
    source: 'recentchanges',
    select: () =>
      `select rc_id, rc_timestamp, rc_actor, rc_namespace, rc_title, ${comment('rc_comment_id')} as rc_comment, rc_minor,
        rc_bot, rc_new, rc_cur_id, rc_this_oldid, rc_last_oldid, rc_type, rc_source, rc_patrolled, rc_ip, rc_old_len,
        rc_new_len, rc_deleted, rc_logid, rc_log_type, rc_log_action, rc_params from recentchanges`,
  },
  {
    target: 'ipblocks',
    source: 'ipblocks',
    select: () =>
      `select ipb_id, ipb_address, ipb_user, ipb_by_actor, ${comment('ipb_reason_id')} as ipb_reason, ipb_timestamp,
        ipb_auto, ipb_anon_only, ipb_create_account, ipb_enable_autoblock, ipb_expiry, ipb_range_start, ipb_range_end,
        ipb_deleted, ipb_block_email, ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide from ipblocks`,
  },
  same('ipblocks_restrictions', 'ir_ipb_id, ir_type, ir_value'),
  same('watchlist', 'wl_id, wl_user, wl_namespace, wl_title, wl_notificationtimestamp'),
  same('watchlist_expiry', 'we_item, we_expiry'),
  same('change_tag_def', 'ctd_id, ctd_name, ctd_user_defined, ctd_count'),
  same('change_tag', 'ct_id, ct_rc_id, ct_log_id, ct_rev_id, ct_params, ct_tag_id'),
  same(
    'site_stats',
    'ss_row_id, ss_total_edits, ss_good_articles, ss_total_pages, ss_users, ss_active_users, ss_images',
  ),
  same('querycache', 'qc_type, qc_value, qc_namespace, qc_title'),
  same('querycachetwo', 'qcc_type, qcc_value, qcc_namespace, qcc_title, qcc_namespacetwo, qcc_titletwo'),
  same('querycache_info', 'qci_type, qci_timestamp'),
];

/** Tables a MediaWiki database must have for the copies above (beyond the copied ones). */
export const requiredLookupTables = ['comment', 'slot_roles', 'content_models', 'text'];
