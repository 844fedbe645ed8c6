/**
 * Facilities and the closest release around a point, from the search indexes of a dataset
 * version (DESIGN.md section 4, 'A search'): the search tiles within 10 miles, as listed for the
 * point's box from the version's tile directory (box-tiles.ts; one round trip for the tiles no
 * earlier search of this process read), exact distances (nearest-items.ts), then the items of
 * the few cells that hold the result (a second round trip, only for cells no earlier search
 * read). Items are not decoded: a response copies their JSON bytes as the index holds them.
 */
import {
  BoxTiles,
  cellOfGroup,
  closestItem,
  decodeSearchTile,
  MAX_SEARCH_RESULTS,
  nearestItems,
  packedItemRange,
  SEARCH_CELL_RESOLUTION,
  SEARCH_RADIUS_MILES,
  SEARCH_TILE_RESOLUTION,
  TileDirectory,
  type NearbyItem,
  type SearchTile,
} from '@ust/domain';
import type { Cache } from '@ust/platform';
import type { SearchFacilityItem, SearchReleaseItem } from '@ust/schemas';
import { searchKeys } from '@ust/read-model';

export interface FoundFacility extends SearchFacilityItem {
  distance_miles: number;
}

export interface FoundRelease extends SearchReleaseItem {
  distance_miles: number;
}

/**
 * A found item: where its JSON (a T without its distance) lies in its cell's items blob, and its
 * distance. The blob is the cache's own (read-only): a response copies the bytes as they are,
 * with no decode, parse or re-serialize (search-response-body.ts).
 */
export interface FoundItem<T> {
  blob: Buffer;
  start: number;
  end: number;
  distanceMiles: number;
  readonly __item?: T;
}

export interface NearPointResult {
  /** Closest first, at most MAX_SEARCH_RESULTS. */
  facilities: Array<FoundItem<FoundFacility>>;
  /** Every facility within the radius. */
  total_found: number;
  closest_release: FoundItem<FoundRelease> | null;
}

/** Miles as a response shows them. */
export const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

/** The JSON of a found item with `distance_miles` appended, as a response carries it. */
export function foundItemJson<T>(found: FoundItem<T>): string {
  return `${found.blob.toString('utf8', found.start, found.end - 1)},"distance_miles":${roundMiles(found.distanceMiles)}}`;
}

/** A decoded tile, and the items blob of each group once a search has read it. */
interface KeptTile {
  tile: SearchTile;
  blobs: Array<Buffer | undefined>;
}

/**
 * What a process keeps of the indexes of a dataset version it searched. A version never changes
 * once live, so what was read stays true: the tile directory (read at the version's first
 * search), and each tile (and the items blobs of its groups) once a search has read it, so a
 * search reads from the cache only what no earlier search read.
 */
interface KeptVersion {
  directory: TileDirectory | null;
  loading: Promise<TileDirectory> | null;
  /** By the directory's tile index. */
  tiles: Array<KeptTile | undefined>;
  /** The tiles within reach of any point of a box, by box (read with the directory). */
  boxes: BoxTiles | null;
  /** Bytes of the items blobs the kept tiles hold, when they are copies (a Redis cache). */
  itemBytes: number;
  /** Whether every tile is being (or has been) read ahead of searches (keepAllTiles). */
  keepingAll: boolean;
}
/** Versions kept per cache: the live one and the one before it, while searches move over. */
const VERSIONS_KEPT = 2;
/** Bytes of copied items blobs (a Redis cache's) kept beside their tiles. */
const ITEM_BYTES_KEPT = 64 * 1024 * 1024;
/** Per cache, as a process may hold several (tests build platforms with the same versions). */
const keptOf = new WeakMap<Cache, Map<number, KeptVersion>>();

function keptFor(cache: Cache, version: number): KeptVersion {
  let versions = keptOf.get(cache);
  if (!versions) keptOf.set(cache, (versions = new Map()));
  let kept = versions.get(version);
  if (!kept) {
    versions.set(version, (kept = { directory: null, loading: null, tiles: [], boxes: null, itemBytes: 0, keepingAll: false }));
    // The oldest first (a Map keeps insertion order).
    for (const old of versions.keys()) if (versions.size > VERSIONS_KEPT) versions.delete(old);
  }
  return kept;
}

/** The version's tile directory, read once (searches arriving meanwhile wait for the same read). */
function directoryOf(cache: Cache, kept: KeptVersion, version: number): Promise<TileDirectory> {
  kept.loading ??= cache.getBuffer(searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION)).then(
    (blob) => {
      if (!blob) throw new Error(`dataset version ${version} has no search tile directory: rebuild the dataset`);
      const directory = new TileDirectory(blob);
      kept.tiles = new Array<KeptTile | undefined>(directory.size).fill(undefined);
      kept.boxes = new BoxTiles(directory, SEARCH_RADIUS_MILES);
      return (kept.directory = directory);
    },
    (error: unknown) => {
      kept.loading = null;
      throw error;
    },
  );
  return kept.loading;
}

/** Tiles read per round trip while keeping a whole version. */
const TILES_PER_READ = 256;

export interface KeptTiles {
  tiles: number;
  /** Bytes of the tiles read. */
  bytes: number;
  /** Groups whose items blob is kept too (embedded cache only, see keepAllItems). */
  itemGroups: number;
  /** Boxes whose tiles within reach are listed (listBoxesAhead). */
  boxes: number;
  /** Bytes of those lists. */
  boxBytes: number;
  ms: number;
}

/** Items blobs read per round trip while keeping a whole version's. */
const ITEM_BLOBS_PER_READ = 1_000;

/** The cache key of the items blob of a tile's group: its cell's facilities or releases. */
function itemsKeyOf(version: number, tile: SearchTile, group: number): string {
  const cell = cellOfGroup(tile, group);
  return group < tile.facilityGroups ? searchKeys.facilityItems(version, SEARCH_CELL_RESOLUTION, cell) : searchKeys.releaseItems(version, SEARCH_CELL_RESOLUTION, cell);
}

/**
 * Whether the blobs a cache hands out are copies (Redis) rather than its own stored bytes (the
 * embedded cache, Cache.getBuffer): only copies cost memory to keep.
 */
const blobsAreCopies = (cache: Cache) => cache.adapter !== 'memory';

/**
 * With the embedded cache, whose reads hand out the stored bytes themselves (Cache.getBuffer),
 * the items blob of every group is kept beside its tile too: that costs a reference per group,
 * not a copy, and a place's first search then reads nothing from the cache (the items read, key
 * by key, was about 0.1 ms of a first search's 0.23 in the server). With Redis the blobs would
 * be copies, hundreds of MB nationally, so searches read the few cells they need.
 */
async function keepAllItems(cache: Cache, version: number, kept: KeptVersion): Promise<number> {
  let groups = 0;
  let pending: Array<{ entry: KeptTile; group: number; key: string }> = [];
  const readPending = async () => {
    const read = await cache.getBuffers(pending.map(({ key }) => key));
    pending.forEach(({ entry, group }, position) => {
      const blob = read[position];
      // A version being pruned meanwhile: its searches read (and report) what is missing.
      if (!blob) return;
      entry.blobs[group] ??= blob;
      groups += 1;
    });
    pending = [];
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const entry of kept.tiles) {
    if (!entry) continue;
    const { tile } = entry;
    for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) {
      if (entry.blobs[group]) continue;
      pending.push({ entry, group, key: itemsKeyOf(version, tile, group) });
      if (pending.length >= ITEM_BLOBS_PER_READ) await readPending();
    }
  }
  if (pending.length) await readPending();
  return groups;
}

/** Milliseconds of box listing between turns of the event loop. */
const BOX_LISTING_SLICE_MS = 4;

/**
 * Lists the tiles within reach of every box near a tile (BoxTiles.listAhead), in slices of a few
 * milliseconds with a turn of the event loop between, so searches meanwhile are not held up:
 * 555,400 boxes for the national demo, about 2 s of work.
 */
async function listBoxesAhead(boxes: BoxTiles): Promise<{ boxes: number; bytes: number }> {
  let sliceStarted = performance.now();
  for (const _block of boxes.listAhead()) {
    if (performance.now() - sliceStarted < BOX_LISTING_SLICE_MS) continue;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  }
  return boxes.stats();
}

/**
 * Reads and decodes every search tile of a version ahead of searches, so a place's first search
 * after a start or a new version does not wait for its tiles (a read and a decode per tile, which
 * otherwise doubles a rural search's index time), and with the embedded cache every group's items
 * blob too (keepAllItems). A few hundred tiles per round trip with a turn of the event loop
 * between, so searches meanwhile are not held up. Null when the version's tiles are already being
 * kept, so callers may ask on every search.
 */
export function keepAllTiles(cache: Cache, version: number): Promise<KeptTiles> | null {
  const kept = keptFor(cache, version);
  if (kept.keepingAll) return null;
  kept.keepingAll = true;
  return (async () => {
    const started = performance.now();
    const directory = kept.directory ?? (await directoryOf(cache, kept, version));
    let bytes = 0;
    let tiles = 0;
    for (let first = 0; first < directory.size; first += TILES_PER_READ) {
      const unread: number[] = [];
      for (let tile = first; tile < Math.min(directory.size, first + TILES_PER_READ); tile++) if (!kept.tiles[tile]) unread.push(tile);
      if (!unread.length) continue;
      const read = await cache.getBuffers(unread.map((tile) => searchKeys.tile(version, SEARCH_TILE_RESOLUTION, directory.cell(tile))));
      unread.forEach((tile, position) => {
        const blob = read[position];
        // A version being pruned meanwhile: its searches read (and report) what is missing.
        if (!blob) return;
        kept.tiles[tile] ??= { tile: decodeSearchTile(blob), blobs: [] };
        bytes += blob.length;
        tiles += 1;
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const itemGroups = blobsAreCopies(cache) ? 0 : await keepAllItems(cache, version, kept);
    const boxes = await listBoxesAhead(kept.boxes!);
    return { tiles, bytes, itemGroups, boxes: boxes.boxes, boxBytes: boxes.bytes, ms: performance.now() - started };
  })().catch((error: unknown) => {
    // Searches read their own tiles; a later call may try again.
    kept.keepingAll = false;
    throw error;
  });
}

/** How long the parts of a search took, for Server-Timing. */
export interface SearchTiming {
  /** The index query: tiles, the closest facilities, their count and the closest release (positions and distances). */
  indexMs: number;
}

export async function searchNearPoint(cache: Cache, version: number, latitude: number, longitude: number, timing?: SearchTiming): Promise<NearPointResult> {
  const started = performance.now();
  const keptVersion = keptFor(cache, version);
  const directory = keptVersion.directory ?? (await directoryOf(cache, keptVersion, version));
  // Round trip 1 (only for tiles not read before): the tiles within reach.
  const near = keptVersion.boxes!.near(latitude, longitude, []);
  const unreadTiles = near.filter((tile) => !keptVersion.tiles[tile]);
  if (unreadTiles.length) {
    const read = await cache.getBuffers(unreadTiles.map((tile) => searchKeys.tile(version, SEARCH_TILE_RESOLUTION, directory.cell(tile))));
    unreadTiles.forEach((tile, position) => {
      const blob = read[position];
      if (!blob) throw new Error(`search index of dataset version ${version} lost a tile (${directory.cell(tile)})`);
      keptVersion.tiles[tile] ??= { tile: decodeSearchTile(blob), blobs: [] };
    });
  }
  const tiles = near.map((tile) => keptVersion.tiles[tile]!);
  const searched = tiles.map((entry) => entry.tile);
  const facilities = nearestItems(searched, 'facilities', latitude, longitude, SEARCH_RADIUS_MILES, MAX_SEARCH_RESULTS);
  const release = closestItem(searched, 'releases', latitude, longitude, SEARCH_RADIUS_MILES);
  const found = release ? [...facilities.nearest, release] : facilities.nearest;
  if (timing) timing.indexMs = performance.now() - started;

  // Round trip 2 (only for cells not read before): the items of the few cells that hold a result.
  // Blobs of the embedded cache are its own bytes, not copies: they are kept whatever their size.
  const keptBlobsAreCopies = blobsAreCopies(cache);
  if (keptBlobsAreCopies && keptVersion.itemBytes > ITEM_BYTES_KEPT) {
    for (const entry of keptVersion.tiles) if (entry) entry.blobs = [];
    keptVersion.itemBytes = 0;
  }
  // Taken now: a search running meanwhile may let the kept blobs go.
  const blobs = found.map((item) => tiles[item.tile]!.blobs[item.group]);
  const unread = found.filter((_, position) => !blobs[position]);
  if (unread.length) {
    const keyOf = (item: NearbyItem) => itemsKeyOf(version, searched[item.tile]!, item.group);
    const keys = [...new Set(unread.map(keyOf))];
    const read = await cache.getBuffers(keys);
    const blobOf = new Map(keys.map((key, position) => [key, read[position]]));
    found.forEach((item, position) => {
      if (blobs[position]) return;
      const blob = blobOf.get(keyOf(item));
      if (!blob) throw new Error(`search index of dataset version ${version} lost the items of a cell (${keyOf(item)})`);
      blobs[position] = blob;
      const kept = tiles[item.tile]!.blobs;
      if (!kept[item.group] && keptBlobsAreCopies) keptVersion.itemBytes += blob.length;
      kept[item.group] = blob;
    });
  }
  return {
    facilities: facilities.nearest.map((item, position) => foundItemIn<FoundFacility>(blobs[position]!, item)),
    total_found: facilities.total,
    closest_release: release ? foundItemIn<FoundRelease>(blobs[found.length - 1]!, release) : null,
  };
}

/** Where a found item's JSON lies in its cell's items blob. */
function foundItemIn<T>(blob: Buffer, item: NearbyItem): FoundItem<T> {
  const [start, end] = packedItemRange(blob, item.index);
  return { blob, start, end, distanceMiles: item.distanceMiles };
}
