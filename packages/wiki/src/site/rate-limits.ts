/**
 * `$wgRateLimits`: MediaWiki 1.39's defaults, changed by the site's `RateLimits` setting (per
 * action, per category: `ip`, `newbie`, `user`, or a group). `userinfo` reports the limits that
 * apply to the caller; nothing here counts actions, since this server performs none that MediaWiki
 * limits.
 */
import type { SiteConfig } from './site.js';

type Limits = Record<string, Record<string, [hits: number, seconds: number]>>;

const DEFAULT_RATE_LIMITS: Limits = {
  edit: { ip: [8, 60], newbie: [8, 60], user: [90, 60] },
  move: { newbie: [2, 120], user: [8, 60] },
  upload: { ip: [8, 60], newbie: [8, 60] },
  rollback: { user: [10, 60], newbie: [5, 120] },
  mailpassword: { ip: [5, 3600] },
  emailuser: { ip: [5, 86400], newbie: [5, 86400], user: [20, 86400] },
  changeemail: { 'ip-all': [10, 3600], user: [4, 86400] },
  confirmemail: { 'ip-all': [10, 3600], user: [4, 86400] },
  purge: { ip: [30, 60], user: [30, 60] },
  linkpurge: { ip: [30, 60], user: [30, 60] },
  renderfile: { ip: [700, 30], user: [700, 30] },
  'renderfile-nonstandard': { ip: [70, 30], user: [70, 30] },
  stashedit: { ip: [30, 60], newbie: [30, 60] },
  stashbasehtml: { ip: [5, 60], newbie: [5, 60] },
  changetag: { ip: [8, 60], newbie: [8, 60] },
  editcontentmodel: { newbie: [2, 120], user: [8, 60] },
};

const cache = new WeakMap<SiteConfig, Limits>();

/** The site's rate limits. */
export function rateLimits(site: SiteConfig): Limits {
  const cached = cache.get(site);
  if (cached) return cached;
  const limits: Limits = structuredClone(DEFAULT_RATE_LIMITS);
  const changes = site.settings.RateLimits;
  if (changes !== null && typeof changes === 'object') {
    for (const [action, categories] of Object.entries(changes as Record<string, unknown>)) {
      if (categories === null || typeof categories !== 'object') continue;
      limits[action] ??= {};
      for (const [category, value] of Object.entries(categories as Record<string, unknown>)) {
        if (Array.isArray(value) && value.length === 2 && value.every((v) => Number.isInteger(v))) {
          limits[action][category] = [value[0], value[1]];
        }
      }
    }
  }
  cache.set(site, limits);
  return limits;
}
