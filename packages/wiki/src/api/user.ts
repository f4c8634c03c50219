import type { SiteConfig } from '../site/site.js';
import type { RequestUser } from './module.js';

/** What MediaWiki 1.39 grants everyone (`$wgGroupPermissions['*']`) before the site's changes. */
const DEFAULT_ANONYMOUS_RIGHTS: Record<string, boolean> = {
  createaccount: true,
  read: true,
  edit: true,
  createpage: true,
  createtalk: true,
  writeapi: true,
  viewmywatchlist: true,
  editmywatchlist: true,
  viewmyprivateinfo: true,
  editmyprivateinfo: true,
  editmyoptions: true,
};

/** The caller of a request without a session: rights of the group `*` as the site sets them. */
export function anonymousUser(site: SiteConfig, ip: string): RequestUser {
  const rights = { ...DEFAULT_ANONYMOUS_RIGHTS, ...(site.groupPermissions['*'] ?? {}) };
  return {
    id: 0,
    name: ip,
    anonymous: true,
    groups: ['*'],
    rights: new Set(Object.keys(rights).filter((right) => rights[right])),
  };
}
