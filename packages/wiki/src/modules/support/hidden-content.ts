/**
 * Who may see revision-deleted and suppressed content, in one place for every module that shows
 * revisions, log entries, recent changes or users. A `*_deleted` column holds MediaWiki's bits:
 * 1 text (or a log entry's target), 2 comment, 4 user, 8 suppressed (hidden from administrators too).
 *
 * A hidden field is always marked (`texthidden`, `commenthidden`, `userhidden`, and `suppressed`
 * when the bits include 8); its value is shown only to a caller with the right for it:
 * `deletedtext` for text, `deletedhistory` for comments and users, and `suppressrevision` or
 * `viewsuppressed` for anything suppressed. Users hidden by a block (`hideuser`) are shown only to
 * callers with `hideuser`.
 */
import type { RequestUser } from '../../api/module.js';
import type { ResultObject } from '../../api/result/tree.js';

export const DELETED_TEXT = 1;
export const DELETED_COMMENT = 2;
export const DELETED_USER = 4;
export const DELETED_RESTRICTED = 8;

type HiddenField = typeof DELETED_TEXT | typeof DELETED_COMMENT | typeof DELETED_USER;

/** Whether `user` may see `field` of a row whose deletion bits are `bits`. */
export function canSeeField(user: RequestUser, bits: number, field: HiddenField): boolean {
  if ((bits & field) === 0) return true;
  if ((bits & DELETED_RESTRICTED) !== 0) {
    return user.rights.has('suppressrevision') || user.rights.has('viewsuppressed');
  }
  return user.rights.has(field === DELETED_TEXT ? 'deletedtext' : 'deletedhistory');
}

/**
 * The bits that exclude a row from lists searched by `field` (a user's contributions by user): rows
 * whose `deleted & mask` equals `mask` must not be listed, or they would reveal the hidden value.
 * Zero when the caller may see every such row.
 */
export function exclusionMask(user: RequestUser, field: HiddenField): number {
  const right = field === DELETED_TEXT ? 'deletedtext' : 'deletedhistory';
  if (!user.rights.has(right)) return field;
  if (!user.rights.has('suppressrevision') && !user.rights.has('viewsuppressed')) return field | DELETED_RESTRICTED;
  return 0;
}

/** Whether `user` may see accounts hidden by a block with `hideuser`. */
export function canSeeHiddenUsers(user: RequestUser): boolean {
  return user.rights.has('hideuser');
}

/** The editor of a row: name, account id (0 for IP and imported editors). */
export interface RowUser {
  name: string;
  id: number;
}

/**
 * Adds the fields of one row to an answer item with MediaWiki's markers, remembering whether
 * anything was hidden so that `finish` can add `suppressed`.
 */
export class HiddenFields {
  private anyHidden = false;

  constructor(
    private readonly caller: RequestUser,
    private readonly bits: number,
  ) {}

  /** Whether the caller may see `field`; marks the field hidden when its bit is set. */
  private reveal(item: ResultObject, field: HiddenField, marker: string): boolean {
    if ((this.bits & field) !== 0) {
      item[marker] = true;
      this.anyHidden = true;
    }
    return canSeeField(this.caller, this.bits, field);
  }

  /** `user`/`anon`/`userid` (revision order), or `userhidden`. */
  user(item: ResultObject, editor: RowUser, wantName: boolean, wantId: boolean): void {
    if (!wantName && !wantId) return;
    if (!this.reveal(item, DELETED_USER, 'userhidden')) return;
    if (wantName) item.user = editor.name;
    if (editor.id === 0) item.anon = true;
    if (wantId) item.userid = editor.id;
  }

  /**
   * A contribution's `texthidden`, `userid`, `user` and `userhidden`, in the order of a user's
   * contributions (rows whose editor the caller may not see are not listed at all).
   */
  contributor(item: ResultObject, editor: RowUser): void {
    if ((this.bits & DELETED_TEXT) !== 0) {
      item.texthidden = true;
      this.anyHidden = true;
    }
    item.userid = editor.id;
    item.user = editor.name;
    if ((this.bits & DELETED_USER) !== 0) {
      item.userhidden = true;
      this.anyHidden = true;
    }
  }

  /** `comment`/`parsedcomment`, or `commenthidden`; `parsed` is computed only when shown. */
  comment(item: ResultObject, comment: string, wantText: boolean, parsed: (() => string) | undefined): void {
    if (!wantText && !parsed) return;
    if (!this.reveal(item, DELETED_COMMENT, 'commenthidden')) return;
    if (wantText) item.comment = comment;
    if (parsed) item.parsedcomment = parsed();
  }

  /** Whether text-derived values may be shown; marks `marker` (`texthidden`, `sha1hidden`). */
  text(item: ResultObject, marker = 'texthidden'): boolean {
    return this.reveal(item, DELETED_TEXT, marker);
  }

  /** Adds `suppressed` when something was hidden and the row is suppressed. */
  finish(item: ResultObject): void {
    if (this.anyHidden && (this.bits & DELETED_RESTRICTED) !== 0) item.suppressed = true;
  }
}
