/**
 * Groups and rights: MediaWiki 1.39's `$wgGroupPermissions` with what the installed extensions add
 * and what the site's settings change, implicit groups, and the rights a set of groups grants.
 * Order matters: MediaWiki lists a user's rights group by group, each group's rights in the order
 * they were granted, and clients see that order (`userinfo`, `siteinfo&siprop=usergroups`).
 */
import type { SiteConfig } from './site.js';

type Grants = Array<[group: string, rights: string[]]>;

/** MediaWiki 1.39's own `$wgGroupPermissions`, groups and rights in its order. */
const CORE_GROUP_PERMISSIONS: Grants = [
  [
    '*',
    [
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
  ],
  [
    'user',
    [
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
  ],
  ['autoconfirmed', ['autoconfirmed', 'editsemiprotected']],
  [
    'bot',
    [
      'bot',
      'autoconfirmed',
      'editsemiprotected',
      'nominornewtalk',
      'autopatrol',
      'suppressredirect',
      'apihighlimits',
      'writeapi',
    ],
  ],
  [
    'sysop',
    [
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
    ],
  ],
  [
    'interface-admin',
    ['editinterface', 'editsitecss', 'editsitejson', 'editsitejs', 'editusercss', 'edituserjson', 'edituserjs'],
  ],
  ['bureaucrat', ['userrights', 'noratelimit']],
  [
    'suppress',
    ['hideuser', 'suppressrevision', 'viewsuppressed', 'suppressionlog', 'deleterevision', 'deletelogentry'],
  ],
];

/** Rights the extensions this server knows grant by default, appended after the site's own changes. */
const EXTENSION_GROUP_PERMISSIONS: Record<string, Grants> = {
  Renameuser: [['bureaucrat', ['renameuser']]],
  ReplaceText: [['sysop', ['replacetext']]],
  TitleBlacklist: [['sysop', ['tboverride', 'titleblacklistlog']]],
};

/** `$wgImplicitGroups`: groups nobody is a member of explicitly. */
export const IMPLICIT_GROUPS: readonly string[] = ['*', 'user', 'autoconfirmed'];

/**
 * `$wgAddGroups` and `$wgRemoveGroups` when the site's settings name none: empty, as MediaWiki
 * ships them (bureaucrats change every group through their `userrights` right).
 */
const DEFAULT_ADD_GROUPS: Record<string, string[]> = {};
const DEFAULT_REMOVE_GROUPS: Record<string, string[]> = {};

/** A group → right → granted table in MediaWiki's order. */
export type GroupPermissionTable = Map<string, Map<string, boolean>>;

function addGrants(table: GroupPermissionTable, grants: Grants, overwrite: boolean) {
  for (const [group, rights] of grants) {
    const row = table.get(group) ?? new Map<string, boolean>();
    table.set(group, row);
    for (const right of rights) if (overwrite || !row.has(right)) row.set(right, true);
  }
}

function parseSettingsTable(value: unknown): Record<string, Record<string, boolean>> {
  if (value === null || typeof value !== 'object') return {};
  const out: Record<string, Record<string, boolean>> = {};
  for (const [group, rights] of Object.entries(value as Record<string, unknown>)) {
    if (rights === null || typeof rights !== 'object') continue;
    out[group] = {};
    for (const [right, granted] of Object.entries(rights as Record<string, unknown>)) {
      out[group][right] = granted === true;
    }
  }
  return out;
}

function parseGroupLists(value: unknown, fallback: Record<string, string[]> = {}): Record<string, string[]> {
  if (value === null || typeof value !== 'object') return fallback;
  const out: Record<string, string[]> = {};
  for (const [group, list] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(list)) out[group] = list.filter((g): g is string => typeof g === 'string');
  }
  return out;
}

export interface SiteGroups {
  /** `$wgGroupPermissions` after the site's changes and its extensions. */
  granted: GroupPermissionTable;
  /** `$wgRevokePermissions`. */
  revoked: GroupPermissionTable;
  /** Every group, implicit ones first, in MediaWiki's order. */
  allGroups: string[];
  /** Groups that can be held explicitly (every group but the implicit ones). */
  explicitGroups: string[];
  addGroups: Record<string, string[]>;
  removeGroups: Record<string, string[]>;
  addToSelf: Record<string, string[]>;
  removeFromSelf: Record<string, string[]>;
  /** `$wgAutoConfirmAge` (seconds) and `$wgAutoConfirmCount`. */
  autoConfirmAge: number;
  autoConfirmCount: number;
  /** `$wgBlockDisablesLogin`: a sitewide-blocked user keeps only the rights of `*`. */
  blockDisablesLogin: boolean;
  /** Rights of an anonymous user, as a set and in MediaWiki's order. */
  anonymousRights: ReadonlySet<string>;
  anonymousRightsList: readonly string[];
}

const cache = new WeakMap<SiteConfig, SiteGroups>();

/** The site's groups and rights, computed once per site description. */
export function siteGroups(site: SiteConfig): SiteGroups {
  const cached = cache.get(site);
  if (cached) return cached;
  const granted: GroupPermissionTable = new Map();
  addGrants(granted, CORE_GROUP_PERMISSIONS, true);
  const changes = { ...parseSettingsTable(site.settings.GroupPermissions), ...site.groupPermissions };
  for (const [group, rights] of Object.entries(changes)) {
    const row = granted.get(group) ?? new Map<string, boolean>();
    granted.set(group, row);
    for (const [right, value] of Object.entries(rights)) row.set(right, value);
  }
  for (const extension of site.extensions) {
    const grants = EXTENSION_GROUP_PERMISSIONS[extension];
    if (grants) addGrants(granted, grants, false);
  }
  const revoked: GroupPermissionTable = new Map();
  for (const [group, rights] of Object.entries(parseSettingsTable(site.settings.RevokePermissions))) {
    revoked.set(group, new Map(Object.entries(rights)));
  }
  const allGroups = [...new Set([...IMPLICIT_GROUPS, ...granted.keys(), ...revoked.keys()])];
  const number = (key: string, fallback: number) =>
    typeof site.settings[key] === 'number' ? (site.settings[key] as number) : fallback;
  const groups: SiteGroups = {
    granted,
    revoked,
    allGroups,
    explicitGroups: allGroups.filter((g) => !IMPLICIT_GROUPS.includes(g)),
    addGroups: parseGroupLists(site.settings.AddGroups, DEFAULT_ADD_GROUPS),
    removeGroups: parseGroupLists(site.settings.RemoveGroups, DEFAULT_REMOVE_GROUPS),
    addToSelf: parseGroupLists(site.settings.GroupsAddToSelf),
    removeFromSelf: parseGroupLists(site.settings.GroupsRemoveFromSelf),
    autoConfirmAge: number('AutoConfirmAge', 0),
    autoConfirmCount: number('AutoConfirmCount', 0),
    blockDisablesLogin: site.settings.BlockDisablesLogin === true,
    anonymousRights: new Set(),
    anonymousRightsList: [],
  };
  groups.anonymousRightsList = rightsOfGroups(groups, ['*']);
  groups.anonymousRights = new Set(groups.anonymousRightsList);
  cache.set(site, groups);
  return groups;
}

/** Every group with the rights it grants, in MediaWiki's order (`siteinfo&siprop=usergroups`). */
export function groupRights(site: SiteConfig): Map<string, string[]> {
  const groups = siteGroups(site);
  const out = new Map<string, string[]>();
  for (const [group, rights] of groups.granted) {
    out.set(
      group,
      [...rights].filter(([, granted]) => granted).map(([right]) => right),
    );
  }
  return out;
}

/** The groups members of `group` may add and remove, as the site configures them. */
export function groupChangeableGroups(site: SiteConfig, group: string): ChangeableGroups {
  const groups = siteGroups(site);
  const expand = (list: string[] | undefined) => (list?.includes('*') ? [...groups.explicitGroups] : [...(list ?? [])]);
  return {
    add: expand(groups.addGroups[group]),
    remove: expand(groups.removeGroups[group]),
    'add-self': expand(groups.addToSelf[group]),
    'remove-self': expand(groups.removeFromSelf[group]),
  };
}

/** The rights a list of groups grants, in MediaWiki's order, without revoked ones. */
export function rightsOfGroups(groups: SiteGroups, memberOf: readonly string[]): string[] {
  const rights: string[] = [];
  const seen = new Set<string>();
  for (const group of memberOf) {
    for (const [right, granted] of groups.granted.get(group) ?? []) {
      if (granted && !seen.has(right)) {
        seen.add(right);
        rights.push(right);
      }
    }
  }
  const revoked = new Set<string>();
  for (const group of memberOf) {
    for (const [right, value] of groups.revoked.get(group) ?? []) if (value) revoked.add(right);
  }
  return revoked.size === 0 ? rights : rights.filter((r) => !revoked.has(r));
}

/** What a group may do to others' groups and to its own (`changeablegroups`). */
export interface ChangeableGroups {
  add: string[];
  remove: string[];
  'add-self': string[];
  'remove-self': string[];
}

/** The groups a user with these groups and rights may add and remove, as MediaWiki decides it. */
export function changeableGroups(
  groups: SiteGroups,
  memberOf: readonly string[],
  rights: ReadonlySet<string>,
): ChangeableGroups {
  if (rights.has('userrights')) {
    return { add: [...groups.explicitGroups], remove: [...groups.explicitGroups], 'add-self': [], 'remove-self': [] };
  }
  const collect = (table: Record<string, string[]>) => {
    const out: string[] = [];
    for (const group of memberOf) {
      const list = table[group] ?? [];
      const expanded = list.includes('*') ? groups.explicitGroups : list;
      for (const g of expanded) if (!out.includes(g)) out.push(g);
    }
    return out;
  };
  return {
    add: collect(groups.addGroups),
    remove: collect(groups.removeGroups),
    'add-self': collect(groups.addToSelf),
    'remove-self': collect(groups.removeFromSelf),
  };
}

/**
 * `$wgGrantPermissions` of MediaWiki 1.39: what a bot password's grants allow. A session opened
 * with a bot password has the rights its user has and its grants allow; `basic` is always granted.
 */
const EDIT = ['edit', 'minoredit', 'applychangetags', 'changetags'];
export const GRANT_PERMISSIONS: Record<string, string[]> = {
  basic: [
    'autocreateaccount',
    'autoconfirmed',
    'autopatrol',
    'editsemiprotected',
    'ipblock-exempt',
    'nominornewtalk',
    'patrolmarks',
    'purge',
    'read',
    'writeapi',
    'unwatchedpages',
  ],
  highvolume: ['bot', 'apihighlimits', 'noratelimit', 'markbotedits'],
  import: ['import', 'importupload'],
  editpage: [...EDIT, 'editcontentmodel'],
  editprotected: [...EDIT, 'editprotected'],
  editmycssjs: [...EDIT, 'editmyusercss', 'editmyuserjson', 'editmyuserjs'],
  editmyoptions: ['editmyoptions', 'editmyuserjson'],
  editinterface: [...EDIT, 'editinterface', 'edituserjson', 'editsitejson'],
  editsiteconfig: [
    ...EDIT,
    'editinterface',
    'edituserjson',
    'editsitejson',
    'editusercss',
    'edituserjs',
    'editsitecss',
    'editsitejs',
  ],
  createeditmovepage: [
    ...EDIT,
    'createpage',
    'createtalk',
    'delete-redirect',
    'move',
    'move-rootuserpages',
    'move-subpages',
    'move-categorypages',
    'suppressredirect',
  ],
  uploadfile: ['upload', 'reupload-own'],
  uploadeditmovefile: [
    'upload',
    'reupload-own',
    'reupload',
    'reupload-shared',
    'upload_by_url',
    'movefile',
    'suppressredirect',
  ],
  patrol: ['patrol'],
  rollback: ['rollback'],
  blockusers: ['block', 'blockemail'],
  viewdeleted: ['browsearchive', 'deletedhistory', 'deletedtext'],
  viewrestrictedlogs: ['suppressionlog'],
  delete: [
    ...EDIT,
    'browsearchive',
    'deletedhistory',
    'deletedtext',
    'delete',
    'bigdelete',
    'deletelogentry',
    'deleterevision',
    'undelete',
  ],
  oversight: ['suppressrevision', 'viewsuppressed', 'hideuser'],
  protect: [...EDIT, 'editprotected', 'protect'],
  viewmywatchlist: ['viewmywatchlist'],
  editmywatchlist: ['editmywatchlist'],
  sendemail: ['sendemail'],
  createaccount: ['createaccount'],
  privateinfo: ['viewmyprivateinfo'],
  mergehistory: ['mergehistory'],
};

/** The rights a list of grants allows (`basic` included). */
export function rightsOfGrants(grants: readonly string[]): Set<string> {
  const rights = new Set<string>(GRANT_PERMISSIONS.basic);
  for (const grant of grants) for (const right of GRANT_PERMISSIONS[grant] ?? []) rights.add(right);
  return rights;
}
