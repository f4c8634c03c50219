/**
 * Text references a person types or copies (order references, simulated addresses) use an
 * alphabet without look-alike characters (no I, L, O, U; Crockford's base 32) and end with a check
 * character computed by the Luhn mod N algorithm, which catches every single wrong character and
 * most swaps of two neighbours.
 */
export const UNAMBIGUOUS_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = UNAMBIGUOUS_ALPHABET.length;

function codePoint(character: string): number {
  return UNAMBIGUOUS_ALPHABET.indexOf(character);
}

/** The check character for `body` (which must use the alphabet), or undefined when it does not. */
export function checkCharacter(body: string): string | undefined {
  let factor = 2;
  let sum = 0;
  for (let i = body.length - 1; i >= 0; i--) {
    const cp = codePoint(body[i]!);
    if (cp < 0) return undefined;
    let addend = factor * cp;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return UNAMBIGUOUS_ALPHABET[(N - (sum % N)) % N];
}

/** True when the last character of `text` is the check character of the rest. */
export function hasValidCheckCharacter(text: string): boolean {
  if (text.length < 2) return false;
  return checkCharacter(text.slice(0, -1)) === text.slice(-1);
}

/** `length` random characters of the alphabet (32 symbols: 5 bits each, no modulo bias). */
export function randomUnambiguous(length: number, randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += UNAMBIGUOUS_ALPHABET[byte & 31];
  return out;
}
