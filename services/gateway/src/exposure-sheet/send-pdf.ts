import type { FastifyReply } from 'fastify';
import { bodyOf, type DownloadBody } from '../exports/send-export.js';

/**
 * Sends a PDF as a download. The reply is untyped here: the route's schema documents the
 * bytes as a string, and Fastify sends bytes or a stream as they are without serializing them.
 */
export function sendPdf(reply: FastifyReply, pdf: DownloadBody, filename: string): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(bodyOf(pdf));
}
