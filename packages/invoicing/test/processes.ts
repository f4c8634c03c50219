import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestEngine } from '@svc/common/testing';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = join(ROOT, 'packages/invoicing/src/cli.ts');

export interface ServiceEnvironment {
  env: Record<string, string>;
  dataDir: string;
  dispose(): Promise<void>;
}

/** A data directory and a fresh database on the engine, as environment variables for the real service. */
export async function createServiceEnvironment(engine: TestEngine): Promise<ServiceEnvironment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'invoicing-proc-'));
  const env: Record<string, string> = {
    INVOICING_DATA_DIR: dataDir,
    INVOICING_PORT: '0',
    LOG_LEVEL: 'silent',
    INVOICING_RATE_LIMIT_CREATE_PER_MIN: '0',
    INVOICING_RATE_LIMIT_READ_PER_MIN: '0',
    INVOICING_WATCH_INTERVAL_MS: '50',
  };
  let disposeDatabase = async () => {};
  if (engine.name === 'postgres') {
    const created = await engine.createTarget();
    if (created.target.engine !== 'postgres') throw new Error('expected a PostgreSQL target');
    const url = new URL(created.target.url);
    url.searchParams.set('options', `-c search_path=${created.target.schema}`);
    env.DATABASE_URL = url.toString();
    disposeDatabase = created.dispose;
  }
  return {
    env,
    dataDir,
    async dispose() {
      await disposeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, NODE_ENV: 'test', ...extra };
}

/** Runs one CLI command to completion. */
export function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningService {
  child: ChildProcess;
  url: string;
}

/** Starts `serve` and resolves with its URL once it listens. */
export function startService(env: Record<string, string>): Promise<RunningService> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CLI, 'serve'], {
      cwd: ROOT,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (data: Buffer) => {
      output += data;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the service exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Creates `count` invoices through the running service's API, each with `body`; returns their JSON. */
export async function createInvoices<T>(
  url: string,
  key: string,
  count: number,
  body: Record<string, unknown> = { amount_coin: 1000, expires_min: 60 },
): Promise<T[]> {
  const created: T[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`POST /api/invoices answered ${response.status}: ${await response.text()}`);
    created.push((await response.json()) as T);
  }
  return created;
}
