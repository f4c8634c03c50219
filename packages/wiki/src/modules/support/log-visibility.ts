/**
 * Who may see hidden parts of log entries (`log_deleted`, and `rc_deleted` of log rows in recent
 * changes). A log entry's bits are 1 action (its page and parameters), 2 comment, 4 user and
 * 8 suppressed. Unlike a revision's text, a hidden action needs only `deletedhistory`; suppressed
 * parts need `suppressrevision` or `viewsuppressed`. Whole log types are restricted to a right
 * (`$wgLogRestrictions`): the suppression log and TitleBlacklist's log.
 */
import type { RequestUser } from '../../api/module.js';
import type { ResultObject } from '../../api/result/tree.js';
import { DELETED_COMMENT, DELETED_RESTRICTED, DELETED_USER, type RowUser } from './hidden-content.js';

export const DELETED_ACTION = 1;

/** Log types and the right needed to see them. */
const LOG_RESTRICTIONS: Record<string, string> = {
  suppress: 'suppressionlog',
  titleblacklist: 'titleblacklistlog',
};

/** The log types `user` may not see. */
export function restrictedLogTypes(user: RequestUser): string[] {
  return Object.entries(LOG_RESTRICTIONS)
    .filter(([, right]) => !user.rights.has(right))
    .map(([type]) => type);
}

function maySeeSuppressed(user: RequestUser): boolean {
  return user.rights.has('suppressrevision') || user.rights.has('viewsuppressed');
}

/** Whether `user` may see `field` of a log entry with the bits `bits`. */
export function canSeeLogField(user: RequestUser, bits: number, field: number): boolean {
  if ((bits & field) === 0) return true;
  if ((bits & DELETED_RESTRICTED) !== 0) return maySeeSuppressed(user);
  return user.rights.has('deletedhistory');
}

/**
 * Bits that exclude an entry from a search by page (`action`) or by user (`user`): entries whose
 * `deleted & mask` equals the mask are left out, or the search would reveal what is hidden.
 */
export function logSearchMask(user: RequestUser): { action: number; user: number } {
  if (!user.rights.has('deletedhistory')) return { action: DELETED_ACTION, user: DELETED_USER };
  if (!maySeeSuppressed(user)) {
    return { action: DELETED_ACTION | DELETED_RESTRICTED, user: DELETED_USER | DELETED_RESTRICTED };
  }
  return { action: 0, user: 0 };
}

/** Adds the fields of one log entry with MediaWiki's markers (`actionhidden`, `userhidden`, ...). */
export class LogVisibility {
  private anyHidden = false;

  constructor(
    private readonly caller: RequestUser,
    private readonly bits: number,
  ) {}

  private reveal(item: ResultObject, field: number, marker: string): boolean {
    if ((this.bits & field) !== 0) {
      item[marker] = true;
      this.anyHidden = true;
    }
    return canSeeLogField(this.caller, this.bits, field);
  }

  /** Marks `actionhidden` when the page and parameters are hidden; whether they may be shown. */
  action(item: ResultObject): boolean {
    return this.reveal(item, DELETED_ACTION, 'actionhidden');
  }

  /** `user`, `userid` and `anon`, or `userhidden`. */
  user(item: ResultObject, performer: RowUser, wantName: boolean, wantId: boolean): void {
    if (!wantName && !wantId) return;
    if (!this.reveal(item, DELETED_USER, 'userhidden')) return;
    if (wantName) item.user = performer.name;
    if (wantId) item.userid = performer.id;
    if (performer.id === 0) item.anon = true;
  }

  /** `comment`/`parsedcomment`, or `commenthidden`; `parsed` is computed only when shown. */
  comment(item: ResultObject, comment: string, wantText: boolean, parsed: (() => string) | undefined): void {
    if (!wantText && !parsed) return;
    if (!this.reveal(item, DELETED_COMMENT, 'commenthidden')) return;
    if (wantText) item.comment = comment;
    if (parsed) item.parsedcomment = parsed();
  }

  /** Adds `suppressed` when something was hidden and the entry is suppressed. */
  finish(item: ResultObject): void {
    if (this.anyHidden && (this.bits & DELETED_RESTRICTED) !== 0) item.suppressed = true;
  }
}
