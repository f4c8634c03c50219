import { apiError } from '../../api/errors.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';

/** `list=mystashedfiles`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'mystashedfiles',
  group: 'list',
  prefix: 'msf',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryMyStashedFiles',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Mystashedfiles',
  parameters: [
    { name: 'prop', type: ['size', 'type'], default: '', multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** The caller's own stashed uploads, oldest first; the stash belongs to logged-in users only. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  if (ctx.user.anonymous) throw apiError('stashnotloggedin', 'apierror-mustbeloggedin-uploadstash');
  const limit = ctx.params.limit;
  let query = ctx.store.db
    .selectFrom('uploadstash')
    .select([
      'us_id',
      'us_key',
      'us_status',
      'us_size',
      'us_image_width',
      'us_image_height',
      'us_image_bits',
      'us_mime',
      'us_media_type',
    ])
    .where('us_user', '=', ctx.user.id);
  if (ctx.params.continue !== undefined) {
    const [id] = parseContinueValue(ctx.params.continue, ['int']);
    query = query.where('us_id', '>=', id);
  }
  const rows = await query
    .orderBy('us_id')
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    ctx.setContinue(rows[limit].us_id);
    rows.length = limit;
  }
  const prop = new Set(ctx.params.prop);
  const list = ctx.result.list('file');
  for (const row of rows) {
    const item: ResultObject = { filekey: row.us_key, status: row.us_status };
    if (prop.has('size')) {
      item.size = row.us_size;
      item.width = row.us_image_width ?? 0;
      item.height = row.us_image_height ?? 0;
      item.bits = row.us_image_bits ?? 0;
    }
    if (prop.has('type')) {
      item.mimetype = row.us_mime ?? '';
      item.mediatype = row.us_media_type ?? '';
    }
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.us_id);
      return;
    }
    list.push(item);
  }
};

/** Who may keep the answer: only the caller (the files are the caller's). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
