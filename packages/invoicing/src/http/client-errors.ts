import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** The parts of Node's `clientError` error this answer reads. */
export interface ClientError extends Error {
  code?: string;
  reason?: string;
}

function answerFor(error: ClientError): { status: number; code: string; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'the request line and headers are larger than 16 KiB' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'the request was not received in time' };
    default: {
      const reason = error.reason ?? error.message;
      return {
        status: 400,
        code: 'malformed_request',
        message: `the request is not valid HTTP/1.1${reason ? ` (${reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 120)})` : ''}`,
      };
    }
  }
}

/** Writes an error answer straight to the socket, as HTTP/1.1, and closes the connection. */
function endWithError(
  socket: Duplex,
  status: number,
  error: { code: string; message: string },
  headers: Record<string, string>,
) {
  const body = JSON.stringify({ error: { type: 'invalid_request_error', ...error } });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Requests Node cannot parse (not HTTP, bad chunking, conflicting lengths, oversized headers)
 * never reach a route; this answers them on the socket, in the API's error shape, as an
 * HTTP/1.1 response, and closes the connection (its framing cannot be trusted any more).
 */
export function answerClientError(extraHeaders: () => Record<string, string>) {
  return (error: ClientError, socket: Socket) => {
    // A reset connection has no one left to answer; a socket already answering is left alone.
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
    const { status, code, message } = answerFor(error);
    endWithError(socket, status, { code, message }, extraHeaders());
  };
}

/**
 * The requests Node answers on its own unless told otherwise: `CONNECT` (this is no proxy) and
 * an `Expect` other than `100-continue`. Both get the API's error shape.
 */
export function answerUnservedRequests(server: Server, extraHeaders: () => Record<string, string>) {
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    endWithError(
      socket,
      405,
      { code: 'method_not_allowed', message: 'CONNECT is not served: this is not a proxy' },
      extraHeaders(),
    );
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({
      error: {
        type: 'invalid_request_error',
        code: 'expectation_failed',
        message: `Expect: ${String(request.headers.expect).slice(0, 100)} is not supported (only 100-continue)`,
      },
    });
    response.writeHead(417, {
      ...extraHeaders(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
  });
}
