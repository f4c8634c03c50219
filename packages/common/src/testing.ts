import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import pg from 'pg';
import { type DatabaseTarget, type Engine, type OpenDatabase, openDatabase, quoteIdentifier } from './database.js';

export interface TestEngine {
  name: Engine;
  /** Why this engine's tests are skipped, or false when they run. */
  skip: false | string;
  /** A fresh, empty database on this engine: a new SQLite file, or a new PostgreSQL schema. */
  createTarget(): Promise<{ target: DatabaseTarget; dispose(): Promise<void> }>;
}

export const postgresSkipReason = 'PostgreSQL tests skipped: TEST_DATABASE_URL is not set';

export function testEngines(): TestEngine[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return [
    {
      name: 'sqlite',
      skip: false,
      async createTarget() {
        const dir = mkdtempSync(join(tmpdir(), 'svc-test-'));
        return {
          target: { engine: 'sqlite', file: join(dir, 'test.sqlite') },
          async dispose() {
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: 'postgres',
      skip: url ? false : postgresSkipReason,
      async createTarget() {
        if (!url) throw new Error(postgresSkipReason);
        const schema = `test_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(`create schema ${quoteIdentifier(schema)}`);
        } finally {
          await admin.end();
        }
        return {
          target: { engine: 'postgres', url, schema, poolSize: 4 },
          async dispose() {
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
            } finally {
              await client.end();
            }
          },
        };
      },
    },
  ];
}

/** Declares `title [engine]` once per engine; the PostgreSQL copy is skipped without TEST_DATABASE_URL. */
export function describeEachEngine(title: string, body: (engine: TestEngine) => void) {
  for (const engine of testEngines()) {
    describe(`${title} [${engine.name}]`, { skip: engine.skip }, () => body(engine));
  }
}

/**
 * Inside a describe: opens a fresh database before its tests (after running `prepare`, e.g. the
 * migrations) and closes and removes it after them. Returns a getter for the open database.
 */
export function useTestDatabase<DB>(
  engine: TestEngine,
  prepare?: (open: OpenDatabase<DB>) => Promise<void>,
): () => OpenDatabase<DB> {
  let open: OpenDatabase<DB> | undefined;
  let dispose: (() => Promise<void>) | undefined;
  before(async () => {
    const created = await engine.createTarget();
    dispose = created.dispose;
    open = openDatabase<DB>(created.target);
    if (prepare) await prepare(open);
  });
  after(async () => {
    await open?.close();
    await dispose?.();
  });
  return () => {
    if (!open) throw new Error('the test database is not open yet');
    return open;
  };
}
export { type FunctionLength, functionLengths, overlongFunctions } from './function-lengths.js';
export { type Layers, layerViolations, roomOf, type SourceImport, sourceImports } from './import-layers.js';
