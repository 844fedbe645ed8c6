/**
 * Sends a JSON document the workers prebuilt and stored gzipped (region documents, density
 * layers, facility lists) without parsing or serializing it: the gzip bytes to a client that
 * accepts gzip, else decompressed under the weak form of the ETag (the same document in another
 * encoding). `no-cache` makes a browser revalidate, and a matching If-None-Match (strong or
 * weak) gets 304 while the dataset version is unchanged. Fastify sends a Buffer as it is,
 * without the response schema's serializer.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { CachedDocument } from '@ust/read-model';

const gunzipAsync = promisify(gunzip);

/** The 304 response of a route that sends stored documents. */
export const NotModified = Type.Null({ description: 'Not modified: the If-None-Match ETag is current' });

export async function sendStoredDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: CachedDocument,
  contentType = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  reply
    .header('etag', gzip ? document.etag : `W/${document.etag}`)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type(contentType);
  const presented = String(request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (presented.includes(document.etag)) return reply.status(304).send(null);
  if (gzip) return reply.header('content-encoding', 'gzip').send(document.gzip);
  return reply.send(await gunzipAsync(document.gzip));
}
