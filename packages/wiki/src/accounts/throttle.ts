/**
 * Failed-login throttle, after `$wgPasswordAttemptThrottle`: by default at most 5 failed attempts
 * in 5 minutes and 150 in 48 hours, counted per client address and account name. Counts live in
 * the store (shared by every server process); keys are hashed, so the table holds no addresses.
 */
import { createHash } from 'node:crypto';
import type { SiteConfig } from '../site/site.js';
import { primaryOf, type WikiStore } from '../store/database.js';
import { toMwTimestamp } from '../text/timestamps.js';

export interface ThrottleLimit {
  count: number;
  seconds: number;
}

export const DEFAULT_PASSWORD_THROTTLE: readonly ThrottleLimit[] = [
  { count: 5, seconds: 300 },
  { count: 150, seconds: 48 * 3600 },
];

/** The site's limits (`PasswordAttemptThrottle` in its settings; an empty list disables the throttle). */
export function passwordThrottle(site: SiteConfig): readonly ThrottleLimit[] {
  const value = site.settings.PasswordAttemptThrottle;
  if (!Array.isArray(value)) return DEFAULT_PASSWORD_THROTTLE;
  return value.filter(
    (v): v is ThrottleLimit =>
      v !== null && typeof v === 'object' && Number.isInteger(v.count) && Number.isInteger(v.seconds) && v.count > 0,
  );
}

function throttleKey(kind: string, name: string, ip: string): string {
  return createHash('sha256').update(`${kind}\n${name}\n${ip}`).digest('hex');
}

const shift = (now: Date, seconds: number) => toMwTimestamp(new Date(now.getTime() + seconds * 1000));

export class LoginThrottle {
  constructor(
    private readonly store: WikiStore,
    private readonly limits: readonly ThrottleLimit[],
  ) {}

  /** The throttle period that is exhausted for this name and address, if any. */
  async exceeded(kind: string, name: string, ip: string, now: Date): Promise<ThrottleLimit | undefined> {
    if (this.limits.length === 0) return undefined;
    const rows = await primaryOf(this.store)
      .selectFrom('login_attempt')
      .select(['la_period', 'la_window_start', 'la_count'])
      .where('la_key', '=', throttleKey(kind, name, ip))
      .execute();
    for (const limit of this.limits) {
      const row = rows.find((r) => r.la_period === limit.seconds);
      if (row && row.la_window_start > shift(now, -limit.seconds) && row.la_count >= limit.count) return limit;
    }
    return undefined;
  }

  /** Counts a failed attempt in every period. */
  async recordFailure(kind: string, name: string, ip: string, now: Date): Promise<void> {
    if (this.limits.length === 0) return;
    const key = throttleKey(kind, name, ip);
    await primaryOf(this.store)
      .transaction()
      .execute(async (trx) => {
        const rows = await trx
          .selectFrom('login_attempt')
          .select(['la_period', 'la_window_start', 'la_count'])
          .where('la_key', '=', key)
          .execute();
        for (const limit of this.limits) {
          const row = rows.find((r) => r.la_period === limit.seconds);
          if (row && row.la_window_start > shift(now, -limit.seconds)) {
            await trx
              .updateTable('login_attempt')
              .set({ la_count: row.la_count + 1 })
              .where('la_key', '=', key)
              .where('la_period', '=', limit.seconds)
              .execute();
          } else if (row) {
            await trx
              .updateTable('login_attempt')
              .set({ la_count: 1, la_window_start: toMwTimestamp(now) })
              .where('la_key', '=', key)
              .where('la_period', '=', limit.seconds)
              .execute();
          } else {
            await trx
              .insertInto('login_attempt')
              .values({ la_key: key, la_period: limit.seconds, la_window_start: toMwTimestamp(now), la_count: 1 })
              .execute();
          }
        }
        // Old windows are of no use to anyone.
        const longest = Math.max(...this.limits.map((l) => l.seconds));
        await trx.deleteFrom('login_attempt').where('la_window_start', '<', shift(now, -longest)).execute();
      });
  }

  /** A successful login forgets the failures before it. */
  async clear(kind: string, name: string, ip: string): Promise<void> {
    if (this.limits.length === 0) return;
    await primaryOf(this.store)
      .deleteFrom('login_attempt')
      .where('la_key', '=', throttleKey(kind, name, ip))
      .execute();
  }
}

/** `5 minutes`, `2 days`: a throttle period as the login-throttled message words it. */
export function formatWait(seconds: number): string {
  const units: Array<[number, string]> = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds % size === 0 && seconds >= size) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
