/**
 * An api.php answer as it goes to the socket: status, headers, cookies and the body's bytes. Made
 * where the answer was made (the event loop, or a request thread, which hands it over as it is).
 */
import { acceptsGzip, GZIP_MIN_BYTES, gzipWhole } from './gzip.js';
import type { ApiResponse } from './main.js';

export interface SentAnswer {
  status: number;
  headers: Record<string, string>;
  cookies?: readonly string[];
  /** The body in one part or several, which the socket sends one after another. */
  parts: Buffer[];
}

/**
 * The answer to send: its body in UTF-8, or gzip-compressed when the client accepts gzip and the
 * answer is large enough to gain from it. An answer holding prepared texts gives its gzip form
 * from pieces compressed once (see `gzip.ts`); another is compressed whole. Sets the answer's
 * `Content-Encoding` and `Vary` headers.
 */
export function sentAnswer(response: ApiResponse, acceptEncoding: string | string[] | undefined): SentAnswer {
  const headers = response.headers;
  headers.vary = headers.vary ? `Accept-Encoding, ${headers.vary}` : 'Accept-Encoding';
  const sent = (parts: Buffer[]): SentAnswer => ({
    status: response.status,
    headers,
    cookies: response.cookies,
    parts,
  });
  const gzip = acceptsGzip(acceptEncoding);
  // Prepared texts are long and their pieces are made once: such an answer is always worth it.
  if (gzip && response.gzipParts) {
    headers['content-encoding'] = 'gzip';
    return sent(response.gzipParts());
  }
  // A string would be measured and then encoded, two passes over it.
  const parts = response.encodedParts ? response.encodedParts() : [Buffer.from(response.body)];
  if (!gzip) return sent(parts);
  let length = 0;
  for (const part of parts) length += part.length;
  if (length < GZIP_MIN_BYTES) return sent(parts);
  headers['content-encoding'] = 'gzip';
  return sent([gzipWhole(parts)]);
}
