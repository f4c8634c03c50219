/**
 * pywikibot's source tree, which neither Debian nor a registry reachable here packages: the
 * tarball in the shared `clients` folder beside the repository, unpacked once into the system's
 * temp folder (keyed by the tarball's name), with the Debian packages it needs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensurePythonModules } from './debian-packages.js';

const run = promisify(execFile);
const clientsDir = fileURLToPath(new URL('../../../../../shared/clients/', import.meta.url));

/** The folder holding the `pywikibot` package, ready to be put on Python's path. */
export async function pywikibotSource(): Promise<string> {
  const tarball = existsSync(clientsDir)
    ? readdirSync(clientsDir).find((f) => /^pywikibot-.*\.tar\.gz$/.test(f))
    : undefined;
  if (!tarball)
    throw new Error('the pywikibot source (../shared/clients/pywikibot-*.tar.gz beside the repository) is missing');
  await ensurePythonModules({
    requests: 'python3-requests',
    mwparserfromhell: 'python3-mwparserfromhell',
    packaging: 'python3-packaging',
  });
  const target = join(tmpdir(), tarball.replace(/\.tar\.gz$/, ''));
  if (!existsSync(join(target, 'pywikibot', 'pywikibot', '__init__.py'))) {
    // Unpacked beside and renamed into place, so that parallel test files never see half a tree.
    const unpacking = mkdtempSync(join(tmpdir(), 'pywikibot-unpacking-'));
    await run('tar', ['xzf', join(clientsDir, tarball), '-C', unpacking], { timeout: 120_000 });
    try {
      renameSync(unpacking, target);
    } catch {
      rmSync(unpacking, { recursive: true, force: true }); // another test file was first
    }
  }
  return join(target, 'pywikibot');
}
