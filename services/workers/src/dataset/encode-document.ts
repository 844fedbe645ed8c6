/**
 * The stored form of a prebuilt JSON document (region documents, density layers): gzip bytes
 * the API sends as they are, and a strong ETag of the JSON (docs/data-model.md, 'Cache layout').
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export interface EncodedDocument {
  /** Size of the JSON in bytes. */
  rawBytes: number;
  gzip: Buffer;
  /** Strong ETag (quoted) of the JSON: it changes with every version, since the document names it. */
  etag: string;
}

/** Level 9: built once per version and served many times, so the smallest bytes win. */
export async function encodeJsonDocument(document: object): Promise<EncodedDocument> {
  const json = Buffer.from(JSON.stringify(document), 'utf8');
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { rawBytes: json.length, gzip: await gzipAsync(json, { level: 9 }), etag };
}

/** What a rebuild reports of a stored document. */
export interface StoredDocumentSize {
  rawBytes: number;
  gzipBytes: number;
  etag: string;
}

export const storedSize = (encoded: EncodedDocument): StoredDocumentSize => ({ rawBytes: encoded.rawBytes, gzipBytes: encoded.gzip.length, etag: encoded.etag });
