/**
 * A PostgreSQL primary and a streaming replica of it, made for a test with Debian's cluster tools:
 * two clusters (`pg_createcluster`) with their data in a temporary folder, the replica copied from
 * the primary by `pg_basebackup` and following it by streaming replication. Both listen on
 * 127.0.0.1 only, trust local connections, and are dropped (`pg_dropcluster`) at the end; the
 * machine's own clusters are not touched.
 *
 * It needs root (to create clusters and run commands as the `postgres` user) and Debian's
 * `postgresql` packages; `replicationSkipReason()` says why a test cannot run here.
 * `WIKI_TEST_POSTGRES_PORTS` (two ports, `5440,5441`) chooses the ports; free ones otherwise.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../conformance/servers.js';

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The newest installed PostgreSQL major version, or undefined. */
function installedVersion(): string | undefined {
  if (!existsSync(POSTGRES_LIB)) return undefined;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((v) => existsSync(join(POSTGRES_LIB, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.at(-1);
}

/** Why the replication tests cannot run on this machine, or false when they can. */
export function replicationSkipReason(): string | false {
  if (process.getuid?.() !== 0) return 'PostgreSQL replication tests skipped: they need root to create clusters';
  for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster']) {
    if (!existsSync(join('/usr/bin', tool))) {
      return `PostgreSQL replication tests skipped: ${tool} is missing (Debian's postgresql-common)`;
    }
  }
  if (!installedVersion()) return 'PostgreSQL replication tests skipped: no PostgreSQL server binaries';
  return false;
}

async function choosePorts(): Promise<[number, number]> {
  const given = process.env.WIKI_TEST_POSTGRES_PORTS?.split(',').map((p) => Number(p.trim()));
  if (given && given.length === 2 && given.every((p) => Number.isInteger(p) && p > 0)) {
    return given as [number, number];
  }
  return [await freePort(), await freePort()];
}

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', command, ...args]);

export interface ReplicatedPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` of the primary and of the replica. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Waits until the replica has replayed everything the primary wrote so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Runs SQL on the primary's or the replica's `postgres` database. */
  onPrimary(query: string): Promise<pg.QueryResult>;
  onReplica(query: string): Promise<pg.QueryResult>;
  close(): Promise<void>;
}

/** Settings of both clusters: local only, replication on, durability off (a test's data). */
function settings(dir: string): string {
  return [
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'hot_standby_feedback = on',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    // A vacuum that truncates a table holds its lock on the replica until replayed further: with
    // replay paused (the maxlag test), the nodes' reads of that table would wait for it.
    'autovacuum = off',
    '',
  ].join('\n');
}

const HBA = [
  'local all all trust',
  'host all all 127.0.0.1/32 trust',
  'host replication all 127.0.0.1/32 trust',
  '',
].join('\n');

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const version = installedVersion() as string;
  const [primaryPort, replicaPort] = await choosePorts();
  const root = mkdtempSync(join(tmpdir(), 'wiki-replication-'));
  const postgresUid = Number(run('id', ['-u', 'postgres']).trim());
  const postgresGid = Number(run('id', ['-g', 'postgres']).trim());
  chownSync(root, postgresUid, postgresGid);
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const clusters = { primary: `wikitest-primary-${tag}`, replica: `wikitest-replica-${tag}` };
  const made: string[] = [];
  const configure = (name: string, dir: string) => {
    const conf = `/etc/postgresql/${version}/${name}`;
    mkdirSync(join(conf, 'conf.d'), { recursive: true });
    writeFileSync(join(conf, 'conf.d', 'wiki-test.conf'), settings(dir));
    writeFileSync(join(conf, 'pg_hba.conf'), HBA);
  };
  const start = (name: string) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'start']);
  const dropAll = () => {
    for (const name of made) {
      try {
        run('pg_dropcluster', ['--stop', version, name]);
      } catch {
        // Already gone.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  const clients: pg.Client[] = [];
  const connect = async (port: number) => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    clients.push(client);
    return client;
  };
  try {
    const primaryDir = join(root, 'primary');
    const create = (name: string, port: number, dir: string) => {
      run('pg_createcluster', [
        version,
        name,
        '--port',
        String(port),
        '--datadir',
        dir,
        '--encoding',
        'UTF8',
        '--locale',
        'C',
        '--',
        '--auth=trust',
        '--no-sync',
      ]);
      made.push(name);
      configure(name, root);
    };
    create(clusters.primary, primaryPort, primaryDir);
    start(clusters.primary);
    const primary = await connect(primaryPort);

    // The replica: a cluster whose data is replaced by a base backup of the primary, which also
    // writes the standby settings (`-R`: standby.signal and primary_conninfo).
    const replicaDir = join(root, 'replica');
    create(clusters.replica, replicaPort, replicaDir);
    rmSync(replicaDir, { recursive: true, force: true });
    asPostgres(join(POSTGRES_LIB, version, 'bin', 'pg_basebackup'), [
      '--host=127.0.0.1',
      `--port=${primaryPort}`,
      '--username=postgres',
      `--pgdata=${replicaDir}`,
      '--wal-method=stream',
      '--write-recovery-conf',
      '--checkpoint=fast',
      '--no-sync',
    ]);
    start(clusters.replica);
    const replica = await connect(replicaPort);
    const recovering = await replica.query<{ r: boolean }>('select pg_is_in_recovery() as r');
    if (!recovering.rows[0]?.r) throw new Error('the replica is not a standby');

    const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    return {
      primaryUrl: (database) => url(primaryPort, database),
      replicaUrl: (database) => url(replicaPort, database),
      onPrimary: (query) => primary.query(query),
      onReplica: (query) => replica.query(query),
      async caughtUp(timeoutMs = 60_000) {
        const target = (await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]
          ?.lsn;
        const until = Date.now() + timeoutMs;
        for (;;) {
          const done = await replica.query<{ done: boolean }>(
            `select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn as done`,
          );
          if (done.rows[0]?.done) return;
          if (Date.now() > until) throw new Error(`the replica did not replay up to ${target} in ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async close() {
        for (const client of clients) await client.end().catch(() => {});
        dropAll();
      },
    };
  } catch (error) {
    for (const client of clients) await client.end().catch(() => {});
    dropAll();
    const stderr = (error as { stderr?: string }).stderr;
    throw stderr ? new Error(`${(error as Error).message}\n${stderr}`) : error;
  }
}
