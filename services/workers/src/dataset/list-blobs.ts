/**
 * Facility lists in the cache. The state chunks hold rows as arrays under one column list
 * (about 40 % of the bytes of an array of objects) and are gzipped. The county lists and each
 * state's first page are stored as the API's response bodies, gzipped with an ETag, so the
 * gateway sends the bytes as they are (docs/data-model.md, 'Cache layout').
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { FacilityListItem, type CountyFacilitiesResponse, type StateFacilitiesResponse } from '@ust/schemas';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const LIST_ITEM_COLUMNS = Object.keys(FacilityListItem.properties) as Array<keyof FacilityListItem>;

export interface PackedListItems {
  columns: string[];
  rows: unknown[][];
}

/**
 * `GET /api/facilities/by-fips/{fips}`'s body (`v{n}:fac:county:{fips}`): every facility of
 * the county. Keys in the order the API has always sent them.
 */
export type CountyFacilitiesBody = CountyFacilitiesResponse;

/** `GET /api/facilities/by-state/{ST}`'s body for the default limit (`v{n}:fac:state:{ST}:default`). */
export type StateFacilitiesBody = StateFacilitiesResponse;

/** `v{n}:fac:state:{ST}`: the chunks hold the state's facilities in facility_id order. */
export interface StateFacilitiesMeta {
  state: string;
  /** State name; null for a code outside STATE_CODES. */
  name: string | null;
  total: number;
  chunk_size: number;
  chunks: number;
}

export function packListItems(items: readonly FacilityListItem[]): PackedListItems {
  return { columns: [...LIST_ITEM_COLUMNS], rows: items.map((item) => LIST_ITEM_COLUMNS.map((column) => item[column])) };
}

/** Unpacks by the blob's own columns, so a blob written by another release still reads. */
export function unpackListItems(packed: PackedListItems): FacilityListItem[] {
  return packed.rows.map((row) => {
    const item: Record<string, unknown> = {};
    packed.columns.forEach((column, index) => {
      item[column] = row[index] ?? null;
    });
    return item as FacilityListItem;
  });
}

/**
 * A list item with exactly the FacilityListItem keys in the schema's order, a missing value as
 * null: what the response serializer made of a row, so the stored bodies read the same.
 */
export function toListItem(row: FacilityListItem): FacilityListItem {
  const item: Record<string, unknown> = {};
  for (const column of LIST_ITEM_COLUMNS) item[column] = row[column] ?? null;
  return item as FacilityListItem;
}

export interface EncodedJsonDocument {
  /** Size of the JSON in bytes. */
  rawBytes: number;
  gzip: Buffer;
  /** Strong ETag (quoted): sha-256 of the JSON, base64url, 32 characters, as the region documents'. */
  etag: string;
}

/**
 * Level 3 for the response bodies: there are 3,200 of them (about 330 MB of JSON at national
 * scale) per rebuild. Measured on the national county lists: level 1 is 41.5 MB in 1.0 s of
 * CPU, level 3 38.2 MB in 1.05 s, level 6 32.7 MB in 2.2 s.
 */
export const RESPONSE_GZIP_LEVEL = 3;

export async function encodeJsonDocument(value: unknown): Promise<EncodedJsonDocument> {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
  return { rawBytes: json.length, gzip: await gzipAsync(json, { level: RESPONSE_GZIP_LEVEL }), etag };
}

/** Level 6 is zlib's default; 1 would be faster but a fifth larger in Redis. */
export async function encodeBlob(value: unknown): Promise<Buffer> {
  return gzipAsync(JSON.stringify(value));
}

export async function decodeBlob<T>(buffer: Buffer): Promise<T> {
  return JSON.parse((await gunzipAsync(buffer)).toString('utf8')) as T;
}
