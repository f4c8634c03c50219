import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import type { ResultObject } from '../../api/result/tree.js';
import { metadataList, sha1Filter, sha1Hex } from '../support/files.js';

/** `list=filearchive`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'filearchive',
  group: 'list',
  prefix: 'fa',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryFilearchive',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'sha1', type: 'string' },
    { name: 'sha1base36', type: 'string' },
    {
      name: 'prop',
      type: [
        'archivename',
        'bitdepth',
        'description',
        'dimensions',
        'mediatype',
        'metadata',
        'mime',
        'parseddescription',
        'sha1',
        'size',
        'timestamp',
        'user',
      ],
      default: 'timestamp',
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

const NS_FILE = 6;

/**
 * Deleted files by name. Anyone sees which files were deleted and when, by whom, and what they were
 * (content hash, size); descriptions need `deletedhistory`, metadata `deletedtext` (or
 * `undelete`), and fields hidden by revision deletion `deletedtext` as well.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  // What the caller may not see is refused first, as MediaWiki does: descriptions need
  // deletedhistory, metadata deletedtext or undelete.
  const asked = new Set(p.prop);
  const rights = ctx.user.rights;
  if ((asked.has('description') || asked.has('parseddescription')) && !rights.has('deletedhistory')) {
    throw apiError('permissiondenied', 'apierror-cantview-deleted-description');
  }
  if (asked.has('metadata') && !rights.has('deletedtext') && !rights.has('undelete')) {
    throw apiError('permissiondenied', 'apierror-cantview-deleted-metadata');
  }
  const limit = p.limit;
  const ascending = p.dir !== 'descending';
  const order = ascending ? 'asc' : 'desc';
  const after = ascending ? '>=' : '<=';
  let query = ctx.store.db
    .selectFrom('filearchive')
    .leftJoin('actor', 'actor_id', 'fa_actor')
    .selectAll('filearchive')
    .select(['actor_name', 'actor_user']);
  // The continue value is read before the titles, as MediaWiki does.
  if (p.continue !== undefined) {
    const [name, timestamp, id] = parseContinueValue(p.continue, ['string', 'timestamp', 'int']);
    query = query.where((eb) =>
      eb(eb.refTuple('fa_name', 'fa_timestamp', 'fa_id'), after, eb.tuple(name, timestamp, id)),
    );
  }
  if (p.from !== undefined) query = query.where('fa_name', after, titlePartToKey(ctx.titles, p.from, NS_FILE));
  if (p.to !== undefined)
    query = query.where('fa_name', ascending ? '<=' : '>=', titlePartToKey(ctx.titles, p.to, NS_FILE));
  if (p.prefix !== undefined) {
    const key = titlePartToKey(ctx.titles, p.prefix, NS_FILE);
    query = query.where('fa_name', '>=', key).where('fa_name', '<', prefixUpperBound(key));
  }
  // The hash is checked after the continue value, as MediaWiki does.
  const sha1 = sha1Filter(p);
  if (sha1 !== undefined) query = query.where('fa_sha1', '=', sha1);
  const rows = await query
    .orderBy('fa_name', order)
    .orderBy('fa_timestamp', order)
    .orderBy('fa_id', order)
    .limit(limit + 1)
    .execute();
  const continueFrom = (row: (typeof rows)[number]) => `${row.fa_name}|${row.fa_timestamp ?? ''}|${row.fa_id}`;
  if (rows.length > limit) {
    ctx.setContinue(continueFrom(rows[limit]));
    rows.length = limit;
  }
  const prop = new Set(p.prop);
  const history = ctx.user.rights.has('deletedhistory');
  const text = history && ctx.user.rights.has('deletedtext');
  const list = ctx.result.list('fa');
  const parsed = prop.has('parseddescription')
    ? await commentFormatterFor(ctx).format(
        rows.map((r) => ({ comment: r.fa_description, title: { namespace: NS_FILE, dbKey: r.fa_name } })),
      )
    : [];
  for (const [i, row] of rows.entries()) {
    const item: ResultObject = {
      id: row.fa_id,
      name: row.fa_name,
      ns: NS_FILE,
      title: ctx.titles.prefixedText(ctx.titles.make(NS_FILE, row.fa_name)),
    };
    const commentHidden = (row.fa_deleted & 2) !== 0;
    const userHidden = (row.fa_deleted & 4) !== 0;
    const fileHidden = (row.fa_deleted & 1) !== 0;
    if (history && (prop.has('description') || prop.has('parseddescription'))) {
      if (commentHidden) item.descriptionhidden = true;
      if (!commentHidden || text) {
        // The parsed description comes with the description after it, as in MediaWiki.
        if (prop.has('parseddescription')) item.parseddescription = parsed[i];
        item.description = row.fa_description;
      }
    }
    if (prop.has('user')) {
      if (userHidden) item.userhidden = true;
      if (!userHidden || text) {
        item.userid = row.actor_user ?? 0;
        item.user = row.actor_name ?? '';
      }
    }
    // A file's hash, size and metadata are shown to anyone unless the file is hidden (then deletedtext).
    const showFile = !fileHidden || ctx.user.rights.has('deletedtext');
    if (fileHidden) item.filehidden = true;
    if (showFile && prop.has('sha1')) item.sha1 = sha1Hex(row.fa_sha1);
    if (prop.has('timestamp') && row.fa_timestamp) item.timestamp = mwToIso(row.fa_timestamp);
    if (showFile) {
      // MediaWiki prints these numbers (and the bit depth below) as strings here.
      if (prop.has('size') || prop.has('dimensions')) {
        item.size = String(row.fa_size ?? 0);
        item.height = String(row.fa_height ?? 0);
        item.width = String(row.fa_width ?? 0);
      }
      if (prop.has('mediatype')) item.mediatype = row.fa_media_type ?? 'UNKNOWN';
      if (prop.has('metadata')) item.metadata = metadataList(row.fa_metadata ?? '');
      if (prop.has('bitdepth')) item.bitdepth = String(row.fa_bits ?? 0);
      if (prop.has('mime')) item.mime = `${row.fa_major_mime ?? 'unknown'}/${row.fa_minor_mime ?? 'unknown'}`;
    }
    if (prop.has('archivename') && row.fa_archive_name) item.archivename = row.fa_archive_name;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueFrom(row));
      return;
    }
    list.push(item);
  }
};

/** Who may keep the answer: only the caller (deleted files, as MediaWiki keeps them). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
