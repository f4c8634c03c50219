/**
 * Whether a user may do an action on a page, as `prop=info&intestactions` answers it: the rights
 * the action needs, the namespace's protection, the page's protection levels (`autoconfirmed`
 * needs `editsemiprotected`, `sysop` needs `editprotected`), and create protection of missing titles.
 */
import type { RequestUser } from '../api/module.js';
import type { SiteConfig } from '../site/site.js';
import { isTalkNamespace, NS_FILE } from '../site/title.js';
import type { Protection } from './page-protection.js';

/** Why an action is refused, as MediaWiki's status message: its key, parameters and API code. */
export interface PermissionProblem {
  message: string;
  params: (string | number)[];
  code: string;
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

export function permissionProblems(
  user: RequestUser,
  site: SiteConfig,
  action: string,
  page: { ns: number; exists: boolean },
  protections: readonly Protection[],
): PermissionProblem[] {
  const problems: PermissionProblem[] = [];
  const needed = [...(ACTION_RIGHTS[action] ?? [action])];
  if (action === 'create' || (action === 'edit' && !page.exists)) {
    needed.push(isTalkNamespace(page.ns) ? 'createtalk' : 'createpage');
  }
  if (action === 'upload' && page.ns !== NS_FILE) {
    problems.push({ message: 'badaccess-group0', params: [], code: 'permissiondenied' });
  }
  for (const right of needed) {
    if (!user.rights.has(right)) {
      problems.push({ message: 'badaccess-group0', params: [], code: 'permissiondenied' });
      break;
    }
  }
  if (action !== 'read') {
    const namespaceRight = site.namespaces.find((ns) => ns.id === page.ns)?.protection;
    if (namespaceRight && !user.rights.has(namespaceRight)) {
      problems.push({
        message: 'namespaceprotected',
        params: [site.namespaces.find((ns) => ns.id === page.ns)?.name ?? '', action],
        code: 'protectednamespace',
      });
    }
    for (const p of protections) {
      const applies =
        p.type === action ||
        (p.type === 'edit' && action !== 'read') ||
        (p.type === 'create' && (action === 'create' || action === 'edit'));
      if (!applies || p.level === '') continue;
      const right = levelRight(p.level);
      if (user.rights.has(right)) continue;
      if (p.source)
        problems.push({ message: 'cascadeprotected', params: [1, p.source, action], code: 'cascadeprotected' });
      else if (p.type === 'create') problems.push({ message: 'titleprotected', params: [], code: 'protectedtitle' });
      else problems.push({ message: 'protectedpagetext', params: [right, action], code: 'protectedpage' });
    }
  }
  return problems;
}
