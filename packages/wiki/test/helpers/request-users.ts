/**
 * Callers with the rights of a site's groups, as the request user of a logged-in account would
 * have them, for tests of what each right reveals.
 */
import type { RequestUser } from '../../src/api/module.js';
import { IMPLICIT_GROUPS, rightsOfGroups, siteGroups } from '../../src/site/group-permissions.js';
import type { SiteConfig } from '../../src/site/site.js';

/** A caller holding exactly the rights given, in no group. */
export function userWithRights(name: string, id: number, rights: readonly string[]): RequestUser {
  return {
    id,
    name,
    anonymous: id === 0,
    groups: [],
    memberships: [],
    implicitGroups: [],
    rights: new Set(rights),
    rightsList: [...rights],
    ip: '127.0.0.1',
    block: async () => undefined,
  };
}

export function userInGroups(site: SiteConfig, name: string, id: number, groups: readonly string[]): RequestUser {
  const all = [...groups, ...IMPLICIT_GROUPS];
  const rights = rightsOfGroups(siteGroups(site), all);
  return { ...userWithRights(name, id, rights), groups: all, implicitGroups: [...IMPLICIT_GROUPS] };
}

export function anonymousCaller(site: SiteConfig): RequestUser {
  const rights = rightsOfGroups(siteGroups(site), ['*']);
  return { ...userWithRights('127.0.0.1', 0, rights), groups: ['*'], implicitGroups: ['*'] };
}
