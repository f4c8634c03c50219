import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { invalidRequest } from '../domain/errors.js';

/**
 * Where webhooks may be sent. An endpoint URL is https and its host must not resolve to a
 * loopback, private, link-local or otherwise special address, unless the operator allows private
 * networks (which also allows plain http). The address is checked again at every connection
 * (`checkedLookup`), so a name that later resolves to an inner address (DNS rebinding) is refused.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for an address webhooks must not reach without the operator's leave. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export const MAX_URL_LENGTH = 2048;

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks an endpoint URL as given by a merchant; returns it normalised or throws a 400 naming the problem. */
export async function checkEndpointUrl(text: unknown, allowPrivate: boolean): Promise<string> {
  if (typeof text !== 'string' || text.trim() === '') {
    throw invalidRequest('url_invalid', 'url must be an absolute https URL, such as https://shop.example/hooks', 'url');
  }
  if (text.length > MAX_URL_LENGTH) {
    throw invalidRequest('url_invalid', `url must be at most ${MAX_URL_LENGTH} characters`, 'url');
  }
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw invalidRequest('url_invalid', `url is not a valid absolute URL: ${text.trim().slice(0, 100)}`, 'url');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw invalidRequest('url_not_https', `url must use https (it uses ${url.protocol.replace(':', '')})`, 'url');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalidRequest('url_invalid', 'url must not carry a user name or password', 'url');
  }
  if (url.hash !== '') throw invalidRequest('url_invalid', 'url must not have a #fragment', 'url');
  const host = bareHost(url);
  if (!allowPrivate) {
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      try {
        addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
      } catch {
        throw invalidRequest('url_unresolvable', `the host ${host} of url could not be resolved`, 'url');
      }
    }
    const inner = addresses.find(isNonPublicAddress);
    if (inner !== undefined || addresses.length === 0) {
      throw invalidRequest(
        'url_private_address',
        `url's host ${host} resolves to ${inner ?? 'no address'}, a loopback, private or link-local address; webhooks go to public addresses only`,
        'url',
      );
    }
  }
  return url.toString();
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: any, family?: number) => void;

/** A `lookup` for http(s).request that refuses non-public addresses unless allowed. */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | LookupCallback, maybe?: LookupCallback) => {
    const callback = (typeof options === 'function' ? options : maybe)!;
    const wantsAll = typeof options === 'object' && options.all === true;
    lookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => {
        const usable = allowPrivate ? addresses : addresses.filter((a) => !isNonPublicAddress(a.address));
        if (usable.length === 0) {
          callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), undefined);
          return;
        }
        if (wantsAll) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, undefined),
    );
  };
}

/** Refuses a URL whose host is a literal non-public address (no lookup happens for those). */
export function literalAddressAllowed(url: URL, allowPrivate: boolean): boolean {
  const host = bareHost(url);
  return allowPrivate || !isIP(host) || !isNonPublicAddress(host);
}
