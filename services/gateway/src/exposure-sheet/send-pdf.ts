import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Streams a PDF as a download. The reply is untyped here: the route's schema documents the
 * bytes as a string, and Fastify sends a stream as it is without serializing it.
 */
export function sendPdf(reply: FastifyReply, pdf: Readable, filename: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(pdf);
}
