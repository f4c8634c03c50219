import { rightsOfGroups } from '../site/rights.js';
import type { SiteConfig } from '../site/site.js';
import type { RequestUser } from './module.js';

/** The caller of a request without a session: the rights of the group `*` as the site sets them. */
export function anonymousUser(site: SiteConfig, ip: string): RequestUser {
  return {
    id: 0,
    name: ip,
    anonymous: true,
    groups: ['*'],
    rights: new Set(rightsOfGroups(site, ['*'])),
  };
}
