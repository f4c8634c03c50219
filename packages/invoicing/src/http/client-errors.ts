import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

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
    const body = JSON.stringify({ error: { type: 'invalid_request_error', code, message } });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'cache-control: no-store',
      ...Object.entries(extraHeaders()).map(([name, value]) => `${name}: ${value}`),
      'connection: close',
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}
