/**
 * Cache modes that several modules share (see `CacheMode` in api/module.ts): an answer that may
 * show deleted or suppressed parts to a caller with the rights to see them is that caller's alone.
 */
import type { CacheMode, RequestUser } from '../../api/module.js';

/** The rights under which revision deletion hides nothing from the caller (MediaWiki's `userCanSeeRevDel`). */
const SEES_DELETED = ['deletedhistory', 'deletedtext', 'deleterevision', 'suppressrevision', 'viewsuppressed'];

/** `private` for a caller who may see deleted parts of revisions, log entries or files; else `public`. */
export function deletedPartsCacheMode(user: RequestUser): CacheMode {
  return SEES_DELETED.some((right) => user.rights.has(right)) ? 'private' : 'public';
}

/**
 * Parsed comments are rendered in the reader's language (the answer depends on who asks): the
 * answer is shared with callers without a session only.
 */
export function parsedCommentCacheMode(props: readonly string[] | undefined): CacheMode {
  return props?.includes('parsedcomment') ? 'anon-public-user-private' : 'public';
}
