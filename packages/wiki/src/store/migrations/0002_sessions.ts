import type { Kysely } from 'kysely';
import { createTables, dropTables, index, int, type TableDef, text, textOrNull } from './columns.js';

/**
 * Login sessions and failed-login counters, which MediaWiki keeps in its object cache. Here they
 * live in the store so that every server process over one database shares them.
 *
 * A session is found by the SHA-256 of its cookie value (`sess_hash`): the store never holds the
 * value a client presents. `sess_user` is 0 for an anonymous session (one that only holds a login
 * token); `sess_bot_app` names the bot password a session was opened with. Timestamps are
 * MediaWiki's 14-digit form; `sess_expires` is pushed forward while the session is used.
 *
 * `login_attempt` counts failed password logins per throttle key (IP and name, or IP alone) in a
 * window starting at `la_window_start`, as `$wgPasswordAttemptThrottle` describes.
 */
export const tables: TableDef[] = [
  {
    name: 'session',
    columns: [
      text('sess_hash'),
      int('sess_user', 0),
      textOrNull('sess_bot_app'),
      text('sess_created'),
      text('sess_expires'),
    ],
    primaryKey: ['sess_hash'],
    indexes: [index('sess_expires', ['sess_expires']), index('sess_user', ['sess_user'])],
  },
  {
    name: 'login_attempt',
    columns: [text('la_key'), int('la_period'), text('la_window_start'), int('la_count', 0)],
    primaryKey: ['la_key', 'la_period'],
    indexes: [index('la_window_start', ['la_window_start'])],
  },
];

export async function up(db: Kysely<any>) {
  await createTables(db, tables);
}

export async function down(db: Kysely<any>) {
  await dropTables(db, tables);
}
