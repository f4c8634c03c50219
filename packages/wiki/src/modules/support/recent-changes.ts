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

export type RecentChangeColumn = (typeof RECENT_CHANGE_COLUMNS)[number];

/** The columns every change needs: its order, title, type, ids and hidden fields. */
const ALWAYS: RecentChangeColumn[] = [
  'rc_id',
  'rc_timestamp',
  'rc_namespace',
  'rc_title',
  'rc_type',
  'rc_deleted',
  'rc_cur_id',
  'rc_this_oldid',
  'rc_last_oldid',
];

/** The columns each `prop` value reads beyond those. */
const BY_PROP: Record<string, RecentChangeColumn[]> = {
  comment: ['rc_comment'],
  parsedcomment: ['rc_comment'],
  flags: ['rc_bot', 'rc_minor'],
  sizes: ['rc_old_len', 'rc_new_len'],
  patrolled: ['rc_patrolled'],
  loginfo: ['rc_logid', 'rc_log_type', 'rc_log_action', 'rc_params'],
};

/**
 * The `recentchanges` columns a request with these `prop` values reads: SQLite's cost grows with
 * every value a query returns, and a list of 50 changes with every column returns over 1,000.
 */
export function recentChangeColumns(props: ReadonlySet<string>): RecentChangeColumn[] {
  const columns = new Set(ALWAYS);
  for (const prop of props) for (const column of BY_PROP[prop] ?? []) columns.add(column);
  return [...columns];
}
