/**
 * Callers with the rights of a site's groups, as the request user of a logged-in account would
 * have them, for tests of what each right reveals.
 */
import type { RequestUser } from '../../src/api/module.js';
import { IMPLICIT_GROUPS, rightsOfGroups } from '../../src/site/rights.js';
import type { SiteConfig } from '../../src/site/site.js';

export function userInGroups(site: SiteConfig, name: string, id: number, groups: readonly string[]): RequestUser {
  const all = [...IMPLICIT_GROUPS, ...groups];
  return { id, name, anonymous: false, groups: all, rights: new Set(rightsOfGroups(site, all)) };
}

export function anonymousCaller(site: SiteConfig): RequestUser {
  return { id: 0, name: '127.0.0.1', anonymous: true, groups: ['*'], rights: new Set(rightsOfGroups(site, ['*'])) };
}
