/**
 * The replica's state in the store (`replica_state`): the source's address, the mirror's progress
 * and the follower's cursors. Written inside the transaction of the change it records, so that a
 * crash leaves state and data agreeing.
 */
import type { Kysely } from 'kysely';
import type { WikiDatabase } from '../../store/schema.js';

export type ReplicaState = Record<string, string>;

export async function readReplicaState(db: Kysely<WikiDatabase>): Promise<ReplicaState> {
  const rows = await db.selectFrom('replica_state').selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.rs_name, r.rs_value]));
}

export async function writeReplicaState(db: Kysely<WikiDatabase>, values: ReplicaState): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    await db
      .insertInto('replica_state')
      .values({ rs_name: name, rs_value: value })
      .onConflict((oc) => oc.column('rs_name').doUpdateSet({ rs_value: value }))
      .execute();
  }
}
