/**
 * Login sessions in the store. A session id is 160 random bits, written as 32 base-32 characters
 * (MediaWiki's shape); the client holds it in a cookie and the store holds only its SHA-256, so a
 * copy of the database opens no session. The key that signs a session's tokens is derived from
 * the id as well, and is therefore known only while a request presents the id.
 */
import { createHash, randomBytes } from 'node:crypto';
import { primaryOf, type WikiStore } from '../store/database.js';
import { toMwTimestamp } from '../text/timestamps.js';

/** Idle lifetime of a session without an account (it only carries a login token). */
export const ANONYMOUS_SESSION_SECONDS = 3600;
/** Idle lifetime of a logged-in session: MediaWiki's "remember me" cookie lifetime. */
export const USER_SESSION_SECONDS = 30 * 24 * 3600;
/** An expiry is pushed forward only when this much of the lifetime has passed, to spare writes. */
const REFRESH_AFTER_SECONDS = 300;

const BASE32 = '0123456789abcdefghijklmnopqrstuv';
const SESSION_ID = /^[0-9a-v]{32}$/;

export interface StoredSession {
  id: string;
  userId: number;
  botApp: string | null;
  /** MediaWiki timestamps: when the session was opened (for a logged-in one: the login), when it ends. */
  created: string;
  expires: string;
}

function newSessionId(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The key a session's tokens are signed with. */
export function tokenKey(sessionId: string): Buffer {
  return sha256(`token-key:${sessionId}`);
}

function storedHash(sessionId: string): string {
  return sha256(`session:${sessionId}`).toString('hex');
}

function lifetime(userId: number): number {
  return userId === 0 ? ANONYMOUS_SESSION_SECONDS : USER_SESSION_SECONDS;
}

const later = (now: Date, seconds: number) => toMwTimestamp(new Date(now.getTime() + seconds * 1000));

export class SessionStore {
  constructor(private readonly store: WikiStore) {}

  /** The live session with this cookie value, or undefined (unknown, malformed or expired). */
  async find(id: string, now: Date): Promise<StoredSession | undefined> {
    if (!SESSION_ID.test(id)) return undefined;
    const row = await primaryOf(this.store)
      .selectFrom('session')
      .select(['sess_user', 'sess_bot_app', 'sess_created', 'sess_expires'])
      .where('sess_hash', '=', storedHash(id))
      .executeTakeFirst();
    if (!row || row.sess_expires <= toMwTimestamp(now)) return undefined;
    const session = {
      id,
      userId: row.sess_user,
      botApp: row.sess_bot_app,
      created: row.sess_created,
      expires: row.sess_expires,
    };
    const refreshed = later(now, lifetime(row.sess_user) - REFRESH_AFTER_SECONDS);
    if (row.sess_expires < refreshed) {
      session.expires = later(now, lifetime(row.sess_user));
      await primaryOf(this.store)
        .updateTable('session')
        .set({ sess_expires: session.expires })
        .where('sess_hash', '=', storedHash(id))
        .execute();
    }
    return session;
  }

  /** Opens a new session (and drops expired ones, which nothing else would remove). */
  async create(userId: number, botApp: string | null, now: Date): Promise<StoredSession> {
    const id = newSessionId();
    const session = { id, userId, botApp, created: toMwTimestamp(now), expires: later(now, lifetime(userId)) };
    await primaryOf(this.store).deleteFrom('session').where('sess_expires', '<=', toMwTimestamp(now)).execute();
    await primaryOf(this.store)
      .insertInto('session')
      .values({
        sess_hash: storedHash(id),
        sess_user: userId,
        sess_bot_app: botApp,
        sess_created: session.created,
        sess_expires: session.expires,
      })
      .execute();
    return session;
  }

  async delete(id: string): Promise<void> {
    await primaryOf(this.store).deleteFrom('session').where('sess_hash', '=', storedHash(id)).execute();
  }
}
