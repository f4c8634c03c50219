import { rightsOfGroups } from '../site/rights.js';
import type { SiteConfig } from '../site/site.js';
import type { RequestUser } from './module.js';

const anonymousRights = new WeakMap<SiteConfig, ReadonlySet<string>>();

/** The caller of a request without a session: the rights of the group `*` as the site sets them. */
export function anonymousUser(site: SiteConfig, ip: string): RequestUser {
  let rights = anonymousRights.get(site);
  if (!rights) {
    rights = new Set(rightsOfGroups(site, ['*']));
    anonymousRights.set(site, rights);
  }
  return { id: 0, name: ip, anonymous: true, groups: ['*'], rights };
}
