/**
 * Errors Node's HTTP parser raises on a connection before any request exists for a route to
 * answer: a body cut short by a client that closes its side, headers over Node's limit, a request
 * that does not arrive in time. build.ts passes this as Fastify's `clientErrorHandler`, so these
 * answer the one error shape within its bound too, in place of Fastify's own body.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { codeOfStatus, fittedErrorBody } from './error-body.js';

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_INVALID_EOF_STATE: { status: 400, message: 'The connection closed before the request was complete' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are larger than the server accepts' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time' },
};
const NOT_HTTP = { status: 400, message: 'The request is not valid HTTP/1.1' };

export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code] ?? NOT_HTTP;
  this.log.debug({ code: error.code, status }, 'client error before a request');
  if (socket.writable) {
    const body = JSON.stringify(fittedErrorBody({ code: codeOfStatus(status), message }));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
