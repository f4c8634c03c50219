import { commentFormatterFor } from '../../api/comment-format.js';
import { titleText } from '../../api/gender.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso, toMwTimestamp } from '../../api/params/timestamp.js';
import type { ResultObject } from '../../api/result/tree.js';
import { parsedCommentCacheMode } from '../support/cache-modes.js';

/** `list=protectedtitles`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'protectedtitles',
  group: 'list',
  prefix: 'pt',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryProtectedTitles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles',
  parameters: [
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'level', type: ['autoconfirmed', 'sysop'], multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['newer', 'older'], default: 'older' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    {
      name: 'prop',
      type: ['comment', 'expiry', 'level', 'parsedcomment', 'timestamp', 'user', 'userid'],
      default: 'timestamp|level',
      multi: true,
    },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

interface ProtectedTitleRow {
  pt_namespace: number;
  pt_title: string;
  pt_user: number;
  pt_reason: string;
  pt_timestamp: string;
  pt_expiry: string;
  pt_create_perm: string;
  user_name: string | null;
}

/**
 * Titles protected against creation whose protection has not expired, newest first by default:
 * a scan of `pt_timestamp`, continued by `timestamp|namespace|title`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const limit = p.limit;
  const newer = p.dir === 'newer';
  const order = newer ? 'asc' : 'desc';
  const props = new Set(p.prop);
  const now = toMwTimestamp(ctx.now);
  let query = ctx.store.db
    .selectFrom('protected_titles')
    .leftJoin('user', 'user_id', 'pt_user')
    .select([
      'pt_namespace',
      'pt_title',
      'pt_user',
      'pt_reason',
      'pt_timestamp',
      'pt_expiry',
      'pt_create_perm',
      'user_name',
    ])
    .where((eb) => eb.or([eb('pt_expiry', '=', 'infinity'), eb('pt_expiry', '>', now)]));
  const namespaces = p.namespace;
  if (namespaces !== undefined && namespaces.length > 0) query = query.where('pt_namespace', 'in', namespaces);
  const levels = p.level;
  if (levels !== undefined && levels.length > 0) query = query.where('pt_create_perm', 'in', levels);
  if (p.start !== undefined) query = query.where('pt_timestamp', newer ? '>=' : '<=', p.start);
  if (p.end !== undefined) query = query.where('pt_timestamp', newer ? '<=' : '>=', p.end);
  if (p.continue !== undefined) {
    const [timestamp, namespace, title] = parseContinueValue(p.continue, ['timestamp', 'looseint', 'string']);
    query = query.where((eb) =>
      eb(
        eb.refTuple('pt_timestamp', 'pt_namespace', 'pt_title'),
        newer ? '>=' : '<=',
        eb.tuple(timestamp, namespace, title),
      ),
    );
  }
  const rows: ProtectedTitleRow[] = await query
    .orderBy('pt_timestamp', order)
    .orderBy('pt_namespace', order)
    .orderBy('pt_title', order)
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${next.pt_timestamp}|${next.pt_namespace}|${next.pt_title}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: r.pt_namespace, dbKey: r.pt_title })));
    return;
  }
  const parsed = props.has('parsedcomment')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.pt_reason, title: { namespace: r.pt_namespace, dbKey: r.pt_title } })),
      )
    : [];
  const list = ctx.result.list('pt');
  for (const [i, row] of rows.entries()) {
    const item: ResultObject = { ns: row.pt_namespace, title: titleText(ctx.titles, row.pt_namespace, row.pt_title) };
    if (props.has('timestamp')) item.timestamp = mwToIso(row.pt_timestamp);
    if (props.has('user')) item.user = row.user_name ?? '';
    // MediaWiki gives the user's id with the name too.
    if (props.has('userid') || props.has('user')) item.userid = row.pt_user;
    if (props.has('comment')) item.comment = row.pt_reason;
    if (props.has('parsedcomment')) item.parsedcomment = parsed[i];
    if (props.has('expiry')) item.expiry = row.pt_expiry === 'infinity' ? 'infinity' : mwToIso(row.pt_expiry);
    if (props.has('level')) item.level = row.pt_create_perm;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.pt_timestamp}|${row.pt_namespace}|${row.pt_title}`);
      break;
    }
    list.push(item);
  }
};

/** Who may keep the answer: with parsed comments callers without a session, else anyone. */
export const cacheMode: ModuleCacheMode<typeof descriptor> = (params) => parsedCommentCacheMode(params.prop);
