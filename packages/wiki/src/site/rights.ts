/**
 * Groups and rights: MediaWiki 1.39's defaults (`$wgGroupPermissions`, `$wgAddGroups`, ...) with
 * the rights the reference wiki's extensions add, changed by the site's own `groupPermissions`.
 */
import type { SiteConfig } from './site.js';

const DEFAULT_GROUP_RIGHTS: Record<string, readonly string[]> = {
  '*': [
    'createaccount',
    'read',
    'edit',
    'createpage',
    'createtalk',
    'writeapi',
    'viewmywatchlist',
    'editmywatchlist',
    'viewmyprivateinfo',
    'editmyprivateinfo',
    'editmyoptions',
  ],
  user: [
    'move',
    'move-subpages',
    'move-rootuserpages',
    'move-categorypages',
    'movefile',
    'read',
    'edit',
    'createpage',
    'createtalk',
    'writeapi',
    'upload',
    'reupload',
    'reupload-shared',
    'minoredit',
    'editmyusercss',
    'editmyuserjson',
    'editmyuserjs',
    'editmyuserjsredirect',
    'purge',
    'sendemail',
    'applychangetags',
    'changetags',
    'editcontentmodel',
  ],
  autoconfirmed: ['autoconfirmed', 'editsemiprotected'],
  bot: [
    'bot',
    'autoconfirmed',
    'editsemiprotected',
    'nominornewtalk',
    'autopatrol',
    'suppressredirect',
    'apihighlimits',
    'writeapi',
  ],
  sysop: [
    'block',
    'createaccount',
    'delete',
    'bigdelete',
    'deletedhistory',
    'deletedtext',
    'undelete',
    'editinterface',
    'editsitejson',
    'edituserjson',
    'import',
    'importupload',
    'move',
    'move-subpages',
    'move-rootuserpages',
    'move-categorypages',
    'patrol',
    'autopatrol',
    'protect',
    'editprotected',
    'rollback',
    'upload',
    'reupload',
    'reupload-shared',
    'unwatchedpages',
    'autoconfirmed',
    'editsemiprotected',
    'ipblock-exempt',
    'blockemail',
    'markbotedits',
    'apihighlimits',
    'browsearchive',
    'noratelimit',
    'movefile',
    'unblockself',
    'suppressredirect',
    'mergehistory',
    'managechangetags',
    'deletechangetags',
    'deleterevision',
    'deletelogentry',
    'editcontentmodel',
    'replacetext',
    'tboverride',
    'titleblacklistlog',
  ],
  'interface-admin': [
    'editinterface',
    'editsitecss',
    'editsitejson',
    'editsitejs',
    'editusercss',
    'edituserjson',
    'edituserjs',
    'gadgets-edit',
    'gadgets-definition-edit',
  ],
  bureaucrat: ['userrights', 'noratelimit', 'renameuser'],
  suppress: ['hideuser', 'suppressrevision', 'suppressionlog', 'viewsuppressed', 'deleterevision', 'deletelogentry'],
};

/** Groups a member of the key may add or remove (`$wgAddGroups`, `$wgRemoveGroups`). */
const CHANGEABLE_GROUPS: Record<string, { add: string[]; remove: string[] }> = {
  bureaucrat: { add: ['sysop', 'interface-admin', 'bureaucrat', 'bot'], remove: ['sysop', 'interface-admin', 'bot'] },
};

/** Groups every logged-in user is in without being added (`*`, `user`, `autoconfirmed`). */
export const IMPLICIT_GROUPS = ['*', 'user', 'autoconfirmed'] as const;

/** Every group with its rights, in MediaWiki's order, with the site's changes applied. */
export function groupRights(site: SiteConfig): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [group, rights] of Object.entries(DEFAULT_GROUP_RIGHTS)) groups.set(group, [...rights]);
  for (const [group, changes] of Object.entries(site.groupPermissions)) {
    const rights = groups.get(group) ?? [];
    for (const [right, granted] of Object.entries(changes)) {
      const at = rights.indexOf(right);
      if (granted && at === -1) rights.push(right);
      if (!granted && at !== -1) rights.splice(at, 1);
    }
    groups.set(group, rights);
  }
  return groups;
}

export function changeableGroups(group: string): { add: string[]; remove: string[] } {
  return CHANGEABLE_GROUPS[group] ?? { add: [], remove: [] };
}

/** The rights of someone in `groups`, in the order MediaWiki lists them. */
export function rightsOfGroups(site: SiteConfig, groups: readonly string[]): string[] {
  const all = groupRights(site);
  const rights: string[] = [];
  for (const group of groups) for (const right of all.get(group) ?? []) if (!rights.includes(right)) rights.push(right);
  return rights;
}
