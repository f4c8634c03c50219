import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Portal passwords are stored as scrypt hashes in a self-describing string
 * `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`, so the cost can be raised later
 * while old hashes keep verifying.
 */
const defaults = { logN: 15, r: 8, p: 1, keyLength: 32 };

export const passwordRules = { min: 10, max: 200 };

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number) {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { logN, r, p, keyLength } = defaults;
  const key = await derive(password, salt, logN, r, p, keyLength);
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isSafeInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length < 16) return false;
  const key = await derive(password, salt, logN, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}

/** Why a new password is not acceptable, or undefined when it is. */
export function passwordProblem(password: string): 'short' | 'long' | undefined {
  const length = [...password].length;
  if (length < passwordRules.min) return 'short';
  if (length > passwordRules.max) return 'long';
  return undefined;
}
