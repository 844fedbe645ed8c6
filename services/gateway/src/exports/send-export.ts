/**
 * How every export answers: a download (content-disposition attachment with the file's name)
 * whose body is a Readable over the export's chunks, so Fastify writes each chunk as it is
 * made and the whole file never sits in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type ExportFormat = 'csv' | 'geojson';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

/** A file name's characters kept as they are; anything else becomes '-'. */
export function exportFileName(parts: ReadonlyArray<string | number>, format: ExportFormat): string {
  const base = parts
    .map((part) =>
      String(part)
        .replace(/[^A-Za-z0-9_.]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  return `${base}.${format}`;
}

export function sendExport(reply: FastifyReply, format: ExportFormat, fileName: string, chunks: AsyncIterable<string>): FastifyReply {
  return sendDownload(reply, CONTENT_TYPES[format], fileName, Readable.from(chunks));
}

/** A download's body: a stream, or the bytes a CPU pool thread made. */
export type DownloadBody = Readable | Uint8Array;

/** The body as Fastify sends it as it is: a stream, or a Buffer over the same bytes (no copy). */
export function bodyOf(body: DownloadBody): Readable | Buffer {
  return body instanceof Readable || Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** A download of any type; the reply is untyped: Fastify sends a stream or bytes as they are, without serializing them. */
export function sendDownload(reply: FastifyReply, contentType: string, fileName: string, body: DownloadBody): FastifyReply {
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(bodyOf(body));
}
