import { apiError } from '../../api/errors.js';
import { parseContinueValue, prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { type ResultObject, list as resultList } from '../../api/result/tree.js';
import { type ImageRow, imageVersion } from '../support/file-rows.js';
import { sha1Filter, versionInfo } from '../support/files.js';

/** `list=allimages`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'allimages',
  group: 'list',
  prefix: 'ai',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllImages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages',
  parameters: [
    { name: 'sort', type: ['name', 'timestamp'], default: 'name' },
    { name: 'dir', type: ['ascending', 'descending', 'newer', 'older'], default: 'ascending' },
    { name: 'from', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'start', type: 'timestamp' },
    { name: 'end', type: 'timestamp' },
    {
      name: 'prop',
      type: [
        'badfile',
        'bitdepth',
        'canonicaltitle',
        'comment',
        'commonmetadata',
        'dimensions',
        'extmetadata',
        'mediatype',
        'metadata',
        'mime',
        'parsedcomment',
        'sha1',
        'size',
        'timestamp',
        'url',
        'user',
        'userid',
      ],
      default: 'timestamp|url',
      multi: true,
    },
    { name: 'prefix', type: 'string' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    { name: 'sha1', type: 'string' },
    { name: 'sha1base36', type: 'string' },
    { name: 'user', type: 'user' },
    { name: 'filterbots', type: ['all', 'bots', 'nobots'], default: 'all' },
    { name: 'mime', type: 'string', multi: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
  ],
} as const satisfies ModuleDescriptor;

const NS_FILE = 6;

function mustUseWith(name: string, other: string): Error {
  return apiError('invalidparammix', 'apierror-invalidparammix-mustusewith', [name, other]);
}

/** The parameters each sort takes: the others are refused, as MediaWiki refuses them. */
function checkSortParameters(ctx: ContextOf<typeof descriptor>): void {
  const p = ctx.params;
  const prefix = ctx.descriptor.prefix;
  if (p.sort === 'name') {
    for (const name of ['start', 'end', 'user'] as const) {
      if (p[name] !== undefined) throw mustUseWith(`${prefix}${name}`, `${prefix}sort=timestamp`);
    }
    if (p.filterbots !== 'all') throw mustUseWith(`${prefix}filterbots`, `${prefix}sort=timestamp`);
    return;
  }
  for (const name of ['from', 'to', 'prefix'] as const) {
    if (p[name] !== undefined) throw mustUseWith(`${prefix}${name}`, `${prefix}sort=name`);
  }
  // Named by its message alone, as MediaWiki's allimages gives it (code invalidparammix-cannotusewith).
  if (p.user !== undefined && p.filterbots !== 'all') {
    throw apiError('invalidparammix-cannotusewith', 'apierror-invalidparammix-cannotusewith', [
      `${prefix}user`,
      `${prefix}filterbots`,
    ]);
  }
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  // As a generator, allimages filters redirects itself rather than have the query resolve them.
  if (ctx.generator?.resolvesRedirects) throw apiError('invalidparammix', 'apierror-allimages-redirect');
  const p = ctx.params;
  const byName = p.sort === 'name';
  checkSortParameters(ctx);
  const limit = p.limit;
  const ascending = p.dir === 'ascending' || p.dir === 'newer';
  const order = ascending ? 'asc' : 'desc';
  const after = ascending ? '>=' : '<=';
  const before = ascending ? '<=' : '>=';
  let query = ctx.store.db
    .selectFrom('image')
    .innerJoin('actor', 'actor_id', 'img_actor')
    .leftJoin('page', (join) => join.on('page_namespace', '=', NS_FILE).onRef('page_title', '=', 'img_name'))
    .select(['img_name', 'img_timestamp'])
    // A generator gives names only: the rest of each row (metadata included) is not read.
    .$if(!ctx.generator, (qb) => qb.selectAll('image').select(['actor_name', 'actor_user', 'page_id']));
  if (byName) {
    // The continue value first, then the names that bound the list, as MediaWiki reads them.
    if (p.continue !== undefined) {
      const [name] = parseContinueValue(p.continue, ['string']);
      query = query.where('img_name', after, name);
    }
    const from = p.from === undefined ? undefined : titlePartToKey(ctx.titles, p.from, NS_FILE);
    const to = p.to === undefined ? undefined : titlePartToKey(ctx.titles, p.to, NS_FILE);
    if (from !== undefined) query = query.where('img_name', after, from);
    if (to !== undefined) query = query.where('img_name', before, to);
    if (p.prefix !== undefined) {
      const key = titlePartToKey(ctx.titles, p.prefix, NS_FILE);
      query = query.where('img_name', '>=', key).where('img_name', '<', prefixUpperBound(key));
    }
  } else {
    if (p.start !== undefined) query = query.where('img_timestamp', after, p.start);
    if (p.end !== undefined) query = query.where('img_timestamp', before, p.end);
    if (p.continue !== undefined) {
      const [timestamp, name] = parseContinueValue(p.continue, ['timestamp', 'string']);
      query = query.where((eb) => eb(eb.refTuple('img_timestamp', 'img_name'), after, eb.tuple(timestamp, name)));
    }
    if (p.user !== undefined) query = query.where('actor_name', '=', p.user);
    if (p.filterbots !== 'all') {
      const bots = ctx.store.db.selectFrom('user_groups').select('ug_user').where('ug_group', '=', 'bot');
      query = query.where((eb) =>
        p.filterbots === 'bots'
          ? eb('actor_user', 'in', bots)
          : eb.or([eb('actor_user', 'is', null), eb('actor_user', 'not in', bots)]),
      );
    }
  }
  if (p.minsize !== undefined) query = query.where('img_size', '>=', p.minsize);
  if (p.maxsize !== undefined) query = query.where('img_size', '<=', p.maxsize);
  // The hash is checked after the names and the continue value, as MediaWiki reads them.
  const sha1 = sha1Filter(p);
  if (sha1 !== undefined) query = query.where('img_sha1', '=', sha1);
  const mimes = p.mime ?? [];
  if (p.mime !== undefined && mimes.length === 0) {
    // No MIME type (`aimime=`), no file: an empty list, as MediaWiki answers (as a generator too).
    if (ctx.generator) ctx.generator.setQueryBlock('allimages', resultList('img', []));
    else ctx.result.list('img');
    return;
  }
  if (mimes.length > 0) {
    query = query.where((eb) =>
      eb.or(
        mimes.map((mime) => {
          const [major, minor = '*'] = mime.split('/');
          return minor === '*'
            ? eb('img_major_mime', '=', major)
            : eb.and([eb('img_major_mime', '=', major), eb('img_minor_mime', '=', minor)]);
        }),
      ),
    );
  }
  // MediaWiki orders by time alone: files of one second in the order their rows were written (first
  // uploaded: their pages' ids here). Its continue value still names a file by time and name.
  if (!byName) query = query.orderBy('img_timestamp', order).orderBy('page_id', order);
  query = query.orderBy('img_name', order);
  const rows = await query.limit(limit + 1).execute();
  const continueFrom = (row: (typeof rows)[number]): string =>
    byName ? row.img_name : `${row.img_timestamp}|${row.img_name}`;
  if (rows.length > limit) {
    ctx.setContinue(continueFrom(rows[limit]));
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: NS_FILE, dbKey: r.img_name })));
    return;
  }
  const prop = new Set(p.prop);
  const fullRows = rows as unknown as (ImageRow & { page_id: number | null })[];
  // `badfile` is taken (imageinfo's properties) but shows nothing here: MediaWiki tells it only
  // of the pages imageinfo looks at.
  const list = ctx.result.list('img');
  const canSeeDeleted = ctx.user.rights.has('deletedhistory');
  for (const row of fullRows) {
    const version = imageVersion(row);
    const title = ctx.titles.prefixedText(ctx.titles.make(NS_FILE, row.img_name));
    const info = versionInfo(ctx, version, prop, {
      thumbWidth: -1,
      thumbHeight: -1,
      pageId: row.page_id ?? undefined,
      prefixedTitle: title,
      prefixedDbKey: title.replace(/ /g, '_'),
      canSeeDeleted,
    });
    const item = { name: row.img_name, ...info } as ResultObject;
    item.ns = NS_FILE;
    item.title = title;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueFrom(row));
      return;
    }
    list.push(item);
  }
};
