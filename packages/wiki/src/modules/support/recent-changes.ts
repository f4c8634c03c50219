/**
 * What the lists of recent changes (`list=recentchanges`, `list=watchlist`) read from a
 * `recentchanges` row, and the log parameters of its log entries.
 */

import type { ResultObject } from '../../api/result/tree.js';
import type { TitleCodec } from '../../site/title.js';
import { logParamsForApi } from './log-params.js';

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

/** `logparams` of a log row of recent changes. */
export function recentChangeLogParams(
  row: { rc_log_type: string | null; rc_log_action: string | null; rc_timestamp: string; rc_params: string | null },
  titles: TitleCodec,
): ResultObject {
  return logParamsForApi(
    { type: row.rc_log_type ?? '', action: row.rc_log_action ?? '', timestamp: row.rc_timestamp, titles },
    row.rc_params ?? '',
  );
}
