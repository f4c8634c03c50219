/** Reading the Cookie header and writing Set-Cookie values (RFC 6265), without a dependency. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // The first cookie of a name wins, as browsers send the most specific path first.
    if (!cookies.has(name)) {
      try {
        cookies.set(name, decodeURIComponent(value));
      } catch {
        // A value that is not valid percent-encoding is not one of ours: ignore it.
      }
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, `SameSite=${options.sameSite}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * A cookie name for the page context: the `__Host-` prefix (only this host, path /, Secure) when
 * the cookie is Secure, which browsers require for that prefix.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}
