/**
 * A real MediaWiki 1.39 holding the reference wiki, for tests that compare our answers with
 * MediaWiki's live. It comes from the shared tools beside the repository
 * (`../shared/tools/mediawiki/setup.sh DIR`, which installs Debian's MediaWiki when missing and
 * lays out the wiki in DIR; `DIR/start.sh`, `DIR/stop.sh`).
 *
 * - `referenceMediaWikiTools()`: where the shared tools are, or undefined when they are not there.
 * - `setUpReferenceMediaWiki(dir)`: lays out the wiki in `dir` unless it is there already.
 * - `startReferenceMediaWiki({ dir?, port?, reset? })`: starts it on a free (or the given) port on
 *   127.0.0.1; without `dir` (or REFERENCE_MEDIAWIKI_DIR) in a folder of its own, removed again by
 *   `stop()`; REFERENCE_MEDIAWIKI_PORT chooses the port.
 * - `reset()` restores the recorded state (after edits, bot passwords, logins that changed it);
 *   `maintenance(script, ...args)` runs one of MediaWiki's maintenance scripts against it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withAptLock } from './debian-packages.js';

const run = promisify(execFile);

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The shared MediaWiki tools (`setup.sh`, ...), when the `shared` folder lies beside the repository. */
export function referenceMediaWikiTools(): string | undefined {
  const dir = join(repositoryRoot, '..', 'shared', 'tools', 'mediawiki');
  return existsSync(join(dir, 'setup.sh')) ? dir : undefined;
}

/** Lays out the reference MediaWiki in `dir` (installing MediaWiki when needed) unless it is there. */
export async function setUpReferenceMediaWiki(dir: string): Promise<void> {
  if (existsSync(join(dir, 'start.sh')) && existsSync(join(dir, 'snapshot'))) return;
  const tools = referenceMediaWikiTools();
  if (!tools)
    throw new Error('the shared MediaWiki tools (../shared/tools/mediawiki beside the repository) are missing');
  // Installing Debian's packages can take minutes on a fresh machine; other test files may be
  // installing theirs at the same time.
  await withAptLock(() => run('bash', [join(tools, 'setup.sh'), dir], { timeout: 900_000, maxBuffer: 16 << 20 }));
}

/** A port nobody listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export interface ReferenceMediaWiki {
  dir: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `http://127.0.0.1:<port>/api.php` */
  apiUrl: string;
  /** Restores the recorded state (stops, restores, starts again on the same port). */
  reset(): Promise<void>;
  /** Runs a maintenance script (`createBotPassword.php`, `runJobs.php`, ...) and gives its output. */
  maintenance(script: string, ...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where the wiki is laid out (set up when missing); default a folder of its own, removed at stop. */
  dir?: string;
  port?: number;
  /** Restore the recorded state first (a reused `dir` may hold an earlier run's changes). */
  reset?: boolean;
}

export async function startReferenceMediaWiki(options: StartOptions = {}): Promise<ReferenceMediaWiki> {
  // REFERENCE_MEDIAWIKI_DIR names a wiki folder to reuse (it is reset to the recorded state first
  // when `reset` is asked), REFERENCE_MEDIAWIKI_PORT its port: a machine shared by several test
  // runs gives each its own.
  const reuse = options.dir ?? process.env.REFERENCE_MEDIAWIKI_DIR;
  const own = reuse === undefined;
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'reference-mediawiki-'));
  try {
    await setUpReferenceMediaWiki(dir);
  } catch (error) {
    if (own) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = options.port ?? (Number(process.env.REFERENCE_MEDIAWIKI_PORT) || (await freePort()));
  const start = (reset: boolean) =>
    run(join(dir, 'start.sh'), ['--port', String(port), ...(reset ? ['--reset'] : [])], { timeout: 60_000 });
  const stop = () => run(join(dir, 'stop.sh'), [], { timeout: 30_000 });
  await start(options.reset === true);
  const origin = `http://127.0.0.1:${port}`;
  return {
    dir,
    port,
    origin,
    apiUrl: `${origin}/api.php`,
    async reset() {
      await stop();
      await start(true);
    },
    async maintenance(script, ...args) {
      const { stdout } = await run(join(dir, 'mw.sh'), [script, ...args], { timeout: 300_000 });
      return stdout;
    },
    async stop() {
      await stop();
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * MediaWiki started from its recorded state for a test file that compares with it live, or the
 * reason it cannot run here (the tools missing, no root to set it up, a failed start): the file's
 * tests are then skipped with that reason.
 */
export async function startLiveMediaWiki(): Promise<{ mediawiki?: ReferenceMediaWiki; skipReason?: string }> {
  if (!referenceMediaWikiTools())
    return { skipReason: 'the shared MediaWiki tools (../shared/tools/mediawiki) are not beside the repository' };
  if (process.getuid?.() !== 0 && !process.env.REFERENCE_MEDIAWIKI_DIR)
    return { skipReason: 'setting up MediaWiki needs root (apt-get), or REFERENCE_MEDIAWIKI_DIR naming a set-up wiki' };
  try {
    return { mediawiki: await startReferenceMediaWiki({ reset: true }) };
  } catch (error) {
    return { skipReason: `MediaWiki could not be started: ${(error as Error).message.split('\n')[0]}` };
  }
}
