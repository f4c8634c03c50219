/**
 * Reading configuration from environment variables. Every reader validates its variable and
 * throws a ConfigError whose message names the variable, so a service can stop at start-up with
 * one line that says what to fix.
 */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`invalid environment variable ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function envString(env: Env, name: string, fallback: string): string {
  return raw(env, name) ?? fallback;
}

export function envOptionalString(env: Env, name: string): string | undefined {
  return raw(env, name);
}

export function envInteger(env: Env, name: string, fallback: number, bounds: { min: number; max: number }): number {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) {
    throw new ConfigError(name, `expected a whole number from ${bounds.min} to ${bounds.max}, got "${value}"`);
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < bounds.min || n > bounds.max) {
    throw new ConfigError(name, `expected a whole number from ${bounds.min} to ${bounds.max}, got "${value}"`);
  }
  return n;
}

export function envPort(env: Env, name: string, fallback: number): number {
  return envInteger(env, name, fallback, { min: 0, max: 65535 });
}

export function envBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new ConfigError(name, `expected true or false, got "${value}"`);
}

export function envChoice<T extends string>(env: Env, name: string, fallback: T, choices: readonly T[]): T {
  const value = raw(env, name);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new ConfigError(name, `expected one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** A PostgreSQL connection URL, checked for its scheme; undefined when unset. */
export function envPostgresUrl(env: Env, name: string): string | undefined {
  const value = raw(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, 'expected a URL such as postgres://user@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(name, `expected a postgres:// URL, got the scheme "${url.protocol}"`);
  }
  return value;
}
