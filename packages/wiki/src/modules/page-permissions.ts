/**
 * Whether a user may do an action on a page, as `prop=info&intestactions` answers it: the rights
 * the action needs, the namespace's protection, the page's protection levels (`autoconfirmed`
 * needs `editsemiprotected`, `sysop` needs `editprotected`), create protection of missing titles,
 * and, unless the check is quick, the user's block.
 */
import type { BlockScope, UserBlock } from '../accounts/blocks.js';
import type { RequestUser } from '../api/module.js';
import { groupRights } from '../site/group-permissions.js';
import type { SiteConfig } from '../site/site.js';
import { isTalkNamespace, NS_MEDIAWIKI, NS_USER, NS_USER_TALK } from '../site/title.js';
import type { Protection } from './page-protection.js';

/** Why an action is refused, as MediaWiki's status message: its key, parameters and API code. */
export interface PermissionProblem {
  message: string;
  params: (string | number)[];
  code: string;
  /**
   * For `badaccess-groups`: the groups that grant the missing right, which the message names
   * (with their number) in the reader's language.
   */
  groups?: string[];
  /** For a block's refusal: the block, whose details the answer gives (`blockinfo`). */
  block?: UserBlock;
}

/** The caller's block, with what a partial one is limited to. */
export interface CallerBlock {
  block: UserBlock;
  scope: BlockScope;
}

/**
 * Whether a block keeps its user from an action on a page, as MediaWiki 1.39 decides it: never
 * from reading, purging or unblocking; from creating accounts and sending e-mail only when the
 * block says so; from uploading only when sitewide; from anything else where the block applies to
 * the page (everywhere for a sitewide block, the pages and namespaces of a partial one), the
 * user's own talk page only when the block takes that too.
 */
function blockApplies(user: RequestUser, action: string, page: PageRef, { block, scope }: CallerBlock): boolean {
  if (action === 'read' || action === 'purge' || action === 'unblock') return false;
  if ((action === 'createaccount' || action === 'autocreateaccount') && !block.noCreate) return false;
  if (action === 'sendemail' && !block.noEmail) return false;
  if (action === 'upload' && !block.sitewide) return false;
  const ownTalk = !user.anonymous && page.ns === NS_USER_TALK && page.dbKey === user.name.replaceAll(' ', '_');
  if (ownTalk && block.sitewide) return !block.allowUserTalk;
  if (block.sitewide) return true;
  return (page.id !== undefined && scope.pages.has(page.id)) || scope.namespaces.has(page.ns);
}

interface PageRef {
  ns: number;
  dbKey: string;
  exists: boolean;
  /** The page's id, where it exists. */
  id?: number;
}

/** MediaWiki's error for a right the user lacks: the groups granting it, if any, in the site's order. */
function missingRight(site: SiteConfig, right: string): PermissionProblem {
  const groups: string[] = [];
  for (const [group, rights] of groupRights(site)) if (rights.includes(right)) groups.push(group);
  if (groups.length === 0) return { message: 'badaccess-group0', params: [], code: 'permissiondenied' };
  return { message: 'badaccess-groups', params: [], code: 'permissiondenied', groups };
}

/** The right a protection level asks of editors, as MediaWiki maps its two default levels. */
function levelRight(level: string): string {
  if (level === 'sysop') return 'editprotected';
  if (level === 'autoconfirmed') return 'editsemiprotected';
  return level;
}

/** Actions whose right has the action's own name need no entry here. */
const ACTION_RIGHTS: Record<string, string[]> = {
  read: ['read'],
  create: [],
  edit: ['edit'],
  move: ['move'],
  'move-subpages': ['move-subpages'],
  delete: ['delete'],
  undelete: ['undelete'],
  protect: ['protect'],
  upload: ['upload'],
  reupload: ['reupload'],
  rollback: ['rollback'],
  patrol: ['patrol'],
  markbotedits: ['markbotedits'],
  purge: ['purge'],
  changetags: ['changetags'],
  editcontentmodel: ['editcontentmodel'],
};

/** The kind of configuration page a title ends in (`.css`, `.json`, `.js`), as its content model follows it. */
function configKind(dbKey: string): 'css' | 'json' | 'js' | undefined {
  const match = /\.(css|json|js)$/.exec(dbKey);
  return match ? (match[1] as 'css' | 'json' | 'js') : undefined;
}

/**
 * The messages whose text is shown as raw HTML: MediaWiki's own and the Gadgets extension's
 * definition. Their pages (and subpages) need `editsitecss` and `editsitejs` as well.
 */
const RAW_HTML_MESSAGES = new Set([
  'copyright',
  'history_copyright',
  'googlesearch',
  'youhavenewmessagesmanyusers',
  'youhavenewmessages',
  'gadgets-definition',
]);

/** Actions the site's styles, scripts and raw HTML messages need no extra right for. */
const SITE_CONFIG_EXEMPT = new Set(['patrol', 'deletedhistory', 'deletedtext', 'viewsuppressed']);

/** Actions another user's (or one's own) styles and scripts need no extra right for. */
const USER_CONFIG_EXEMPT = new Set([
  'patrol',
  'delete',
  'deleterevision',
  'suppressrevision',
  'deletedhistory',
  'deletedtext',
  'viewsuppressed',
]);

/** Whether a `MediaWiki:` page's root names a raw HTML message (its first letter in lower case). */
function isRawHtmlMessage(dbKey: string): boolean {
  const root = dbKey.split('/')[0];
  return RAW_HTML_MESSAGES.has(root.charAt(0).toLowerCase() + root.slice(1));
}

/**
 * The site's interface pages (`MediaWiki:`) need `editinterface` and, for the site's styles and
 * scripts, the right of their kind; another user's configuration subpages (`User:X/common.css`)
 * need `edituser<kind>`, one's own `editmyuser<kind>`, except for patrolling, deleting and seeing
 * deleted versions.
 */
function configPageProblems(user: RequestUser, action: string, ns: number, dbKey: string): PermissionProblem[] {
  const kind = configKind(dbKey);
  if (ns === NS_MEDIAWIKI) {
    const problems: PermissionProblem[] = [];
    if (!user.rights.has('editinterface'))
      problems.push({ message: 'protectedinterface', params: [action], code: 'protectednamespace-interface' });
    // Patrolling and seeing deleted versions do not change what the page does to visitors.
    if (SITE_CONFIG_EXEMPT.has(action)) return problems;
    if (kind && !user.rights.has(`editsite${kind}`))
      problems.push({ message: `site${kind}protected`, params: [action], code: `site${kind}protected` });
    if (isRawHtmlMessage(dbKey) && !(user.rights.has('editsitecss') && user.rights.has('editsitejs')))
      problems.push({ message: 'siterawhtmlprotected', params: [action], code: 'siterawhtmlprotected' });
    return problems;
  }
  // Patrolling, deleting and seeing deleted versions cannot change what the page does.
  if (ns !== NS_USER || !kind || !dbKey.includes('/') || USER_CONFIG_EXEMPT.has(action)) return [];
  const own = !user.anonymous && dbKey.startsWith(`${user.name.replaceAll(' ', '_')}/`);
  if (own) {
    if (user.rights.has(`editmyuser${kind}`) || user.rights.has(`edituser${kind}`)) return [];
    return [{ message: `mycustom${kind}protected`, params: [action], code: `mycustom${kind}protected` }];
  }
  if (user.rights.has(`edituser${kind}`)) return [];
  return [{ message: `custom${kind}protected`, params: [action], code: `custom${kind}protected` }];
}

/**
 * Whether the caller may create the missing page, as MediaWiki checks `create`: the right to
 * create in the namespace, then the title's create protection twice (as a restriction of the page
 * and as the title's own protection, with who protected it and why), then the block. `short`, as
 * when another action asks it, stops at the first check that finds a reason.
 */
function createProblems(
  user: RequestUser,
  page: PageRef,
  protections: readonly Protection[],
  block: CallerBlock | undefined,
  short: boolean,
): PermissionProblem[] {
  const problems: PermissionProblem[] = [];
  if (!user.rights.has(isTalkNamespace(page.ns) ? 'createtalk' : 'createpage')) {
    problems.push(
      user.anonymous
        ? { message: 'nocreatetext', params: [], code: 'cantcreate-anon' }
        : { message: 'nocreate-loggedin', params: [], code: 'cantcreate' },
    );
    if (short) return problems;
  }
  const titleProtections = protections.filter((p) => p.type === 'create' && !p.source);
  for (const p of titleProtections) {
    const right = levelRight(p.level);
    if (p.level !== '' && !user.rights.has(right))
      problems.push({ message: 'protectedpagetext', params: [right, 'create'], code: 'protectedpage' });
  }
  if (short && problems.length > 0) return problems;
  for (const p of protections) {
    if (p.type === 'create' && p.source && !user.rights.has(levelRight(p.level)))
      problems.push({ message: 'cascadeprotected', params: [1, p.source, 'create'], code: 'cascadeprotected' });
  }
  if (short && problems.length > 0) return problems;
  for (const p of titleProtections) {
    if (p.level === '' || !user.rights.has(levelRight(p.level)))
      problems.push({ message: 'titleprotected', params: [p.by ?? '', p.reason ?? ''], code: 'protectedtitle' });
  }
  if (short && problems.length > 0) return problems;
  if (block && blockApplies(user, 'create', page, block)) problems.push(blockedProblem(block));
  return problems;
}

function blockedProblem(block: CallerBlock): PermissionProblem {
  return {
    message: block.block.sitewide ? 'apierror-blocked' : 'apierror-blocked-partial',
    params: [],
    code: 'blocked',
    block: block.block,
  };
}

export function permissionProblems(
  user: RequestUser,
  site: SiteConfig,
  action: string,
  page: PageRef,
  protections: readonly Protection[],
  /** The caller's block, for a check that is not quick. */
  block?: CallerBlock,
  /**
   * For `create`: stop at the first check that finds a reason, as MediaWiki does when another
   * action asks. Other actions give every reason (their callers that ask only count them).
   */
  short = false,
): PermissionProblem[] {
  if (action === 'create') return createProblems(user, page, protections, block, short);
  const problems: PermissionProblem[] = [];
  // An empty action asks for no right, as MediaWiki's rights check takes it.
  const needed = action === '' ? [] : (ACTION_RIGHTS[action] ?? [action]);
  for (const right of needed) {
    if (!user.rights.has(right)) {
      // An anonymous caller who could move pages once logged in is told to log in.
      if (action === 'move' && user.anonymous)
        problems.push({ message: 'movenologintext', params: [], code: 'cantmove-anon' });
      // MediaWiki names the groups granting the action's own right (the action's name).
      else problems.push(missingRight(site, action));
      break;
    }
  }
  if (action !== 'read') {
    const namespaceRight =
      page.ns === NS_MEDIAWIKI ? undefined : site.namespaces.find((ns) => ns.id === page.ns)?.protection;
    if (namespaceRight && !user.rights.has(namespaceRight)) {
      problems.push({
        message: 'namespaceprotected',
        params: [site.namespaces.find((ns) => ns.id === page.ns)?.name ?? '', action],
        code: 'protectednamespace',
      });
    }
    problems.push(...configPageProblems(user, action, page.ns, page.dbKey));
    for (const p of protections) {
      if (p.type !== action || p.level === '') continue;
      const right = levelRight(p.level);
      if (user.rights.has(right)) continue;
      if (p.source)
        problems.push({ message: 'cascadeprotected', params: [1, p.source, action], code: 'cascadeprotected' });
      else problems.push({ message: 'protectedpagetext', params: [right, action], code: 'protectedpage' });
    }
  }
  // Deleting a page whose editing is protected above the caller is refused with a reason of its own.
  if (
    action === 'delete' &&
    protections.some((p) => p.type === 'edit' && p.level !== '' && !user.rights.has(levelRight(p.level)))
  )
    problems.push({ message: 'deleteprotected', params: [], code: 'cantedit' });
  // Changing a page's protection needs the right to edit it, for whatever reason that is missing.
  if (action === 'protect' && permissionProblems(user, site, 'edit', page, protections, block, true).length > 0)
    problems.push({ message: 'protect-cantedit', params: [], code: 'cantedit' });
  // Undeleting edits the page, and where no page is, creates it.
  if (action === 'undelete') {
    if (permissionProblems(user, site, 'edit', page, protections, block, true).length > 0)
      problems.push({ message: 'undelete-cantedit', params: [], code: 'undelete-cantedit' });
    if (!page.exists && createProblems(user, page, protections, block, true).length > 0)
      problems.push({ message: 'undelete-cantcreate', params: [], code: 'undelete-cantcreate' });
  }
  // Editing a missing page creates it: the first reason that refuses creating is given too (a
  // block only once, below).
  if (action === 'edit' && !page.exists) problems.push(...createProblems(user, page, protections, undefined, true));
  // The block is checked last, after every other reason.
  if (block && blockApplies(user, action, page, block)) problems.push(blockedProblem(block));
  return problems;
}
