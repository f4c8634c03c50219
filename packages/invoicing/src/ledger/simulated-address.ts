import { randomBytes } from 'node:crypto';
import { checkCharacter, hasValidCheckCharacter, randomUnambiguous } from '../domain/check-character.js';

/** Simulated addresses: `SIM`, 28 random characters (140 bits), one check character. */
export const SIMULATED_ADDRESS_PREFIX = 'SIM';
const BODY_LENGTH = 28;

export function newSimulatedAddress(): string {
  const body = randomUnambiguous(BODY_LENGTH, randomBytes);
  return `${SIMULATED_ADDRESS_PREFIX}${body}${checkCharacter(body)}`;
}

export function validateSimulatedAddress(address: string): string | null {
  if (!address.startsWith(SIMULATED_ADDRESS_PREFIX)) {
    return `a simulated ledger address starts with ${SIMULATED_ADDRESS_PREFIX}`;
  }
  const rest = address.slice(SIMULATED_ADDRESS_PREFIX.length);
  if (rest.length !== BODY_LENGTH + 1) {
    return `a simulated ledger address has ${SIMULATED_ADDRESS_PREFIX.length + BODY_LENGTH + 1} characters`;
  }
  if (!/^[0-9A-HJKMNP-TV-Z]+$/.test(rest)) return 'the address contains a character outside its alphabet';
  if (!hasValidCheckCharacter(rest)) return 'the address check character is wrong (mistyped address?)';
  return null;
}
