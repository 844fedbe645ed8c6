/**
 * Facility lists in the cache. The state chunks hold rows as arrays under one column list
 * rather than an array of objects (the keys are not repeated per row) and are gzipped. The
 * county lists and each state's first page are stored as the API's response bodies, gzipped
 * with an ETag (encodeResponseBody), so the gateway sends the bytes as they are
 * (docs/data-model.md, 'Cache layout').
 */
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

/** zlib's default level: the chunks stay in the cache for the version's life, so their size counts more than the build's time. */
export async function encodeBlob(value: unknown): Promise<Buffer> {
  return gzipAsync(JSON.stringify(value));
}

export async function decodeBlob<T>(buffer: Buffer): Promise<T> {
  return JSON.parse((await gunzipAsync(buffer)).toString('utf8')) as T;
}
