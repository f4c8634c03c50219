import { join, resolve } from 'node:path';
import type { DatabaseTarget } from '@svc/common';
import { envOptionalString, envPort, envPostgresUrl, envString } from '@svc/common';

export interface InvoicingConfig {
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  logLevel: string;
}

/** Reads the invoicing service's configuration; throws a ConfigError naming a bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): InvoicingConfig {
  const dataDir = resolve(envString(env, 'INVOICING_DATA_DIR', './data/invoicing'));
  const url = envPostgresUrl(env, 'DATABASE_URL');
  return {
    host: envString(env, 'INVOICING_HOST', '127.0.0.1'),
    port: envPort(env, 'INVOICING_PORT', 3000),
    dataDir,
    database: url ? { engine: 'postgres', url } : { engine: 'sqlite', file: join(dataDir, 'invoicing.sqlite') },
    logLevel: envOptionalString(env, 'LOG_LEVEL') ?? 'info',
  };
}
