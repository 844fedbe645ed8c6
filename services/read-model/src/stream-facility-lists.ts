/**
 * A region's facilities one at a time, for the exports: a state's list chunk by chunk, a county's
 * stored body through a gunzip stream, its items cut out of the JSON as the text arrives. What
 * is held at any moment is one state chunk, or the county's compressed body and the item being
 * read, never the list as objects.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Cache } from '@ust/platform';
import type { FacilityListItem } from '@ust/schemas';
import { decodeBlob, unpackListItems, type PackedListItems, type StateFacilitiesMeta } from './codecs/list-blobs.js';
import { datasetKeys } from './keys.js';
import { readCountyFacilitiesDocument, readCurrentVersion } from './read-dataset.js';

/** A region's list as a stream of items, with the version it was read from. */
export interface FacilityListStream {
  version: number;
  items: AsyncIterable<FacilityListItem>;
}

/** State chunks read per cache round trip. */
const CHUNKS_PER_READ = 4;

/**
 * Every facility of a state (USPS code) in facility_id order; null for a code without a list.
 * The chunks are read as the items are consumed.
 */
export async function streamStateFacilities(cache: Cache, state: string): Promise<(FacilityListStream & { total: number; name: string | null }) | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const metaJson = await cache.get(datasetKeys.stateFacilities(version, state));
  if (metaJson === null) return null;
  const meta = JSON.parse(metaJson) as StateFacilitiesMeta;
  const live = version;
  async function* items(): AsyncGenerator<FacilityListItem> {
    for (let first = 0; first < meta.chunks; first += CHUNKS_PER_READ) {
      const indexes = Array.from({ length: Math.min(CHUNKS_PER_READ, meta.chunks - first) }, (_, offset) => first + offset);
      const buffers = await cache.getBuffers(indexes.map((index) => datasetKeys.stateFacilitiesChunk(live, state, index)));
      for (const bytes of buffers) {
        if (bytes === null) throw new Error(`Dataset v${version} lacks a facility chunk of state ${state}`);
        yield* unpackListItems(await decodeBlob<PackedListItems>(bytes));
      }
    }
  }
  return { version, total: meta.total, name: meta.name, items: items() };
}

/** Every facility of a county by 5-digit FIPS, in the stored body's order; null for a FIPS that is not a county. */
export async function streamCountyFacilities(cache: Cache, fips: string): Promise<FacilityListStream | null> {
  const document = await readCountyFacilitiesDocument(cache, fips);
  if (document === null) return null;
  return { version: document.version, items: listItemsOfBody(document.gzip) };
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
/** `{` of the body, `[` of `facilities`, `{` of an item: the list's items are the objects at this depth. */
const ITEM_DEPTH = 3;

/**
 * The items of a gzipped list body (`{"facilities":[{...},...],...}`, as CountyFacilitiesBody is
 * stored) as they are decompressed. Items are flat objects, and the body's other members are
 * scalars, so an item is the text from a `{` at depth 3 to its `}`.
 */
export async function* listItemsOfBody(gzip: Buffer): AsyncGenerator<FacilityListItem> {
  const text = Readable.from([gzip]).pipe(createGunzip()).setEncoding('utf8');
  let depth = 0;
  let inString = false;
  let escaped = false;
  let partial = '';
  for await (const chunk of text as AsyncIterable<string>) {
    let itemStart = depth >= ITEM_DEPTH ? 0 : -1;
    const found: FacilityListItem[] = [];
    for (let index = 0; index < chunk.length; index++) {
      const code = chunk.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        depth++;
        if (depth === ITEM_DEPTH && code === OPEN_OBJECT) itemStart = index;
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        if (depth === ITEM_DEPTH && code === CLOSE_OBJECT) {
          found.push(JSON.parse(partial + chunk.slice(itemStart, index + 1)) as FacilityListItem);
          partial = '';
          itemStart = -1;
        }
        depth--;
      }
    }
    if (itemStart >= 0) partial += chunk.slice(itemStart);
    yield* found;
  }
}
