/**
 * IP addresses in user names and titles, written the one way MediaWiki stores them: IPv4 without
 * leading zeros in its octets, IPv6 in upper case with every group present and without leading
 * zeros (`2001:DB8:0:0:0:0:0:1`), a range keeping its `/bits` suffix. Anything else is returned
 * unchanged, so edits and user pages of one address are found whatever form it was typed in.
 */

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|0?\d?\d)(?:\/(?:3[0-2]|[12]?\d))?$/;
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;

export function isIPv4(text: string): boolean {
  return IPV4.test(text);
}

/** The eight groups of an IPv6 address (without a range suffix), or undefined when it is not one. */
function ipv6Groups(address: string): string[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] === '' ? [] : halves[0]!.split(':');
  const tail = halves.length === 2 ? (halves[1] === '' ? [] : halves[1]!.split(':')) : [];
  if (![...head, ...tail].every((g) => IPV6_GROUP.test(g))) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return undefined;
  return [...head, ...Array<string>(missing).fill('0'), ...tail];
}

export function isIPv6(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  if (extra !== undefined) return false;
  if (bits !== undefined && !/^(?:12[0-8]|1[01]\d|[1-9]?\d)$/.test(bits)) return false;
  return ipv6Groups(address!) !== undefined;
}

export function isIPAddress(text: string): boolean {
  return isIPv4(text) || isIPv6(text);
}

/** The canonical form of an IP address or range; other text unchanged (only trimmed of spaces). */
export function sanitizeIP(text: string): string {
  const ip = text.trim();
  if (ip === '') return text;
  if (isIPv4(ip)) {
    const [address, bits] = ip.split('/');
    const octets = address!.split('.').map((o) => String(Number.parseInt(o, 10)));
    return octets.join('.') + (bits !== undefined ? `/${bits}` : '');
  }
  if (isIPv6(ip)) {
    const [address, bits] = ip.split('/');
    const groups = ipv6Groups(address!)!.map((g) => Number.parseInt(g, 16).toString(16).toUpperCase());
    return groups.join(':') + (bits !== undefined ? `/${bits}` : '');
  }
  return text;
}

/** An address or CIDR range as the bounds MediaWiki stores in `ipb_range_start`/`ipb_range_end`. */
export interface HexRange {
  version: 4 | 6;
  /** The prefix length (32 or 128 for a single address). */
  bits: number;
  /** Upper-case hex: 8 digits for IPv4, `v6-` and 32 digits for IPv6. */
  start: string;
  end: string;
}

/** The hex bounds of an IP address or range, or undefined when the text is neither. */
export function ipRangeHex(text: string): HexRange | undefined {
  const ip = text.trim();
  const v4 = isIPv4(ip);
  if (!v4 && !isIPv6(ip)) return undefined;
  const [address, suffix] = ip.split('/') as [string, string | undefined];
  const width = v4 ? 32 : 128;
  const bits = suffix === undefined ? width : Number(suffix);
  const value = v4
    ? address.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number.parseInt(octet, 10)), 0n)
    : (ipv6Groups(address) as string[]).reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
  const hostMask = (1n << BigInt(width - bits)) - 1n;
  const digits = width / 4;
  const hex = (n: bigint) => (v4 ? '' : 'v6-') + n.toString(16).toUpperCase().padStart(digits, '0');
  return { version: v4 ? 4 : 6, bits, start: hex(value & ~hostMask), end: hex(value | hostMask) };
}

/** An address from its stored hex form (`C0000205` → `192.0.2.5`); empty text is `0.0.0.0`, as MediaWiki shows it. */
export function hexToIP(hex: string): string {
  if (hex.startsWith('v6-')) {
    const digits = hex.slice(3).padStart(32, '0');
    const groups: string[] = [];
    for (let i = 0; i < 32; i += 4)
      groups.push(
        Number.parseInt(digits.slice(i, i + 4), 16)
          .toString(16)
          .toUpperCase(),
      );
    return groups.join(':');
  }
  const digits = hex.padStart(8, '0');
  const octets: number[] = [];
  for (let i = 0; i < 8; i += 2) octets.push(Number.parseInt(digits.slice(i, i + 2), 16) || 0);
  return octets.join('.');
}
