/**
 * MediaWiki 1.39's default rate limits (`$wgRateLimits`): per action, per kind of caller (`ip` for
 * anonymous callers, `newbie` and `user` for accounts), hits per period in seconds.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>> = {
  edit: { ip: [8, 60], newbie: [8, 60], user: [90, 60] },
  upload: { ip: [8, 60], newbie: [8, 60] },
  mailpassword: { ip: [5, 3600] },
  emailuser: { ip: [5, 86400], newbie: [5, 86400], user: [20, 86400] },
  purge: { ip: [30, 60], user: [30, 60] },
  linkpurge: { ip: [30, 60], user: [30, 60] },
  renderfile: { ip: [700, 30], user: [700, 30] },
  'renderfile-nonstandard': { ip: [70, 30], user: [70, 30] },
  stashedit: { ip: [30, 60], newbie: [30, 60] },
  stashbasehtml: { ip: [5, 60], newbie: [5, 60] },
  changetag: { ip: [8, 60], newbie: [8, 60] },
};
