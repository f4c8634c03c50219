import { apiError, badContinue, invalidTitle } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { parseContinueValue, prefixedTitlePartToKey } from '../../api/keyset.js';
import type { ModuleCacheMode, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import type { ResultObject } from '../../api/result/tree.js';
import { nowTimestamp, watchlistExpiryEnabled, watchlistOwner } from '../support/watchlist-owner.js';

/** `list=watchlistraw`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'watchlistraw',
  group: 'list',
  prefix: 'wr',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryWatchlistRaw',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'prop', type: ['changed'], multi: true },
    { name: 'show', type: ['!changed', 'changed'], multi: true },
    { name: 'owner', type: 'user', subtypes: ['name'] },
    { name: 'token', type: 'string', sensitive: true },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'fromtitle', type: 'string' },
    { name: 'totitle', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/**
 * The titles an account watches, by namespace and title (the `wl_user` key, continued by
 * `namespace|title`), with the time of the first unseen change (`changed`).
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  const owner = await watchlistOwner(ctx);
  const show = new Set(p.show ?? []);
  if (show.has('changed') && show.has('!changed')) throw apiError('show', 'apierror-show');
  const limit = p.limit;
  const descending = p.dir === 'descending';
  const order = descending ? 'desc' : 'asc';
  let query = ctx.store.db
    .selectFrom('watchlist')
    .select(['wl_namespace', 'wl_title', 'wl_notificationtimestamp'])
    .where('wl_user', '=', owner.id);
  if (watchlistExpiryEnabled(ctx)) {
    const now = nowTimestamp(ctx);
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('watchlist_expiry')
            .select('we_item')
            .whereRef('we_item', '=', 'wl_id')
            .where('we_expiry', '<=', now),
        ),
      ),
    );
  }
  const namespaces = p.namespace;
  // No valid namespace (`wrnamespace=x`) filters nothing, as in MediaWiki.
  if (namespaces !== undefined && namespaces.length > 0) query = query.where('wl_namespace', 'in', namespaces);
  if (show.has('changed')) query = query.where('wl_notificationtimestamp', 'is not', null);
  if (show.has('!changed')) query = query.where('wl_notificationtimestamp', 'is', null);
  // The continue value is read before the titles that bound the list, as MediaWiki reads it: it must
  // name a title MediaWiki could hold (no space or underscore at either end, no tab or line break,
  // a namespace's title not empty); its spaces are underscores.
  if (p.continue !== undefined) {
    const [ns, text] = parseContinueValue(p.continue, ['int', 'string']);
    if (/^[_ ]|[\r\n\t]|[_ ]$/.test(text) || (text === '' && ns !== 0)) throw badContinue();
    const key = text.replaceAll(' ', '_');
    query = query.where((eb) =>
      eb(eb.refTuple('wl_namespace', 'wl_title'), descending ? '<=' : '>=', eb.tuple(ns, key)),
    );
  }
  const bound = (text: string | undefined, forward: boolean) => {
    if (text === undefined) return;
    // A special or media title bounds the list too (before every watched namespace), as MediaWiki reads it.
    const [ns, key] = prefixedTitlePartToKey(ctx.titles, text);
    // An empty title (a namespace alone) is no title to start or stop at.
    if (key === '') throw invalidTitle(text);
    query = query.where((eb) => eb(eb.refTuple('wl_namespace', 'wl_title'), forward ? '>=' : '<=', eb.tuple(ns, key)));
  };
  bound(p.fromtitle, !descending);
  bound(p.totitle, descending);
  const rows = await query
    .orderBy('wl_namespace', order)
    .orderBy('wl_title', order)
    .limit(limit + 1)
    .execute();
  if (rows.length > limit) {
    const next = rows[limit];
    ctx.setContinue(`${next.wl_namespace}|${next.wl_title}`);
    rows.length = limit;
  }
  if (ctx.generator) {
    ctx.generator.addTitles(rows.map((r) => ({ namespace: r.wl_namespace, dbKey: r.wl_title })));
    return;
  }
  const changed = (p.prop ?? []).includes('changed');
  const out = ctx.result.topList('wr');
  for (const row of rows) {
    const item: ResultObject = { ns: row.wl_namespace, title: titleText(ctx.titles, row.wl_namespace, row.wl_title) };
    if (changed && row.wl_notificationtimestamp !== null) item.changed = mwToIso(row.wl_notificationtimestamp);
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${row.wl_namespace}|${row.wl_title}`);
      return;
    }
    out.push(item);
  }
};

/** Who may keep the answer: only the caller (the watchlist is the caller's or its owner's). */
export const cacheMode: ModuleCacheMode<typeof descriptor> = () => 'private';
