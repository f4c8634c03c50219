import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's chromium; the browser tests drive it through playwright-core. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Installs Debian's chromium package when it is missing (the machines run as root with apt).
 * Concurrent test files may call this at once, so the install runs under a lock file.
 */
export function ensureChromium(): string {
  if (existsSync(chromiumPath)) return chromiumPath;
  const run = (command: string) => execFileSync('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  run(
    'flock /tmp/invoicing-chromium-install.lock sh -c ' +
      `'test -x ${chromiumPath} || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)'`,
  );
  if (!existsSync(chromiumPath)) throw new Error(`chromium is still missing at ${chromiumPath} after apt-get install`);
  return chromiumPath;
}

/** Flags for a quiet, isolated headless run that makes no request of its own to any other site. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts chromium with a fresh user-data directory that is removed again on close. */
export async function launchTestBrowser(options: { locale?: string } = {}): Promise<TestBrowser> {
  const executablePath = ensureChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'invoicing-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: chromiumArgs,
    locale: options.locale ?? 'en-GB',
    viewport: { width: 1280, height: 900 },
    timeout: 60_000,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** True when the page is no wider than its viewport (nothing to scroll sideways). */
export function fitsViewportWidth(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
}
