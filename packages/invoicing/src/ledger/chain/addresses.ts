import { createHash } from 'node:crypto';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { AccountKey } from '../ledger.js';
import { descriptorChecksum } from './descriptor-checksum.js';
import { ALL_FORMATS, describeFormat, type NetworkFormat } from './networks.js';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);

/** The native SegWit (P2WPKH) address of a 20-byte public key hash. */
export function segwitV0Address(format: NetworkFormat, keyHash: Uint8Array): string {
  return bech32.encode(format.bech32, [0, ...bech32.toWords(keyHash)]);
}

/**
 * Null for an address a wallet on this network can pay, otherwise what is wrong: SegWit
 * (bech32 for version 0, bech32m for later versions) or base58 with a checksum.
 */
export function validateChainAddress(format: NetworkFormat, address: string): string | null {
  const name = describeFormat(format);
  const lower = address.toLowerCase();
  if (lower.startsWith(`${format.bech32}1`)) {
    if (address !== lower && address !== address.toUpperCase())
      return 'a bech32 address is all lower or all upper case';
    let decoded: { prefix: string; words: number[] } | undefined;
    let variant: 'bech32' | 'bech32m' = 'bech32';
    try {
      decoded = bech32.decode(lower as `${string}1${string}`, 90);
    } catch {
      try {
        decoded = bech32m.decode(lower as `${string}1${string}`, 90);
        variant = 'bech32m';
      } catch {
        return 'the address checksum is wrong (mistyped address?)';
      }
    }
    const [version, ...rest] = decoded.words;
    if (version === undefined || version > 16) return 'unknown SegWit version';
    if ((version === 0) !== (variant === 'bech32')) return 'the address checksum is wrong (mistyped address?)';
    const program = bech32.fromWords(rest);
    if (version === 0 && program.length !== 20 && program.length !== 32)
      return 'a SegWit v0 program has 20 or 32 bytes';
    if (program.length < 2 || program.length > 40) return 'a SegWit program has 2 to 40 bytes';
    return null;
  }
  for (const other of ALL_FORMATS) {
    if (other !== format && other.bech32 !== format.bech32 && lower.startsWith(`${other.bech32}1`)) {
      return `this is a ${describeFormat(other)} address, not ${name}`;
    }
  }
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch {
    try {
      base58.decode(address);
      return 'the address checksum is wrong (mistyped address?)';
    } catch {
      return `not a ${name} address (expected ${format.bech32}1… or a base58 address)`;
    }
  }
  if (bytes.length !== 21) return `not a ${name} address`;
  if (!format.base58Versions.includes(bytes[0]!)) return `this address is not for ${name}`;
  return null;
}

const RECEIVING_DESCRIPTOR = /^wpkh\((\[[0-9a-fA-F]{8}(?:\/\d+['hH]?)*\])?([1-9A-HJ-NP-Za-km-z]{100,120})\/0\/\*\)$/;

/**
 * Reads a merchant's account key: an extended public key of the account (BIP 32: `xpub`, `zpub`,
 * Litecoin's `Ltub`, test networks' `tpub`/`vpub`/`ttub`), or an output descriptor
 * `wpkh(<key>/0/*)` with an optional key origin and checksum. Addresses are the native SegWit
 * addresses of the receiving chain `<key>/0/i`. Returns what is wrong as a string.
 */
export function parseAccountKey(format: NetworkFormat, text: string): AccountKey | string {
  const name = describeFormat(format);
  let input = text.trim();
  let key: string;
  let origin = '';
  if (input.includes('(')) {
    const hash = input.indexOf('#');
    if (hash >= 0) {
      const given = input.slice(hash + 1);
      input = input.slice(0, hash);
      if (descriptorChecksum(input) !== given) return 'the descriptor checksum is wrong (mistyped descriptor?)';
    }
    if (!input.startsWith('wpkh(')) {
      return 'only native SegWit descriptors wpkh(<xpub>/0/*) are supported (not pkh, sh, wsh or tr)';
    }
    const match = RECEIVING_DESCRIPTOR.exec(input);
    if (!match) return 'expected wpkh(<extended public key>/0/*), optionally with a key origin [fingerprint/path]';
    origin = match[1] ?? '';
    key = match[2]!;
  } else key = input;

  let payload: Uint8Array;
  try {
    payload = base58check.decode(key);
  } catch {
    return 'not an extended public key (its base58 checksum is wrong: mistyped?)';
  }
  if (payload.length !== 78) return 'not an extended public key (wrong length)';
  const version = new DataView(payload.buffer, payload.byteOffset).getUint32(0);
  if (ALL_FORMATS.some((f) => f.extendedPrivate.includes(version))) {
    return 'this is an extended private key; give the extended public key (the service never holds a private key)';
  }
  if (!Object.values(format.extendedPublic).includes(version)) {
    const other = ALL_FORMATS.find((f) => Object.values(f.extendedPublic).includes(version));
    return other
      ? `this extended public key is for another network (${describeFormat(other)} keys), not ${name}`
      : 'unknown extended public key version';
  }
  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(key, { public: version, private: format.extendedPrivate[0]! });
  } catch (error) {
    return `not a valid extended public key (${(error as Error).message})`;
  }
  const receiving = account.deriveChild(0);
  const body = `wpkh(${origin}${key}/0/*)`;
  return {
    descriptor: `${body}#${descriptorChecksum(body)}`,
    addressAt(index: number) {
      const child = receiving.deriveChild(index);
      return segwitV0Address(format, child.identifier!);
    },
  };
}
