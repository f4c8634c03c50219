/**
 * Sends a fuzzed request to a served api.php over real HTTP: a GET with a percent-encoded query
 * string, or a POST of an urlencoded or a multipart body, the values' bytes as generated.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { FuzzAnswer } from './answer-check.js';
import type { FuzzRequest } from './request-generator.js';

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

function percentEncode(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function queryString(params: readonly [string, Buffer][]): string {
  return params.map(([name, value]) => `${percentEncode(Buffer.from(name))}=${percentEncode(value)}`).join('&');
}

function multipartBody(params: readonly [string, Buffer][], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of params) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), value);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** How a request goes on the wire: method, path and query, headers and body. */
export function wireForm(request: FuzzRequest, path: string) {
  if (request.transport === 'get') {
    return { method: 'GET', url: `${path}?${queryString(request.params)}`, headers: {}, body: undefined };
  }
  if (request.transport === 'urlencoded') {
    return {
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(queryString(request.params)),
    };
  }
  const boundary = 'fuzzboundary7d1e4c';
  return {
    method: 'POST',
    url: path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: multipartBody(request.params, boundary),
  };
}

export class HttpTarget {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 16 });
  private readonly base: URL;

  /** `apiUrl`: the api.php address, as `http://127.0.0.1:8080/api.php`. */
  constructor(apiUrl: string) {
    this.base = new URL(apiUrl);
  }

  send(request: FuzzRequest, timeoutMs = 60_000): Promise<FuzzAnswer> {
    const wire = wireForm(request, this.base.pathname);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          // Node's server refuses a request head over 16 KB (431) and closes the connection while the
          // head may still be on its way: such a request gets a connection of its own.
          agent: wire.url.length > 8192 ? false : this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method: wire.method,
          path: wire.url,
          headers: { ...wire.headers, 'content-length': String(wire.body?.length ?? 0) },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - started,
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(wire.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
