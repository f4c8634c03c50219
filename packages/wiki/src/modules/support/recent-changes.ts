/**
 * What the lists of recent changes (`list=recentchanges`, `list=watchlist`) read from a
 * `recentchanges` row (their log fields: `recentChangeLogInfo` in log-params.ts).
 */

/** The `recentchanges` columns both lists show. */
export const RECENT_CHANGE_COLUMNS = [
  'rc_id',
  'rc_timestamp',
  'rc_namespace',
  'rc_title',
  'rc_comment',
  'rc_minor',
  'rc_bot',
  'rc_cur_id',
  'rc_this_oldid',
  'rc_last_oldid',
  'rc_type',
  'rc_patrolled',
  'rc_old_len',
  'rc_new_len',
  'rc_deleted',
  'rc_logid',
  'rc_log_type',
  'rc_log_action',
  'rc_params',
] as const;
