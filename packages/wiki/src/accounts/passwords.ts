/**
 * Password hashes. Accounts imported from MediaWiki keep MediaWiki's stored hashes, which verify
 * here unchanged: `:pbkdf2:<algo>:<rounds>:<bytes>:<salt>:<hash>` (salt and hash in base64),
 * the older salted MD5 form `:B:<salt>:<hex>` and the unsalted `:A:<hex>`. Passwords set here are
 * hashed with scrypt (`:scrypt:<N>:<r>:<p>:<salt>:<hash>`); the MD5 forms are too weak to keep and
 * are replaced by a scrypt hash at the next successful login (`needsRehash`).
 */
import { createHash, pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt cost for new hashes: 2^15 blocks of 8 × 128 bytes (32 MiB, tens of milliseconds). */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, saltLength: 16 };
/** Upper bounds accepted from stored hashes, so that a crafted row cannot make a login run for minutes. */
const MAX_PBKDF2_ROUNDS = 10_000_000;
const MAX_SCRYPT_N = 2 ** 20;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function equalBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

const PBKDF2_ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/** Whether `password` matches the stored hash. Unknown or malformed hashes match nothing. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const parts = stored.split(':');
  if (parts[0] !== '' || parts.length < 3) return false;
  switch (parts[1]) {
    case 'pbkdf2': {
      if (parts.length !== 7) return false;
      const [, , algorithm, roundsText, lengthText, salt, hash] = parts;
      const rounds = Number(roundsText);
      const length = Number(lengthText);
      if (!PBKDF2_ALGORITHMS.has(algorithm)) return false;
      if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_PBKDF2_ROUNDS) return false;
      if (!Number.isInteger(length) || length < 1 || length > 1024) return false;
      const expected = Buffer.from(hash, 'base64');
      const actual = await pbkdf2Async(password, Buffer.from(salt, 'base64'), rounds, length, algorithm);
      return equalBytes(actual, expected);
    }
    case 'scrypt': {
      if (parts.length !== 7) return false;
      const [, , nText, rText, pText, salt, hash] = parts;
      const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
      if (![N, r, p].every((v) => Number.isInteger(v) && v > 0) || N > MAX_SCRYPT_N || r > 32 || p > 16) return false;
      const expected = Buffer.from(hash, 'base64');
      if (expected.length === 0 || expected.length > 1024) return false;
      try {
        const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
          N,
          r,
          p,
          maxmem: 256 * N * r + 1024 * 1024,
        });
        return equalBytes(actual, expected);
      } catch {
        // Parameters scrypt refuses (N not a power of two): a hash nothing can match.
        return false;
      }
    }
    case 'B':
      if (parts.length !== 4) return false;
      return equalBytes(Buffer.from(md5(`${parts[2]}-${md5(password)}`)), Buffer.from(parts[3].toLowerCase()));
    case 'A':
      if (parts.length !== 3) return false;
      return equalBytes(Buffer.from(md5(password)), Buffer.from(parts[2].toLowerCase()));
    default:
      return false;
  }
}

/** Whether a stored hash should be replaced by a fresh one once its password is known. */
export function needsRehash(stored: string): boolean {
  return stored.startsWith(':A:') || stored.startsWith(':B:');
}

/** A new hash of `password` in this server's scheme. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = await scryptAsync(password, salt, SCRYPT.keyLength, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: 256 * SCRYPT.N * SCRYPT.r + 1024 * 1024,
  });
  return `:scrypt:${SCRYPT.N}:${SCRYPT.r}:${SCRYPT.p}:${salt.toString('base64')}:${hash.toString('base64')}`;
}
