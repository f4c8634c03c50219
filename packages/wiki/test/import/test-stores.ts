import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { TestEngine } from '@svc/common/testing';
import { openWikiStore, type WikiStore } from '../../src/store/database.js';

/**
 * For a suite of import tests: a scratch folder and fresh stores on the suite's engine, all
 * removed after the suite.
 */
export function importTestStores(
  engine: TestEngine,
  prefix: string,
): { dir: string; freshStore(): Promise<WikiStore> } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const disposers: Array<() => Promise<void>> = [];
  after(async () => {
    for (const dispose of disposers) await dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    async freshStore() {
      const { target, dispose } = await engine.createTarget();
      const store = await openWikiStore(target);
      disposers.push(async () => {
        await store.close();
        await dispose();
      });
      return store;
    },
  };
}
