/**
 * The stored form of a prebuilt JSON document (region documents, density layers, facility list
 * bodies): gzip bytes the API sends as they are, and a strong ETag of the JSON
 * (docs/data-model.md, 'Cache layout').
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export interface EncodedDocument {
  /** Size of the JSON in bytes. */
  rawBytes: number;
  gzip: Buffer;
  /** Strong ETag (quoted): sha-256 of the JSON, base64url, 32 characters. It changes with every version, since the document names it. */
  etag: string;
}

/** Level 9 for the region documents and density layers: a few per version, served many times, so the smallest bytes win. */
export const DOCUMENT_GZIP_LEVEL = 9;

/**
 * Level 3 for the facility list bodies: a rebuild writes one per county and state, so the time
 * to compress them matters as much as their size (bench/rebuild-dataset.ts reports both).
 */
export const RESPONSE_GZIP_LEVEL = 3;

async function encodeJson(value: unknown, level: number): Promise<EncodedDocument> {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { rawBytes: json.length, gzip: await gzipAsync(json, { level }), etag };
}

/** A region document or density layer, at DOCUMENT_GZIP_LEVEL. */
export function encodeStoredDocument(document: object): Promise<EncodedDocument> {
  return encodeJson(document, DOCUMENT_GZIP_LEVEL);
}

/** A facility list response body, at RESPONSE_GZIP_LEVEL. */
export function encodeResponseBody(body: unknown): Promise<EncodedDocument> {
  return encodeJson(body, RESPONSE_GZIP_LEVEL);
}

/** What a rebuild reports of a stored document. */
export interface StoredDocumentSize {
  rawBytes: number;
  gzipBytes: number;
  etag: string;
}

export const storedSize = (encoded: EncodedDocument): StoredDocumentSize => ({
  rawBytes: encoded.rawBytes,
  gzipBytes: encoded.gzip.length,
  etag: encoded.etag,
});
