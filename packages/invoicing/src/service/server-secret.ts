import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_FILE_NAME = 'server-secret';

/**
 * The key of the API key hashes. From INVOICING_SECRET when set (required when several
 * instances share a database); otherwise generated once into `<data dir>/server-secret`, readable
 * by the owner only. Losing it invalidates every API key, so it belongs in backups.
 */
export function loadServerSecret(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return Buffer.from(configured, 'utf8');
  const file = join(dataDir, SECRET_FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first secret.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`the secret file ${file} is damaged (shorter than 32 characters)`);
  return Buffer.from(text, 'utf8');
}
