/**
 * `wiki follow <api.php>` in a process of its own, as it runs beside `wiki serve`, logged in as
 * the given account (its password handed over in WIKI_SOURCE_PASSWORD, as no process list shows
 * the environment); what it logs goes to `onOutput`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));

export interface FollowerProcessOptions {
  api: string;
  /** `--interval` as the command takes it (`1s`). */
  interval: string;
  login: { user: string; password: string };
  /** The store's settings (WIKI_DATA_DIR, WIKI_DATABASE_URL). */
  env: Record<string, string>;
  onOutput(chunk: string): void;
}

export function spawnFollower(options: FollowerProcessOptions): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      CLI,
      'follow',
      options.api,
      '--interval',
      options.interval,
      '--login',
      options.login.user,
    ],
    {
      env: { ...process.env, ...options.env, WIKI_SOURCE_PASSWORD: options.login.password, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => options.onOutput(chunk));
  return child;
}
