import { join, resolve } from 'node:path';
import type { DatabaseTarget } from '@svc/common';
import {
  ConfigError,
  envBoolean,
  envChoice,
  envInteger,
  envOptionalString,
  envPort,
  envPostgresUrl,
  envString,
} from '@svc/common';
import { parseExactDecimal, toMinorUnits } from './domain/decimal.js';
import { EUR_DECIMALS } from './domain/money.js';
import { REFERENCE_PREFIX_PATTERN } from './domain/references.js';
import { parseRate } from './rates/rate-source.js';

export type RateConfig = { source: 'fixed'; eurPerCoin: bigint } | { source: 'ticker'; url: string; pair: string };

export type LedgerConfig =
  | { kind: 'simulated'; file: string }
  | {
      kind: 'litecoin' | 'bitcoin';
      network: 'main' | 'test' | 'regtest';
      rpc: { url: string; user?: string; password?: string; cookieFile?: string };
    };

/** The nodes' default RPC ports, per coin and network. */
const RPC_PORTS = {
  litecoin: { main: 9332, test: 19332, regtest: 19443 },
  bitcoin: { main: 8332, test: 18332, regtest: 18443 },
} as const;

export interface RateLimitConfig {
  /** Invoice creations per merchant per minute (0: unlimited). */
  createPerMinute: number;
  /** Public invoice reads per client address per minute (0: unlimited). */
  readPerMinute: number;
  /** Failed key checks per client address per minute before further attempts are refused. */
  authFailuresPerMinute: number;
}

export interface InvoicingConfig {
  host: string;
  port: number;
  /** Public address of the service; pay_url is built from it. */
  baseUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  logLevel: string;
  /** The API key hashing secret from INVOICING_SECRET; undefined means the data-dir secret file. */
  secret: string | undefined;
  referencePrefix: string;
  maxAmountEurCents: bigint;
  defaultExpiryMin: number;
  /** How long after expiry payments are still matched (and flagged late). */
  lateWindowMin: number;
  ledger: LedgerConfig;
  /** Confirmations new merchants require on a chain ledger (0, 1, 2 or 6). */
  defaultConfirmations: number;
  /** Chain ledgers: unused addresses in a row before earlier unused ones are given again. */
  gapLimit: number;
  rates: RateConfig;
  rateLimits: RateLimitConfig;
  watchIntervalMs: number;
  expiryIntervalMs: number;
  trustProxy: boolean;
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /** Allows endpoints on loopback, private and link-local addresses, and plain http. */
  allowPrivate: boolean;
  /** Longest wait for an endpoint's complete answer. */
  timeoutMs: number;
  /** How often the sender looks for due deliveries written by other instances. */
  pollIntervalMs: number;
}

type Env = Record<string, string | undefined>;

function readBaseUrl(env: Env, host: string, port: number): string {
  const value = envOptionalString(env, 'INVOICING_BASE_URL');
  if (value === undefined) {
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('INVOICING_BASE_URL', 'expected an absolute URL such as https://pay.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('INVOICING_BASE_URL', 'expected an http:// or https:// URL');
  }
  return value.replace(/\/+$/, '');
}

function readLedger(env: Env, dataDir: string): LedgerConfig {
  const kind = envChoice(env, 'INVOICING_LEDGER', 'simulated', ['simulated', 'litecoin', 'bitcoin'] as const);
  if (kind === 'simulated') {
    return {
      kind,
      file: resolve(envString(env, 'INVOICING_SIMULATED_LEDGER_FILE', join(dataDir, 'simulated-ledger.sqlite'))),
    };
  }
  const network = envChoice(env, 'INVOICING_NETWORK', 'main', ['main', 'test', 'regtest'] as const);
  const url = envString(env, 'INVOICING_RPC_URL', `http://127.0.0.1:${RPC_PORTS[kind][network]}/`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('INVOICING_RPC_URL', 'expected an absolute URL such as http://127.0.0.1:9332/');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError('INVOICING_RPC_URL', 'expected an http:// or https:// URL');
  }
  const user = envOptionalString(env, 'INVOICING_RPC_USER');
  const password = envOptionalString(env, 'INVOICING_RPC_PASSWORD');
  const cookieFile = envOptionalString(env, 'INVOICING_RPC_COOKIE_FILE');
  if (!cookieFile && !parsed.username && (user === undefined || password === undefined)) {
    throw new ConfigError(
      'INVOICING_RPC_USER',
      'the node needs a login: set INVOICING_RPC_USER and INVOICING_RPC_PASSWORD, or INVOICING_RPC_COOKIE_FILE',
    );
  }
  return { kind, network, rpc: { url, user, password, cookieFile: cookieFile ? resolve(cookieFile) : undefined } };
}

const DEFAULT_PAIRS: Record<LedgerConfig['kind'], string> = {
  simulated: 'XLMEUR',
  litecoin: 'LTCEUR',
  bitcoin: 'XBTEUR',
};

function readRates(env: Env, ledger: LedgerConfig['kind']): RateConfig {
  const source = envChoice(env, 'INVOICING_RATE_SOURCE', 'fixed', ['fixed', 'ticker'] as const);
  if (source === 'fixed') {
    const text = envString(env, 'INVOICING_FIXED_RATE', '0.25');
    const eurPerCoin = parseRate(text);
    if (eurPerCoin === undefined) {
      throw new ConfigError('INVOICING_FIXED_RATE', `expected a positive decimal (EUR per coin), got "${text}"`);
    }
    return { source, eurPerCoin };
  }
  const url = envString(env, 'INVOICING_TICKER_URL', 'https://api.kraken.com/0/public/Ticker');
  try {
    new URL(url);
  } catch {
    throw new ConfigError('INVOICING_TICKER_URL', `expected an absolute URL, got "${url}"`);
  }
  return { source, url, pair: envString(env, 'INVOICING_TICKER_PAIR', DEFAULT_PAIRS[ledger]) };
}

function readMaxAmount(env: Env): bigint {
  const text = envString(env, 'INVOICING_MAX_AMOUNT_EUR', '1000000');
  const parsed = parseExactDecimal(text);
  const cents = typeof parsed === 'string' || parsed.negative ? undefined : toMinorUnits(parsed, EUR_DECIMALS);
  if (typeof cents !== 'bigint' || cents <= 0n) {
    throw new ConfigError(
      'INVOICING_MAX_AMOUNT_EUR',
      `expected a positive amount in euro with at most 2 decimals, got "${text}"`,
    );
  }
  return cents;
}

/** Reads the invoicing service's configuration; throws a ConfigError naming a bad variable. */
export function loadConfig(env: Env = process.env): InvoicingConfig {
  const dataDir = resolve(envString(env, 'INVOICING_DATA_DIR', './data/invoicing'));
  const url = envPostgresUrl(env, 'DATABASE_URL');
  const host = envString(env, 'INVOICING_HOST', '127.0.0.1');
  const port = envPort(env, 'INVOICING_PORT', 3000);
  const secret = envOptionalString(env, 'INVOICING_SECRET');
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('INVOICING_SECRET', 'expected at least 32 characters (e.g. `openssl rand -hex 32`)');
  }
  const referencePrefix = envString(env, 'INVOICING_REFERENCE_PREFIX', 'INV');
  if (!REFERENCE_PREFIX_PATTERN.test(referencePrefix)) {
    throw new ConfigError(
      'INVOICING_REFERENCE_PREFIX',
      `expected 1 to 10 upper-case letters or digits starting with a letter, got "${referencePrefix}"`,
    );
  }
  const ledger = readLedger(env, dataDir);
  const confirmations = envString(env, 'INVOICING_CONFIRMATIONS', '1');
  if (!['0', '1', '2', '6'].includes(confirmations)) {
    throw new ConfigError('INVOICING_CONFIRMATIONS', `expected 0, 1, 2 or 6, got "${confirmations}"`);
  }
  return {
    host,
    port,
    baseUrl: readBaseUrl(env, host, port),
    dataDir,
    database: url ? { engine: 'postgres', url } : { engine: 'sqlite', file: join(dataDir, 'invoicing.sqlite') },
    logLevel: envOptionalString(env, 'LOG_LEVEL') ?? 'info',
    secret,
    referencePrefix,
    maxAmountEurCents: readMaxAmount(env),
    defaultExpiryMin: envInteger(env, 'INVOICING_DEFAULT_EXPIRY_MIN', 15, { min: 1, max: 1440 }),
    lateWindowMin: envInteger(env, 'INVOICING_LATE_WINDOW_MIN', 1440, { min: 0, max: 60 * 24 * 30 }),
    ledger,
    defaultConfirmations: Number(confirmations),
    gapLimit: envInteger(env, 'INVOICING_GAP_LIMIT', 20, { min: 1, max: 100_000 }),
    rates: readRates(env, ledger.kind),
    rateLimits: {
      createPerMinute: envInteger(env, 'INVOICING_RATE_LIMIT_CREATE_PER_MIN', 600, { min: 0, max: 10_000_000 }),
      readPerMinute: envInteger(env, 'INVOICING_RATE_LIMIT_READ_PER_MIN', 1200, { min: 0, max: 10_000_000 }),
      authFailuresPerMinute: envInteger(env, 'INVOICING_RATE_LIMIT_AUTH_FAILURES_PER_MIN', 20, {
        min: 1,
        max: 1_000_000,
      }),
    },
    watchIntervalMs: envInteger(env, 'INVOICING_WATCH_INTERVAL_MS', 1000, { min: 10, max: 600_000 }),
    expiryIntervalMs: envInteger(env, 'INVOICING_EXPIRY_INTERVAL_MS', 1000, { min: 10, max: 600_000 }),
    trustProxy: envBoolean(env, 'INVOICING_TRUST_PROXY', false),
    webhooks: {
      allowPrivate: envBoolean(env, 'INVOICING_WEBHOOK_ALLOW_PRIVATE', false),
      timeoutMs: envInteger(env, 'INVOICING_WEBHOOK_TIMEOUT_MS', 15_000, { min: 100, max: 60_000 }),
      pollIntervalMs: envInteger(env, 'INVOICING_WEBHOOK_POLL_INTERVAL_MS', 1000, { min: 10, max: 600_000 }),
    },
  };
}
