import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Screenshots of a test run go to packages/invoicing/artifacts/ (ignored by git). */
export const artifactsDir = fileURLToPath(new URL('../../artifacts/', import.meta.url));

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = `${artifactsDir}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
