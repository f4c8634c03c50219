/**
 * Whose watchlist `list=watchlist` and `list=watchlistraw` read: the caller's own (logged in, with
 * `viewmywatchlist`), or another account's when `owner` comes with that account's secret
 * `watchlisttoken` preference. A wrong token says nothing about the watchlist.
 */
import { timingSafeEqual } from 'node:crypto';
import { apiError } from '../../api/errors.js';
import type { ModuleContext } from '../../api/module.js';
import { toMwTimestamp } from '../../api/params/timestamp.js';

export interface WatchlistOwner {
  id: number;
  name: string;
}

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function watchlistOwner(ctx: ModuleContext<{ owner?: string; token?: string }>): Promise<WatchlistOwner> {
  const owner = ctx.params.owner;
  const token = ctx.params.token;
  if (owner !== undefined && token !== undefined) {
    const row = await ctx.store.db
      .selectFrom('user')
      .leftJoin('user_properties', (join) =>
        join.onRef('up_user', '=', 'user_id').on('up_property', '=', 'watchlisttoken'),
      )
      .select(['user_id', 'user_name', 'up_value'])
      .where('user_name', '=', owner)
      .executeTakeFirst();
    if (!row) throw apiError('bad_wlowner', 'nosuchusershort', [owner]);
    const expected = row.up_value ?? '';
    if (expected === '' || !sameToken(expected, token)) throw apiError('bad_wltoken', 'apierror-bad-watchlist-token');
    return { id: row.user_id, name: row.user_name };
  }
  if (ctx.user.anonymous) throw apiError('notloggedin', 'watchlistanontext');
  if (!ctx.user.rights.has('viewmywatchlist')) {
    throw apiError('permissiondenied', 'apierror-permissiondenied-viewmywatchlist');
  }
  return { id: ctx.user.id, name: ctx.user.name };
}

/** Whether watched titles expire on this wiki (`$wgWatchlistExpiry`, off by default). */
export function watchlistExpiryEnabled(ctx: ModuleContext): boolean {
  return ctx.site.settings.WatchlistExpiry === true;
}

/** The current time as stored, for comparing with `we_expiry`. */
export function nowTimestamp(ctx: ModuleContext): string {
  return toMwTimestamp(ctx.now);
}
