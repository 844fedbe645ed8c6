/**
 * Facility lists in the cache: rows as arrays under one column list (about 40 % of the bytes
 * of an array of objects) and gzipped, because the county and state lists together hold every
 * facility twice.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { FacilityListItem } from '@ust/schemas';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const LIST_ITEM_COLUMNS = Object.keys(FacilityListItem.properties) as Array<keyof FacilityListItem>;

export interface PackedListItems {
  columns: string[];
  rows: unknown[][];
}

/** Every facility of one county (`v{n}:fac:county:{fips}`). */
export interface CountyFacilitiesBlob extends PackedListItems {
  fips: string;
  /** us-atlas name; null for a FIPS that us-atlas does not know. */
  county: string | null;
  /** USPS code of the FIPS's state; null when unknown. */
  state: string | null;
  total: number;
}

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

/** Level 6 is zlib's default; 1 would be faster but a fifth larger in Redis. */
export async function encodeBlob(value: unknown): Promise<Buffer> {
  return gzipAsync(JSON.stringify(value));
}

export async function decodeBlob<T>(buffer: Buffer): Promise<T> {
  return JSON.parse((await gunzipAsync(buffer)).toString('utf8')) as T;
}
