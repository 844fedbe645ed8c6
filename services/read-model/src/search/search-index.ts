/**
 * Facilities and the closest release around a point, from the search indexes of a dataset
 * version (docs/architecture.md section 4, 'A search'): the search tiles within 10 miles, as
 * listed for the point's box from the version's tile directory (BoxTiles; one round trip for the
 * tiles no earlier search of this index read), exact distances (nearestItems), then the items of
 * the few cells that hold the result (a second round trip, only for cells no earlier search
 * read). Items are not decoded: a response copies their JSON bytes as the index holds them
 * (found-items.ts).
 *
 * A SearchIndex is made once per cache and lives as long as its owner (the gateway's search
 * route, a benchmark, a test): it keeps what it read of the versions it searched, and the
 * working memory of its searches.
 */
import {
  BoxTiles,
  cellOfGroup,
  itemsDigestOfGroup,
  closestItem,
  decodeSearchTile,
  MAX_SEARCH_RESULTS,
  nearestItems,
  ProximityScratch,
  SEARCH_CELL_RESOLUTION,
  SEARCH_RADIUS_MILES,
  SEARCH_TILE_RESOLUTION,
  TileDirectory,
  type NearbyItem,
  type SearchTile,
} from '@ust/domain';
import type { Cache } from '@ust/platform';
import { APPROXIMATE_MIN_MILES } from '@ust/schemas';
import { searchKeys } from '../keys.js';
import { foundItemIn, type FoundFacility, type FoundItem, type FoundRelease, type NearPointResult } from './found-items.js';

/** The tiles within reach of a point, as kept. */
interface TilesNear {
  keptVersion: KeptVersion;
  tiles: KeptTile[];
  searched: SearchTile[];
}

/** What SearchIndex.surroundings found. */
export interface Surroundings {
  /** The `limit` closest facilities within the radius, closest first. */
  facilities: Array<FoundItem<FoundFacility>>;
  facilities_within_radius: number;
  /** Facilities and releases within each ring, in the order asked. */
  rings: Array<{ miles: number; facilities: number; releases: number }>;
  closest_release: FoundItem<FoundRelease> | null;
}

/** A decoded tile, and the items blob of each group once a search has read it. */
interface KeptTile {
  /** The tile's bytes, which `tile` views: compared with a later version's tile of the same cell. */
  bytes: Buffer;
  tile: SearchTile;
  blobs: Array<Buffer | undefined>;
}

/**
 * What an index keeps of a dataset version it searched. A version never changes once live, so
 * what was read stays true: the tile directory (read at the version's first search), and each
 * tile (and the items blobs of its groups) once a search has read it, so a search reads from the
 * cache only what no earlier search read.
 *
 * A new version shares with the version kept before it whatever has the same bytes: the
 * directory and box lists, and each tile (with the items blobs read for it). An import rebuilds
 * the tiles of the states it touched, so after it the two versions kept hold one copy of the
 * rest, not two.
 */
class KeptVersion {
  directory: TileDirectory | null = null;
  /** The bytes `directory` and `boxes` were made from, compared with a later version's. */
  directoryBytes: Buffer | null = null;
  boxListBytes: Buffer | null = null;
  /** The tiles of the versions kept before this one, by cell, while this one's tiles are being read. */
  earlierTiles: Map<string, KeptTile> | null = null;
  loading: Promise<TileDirectory> | null = null;
  /** By the directory's tile index. */
  tiles: Array<KeptTile | undefined> = [];
  /** The tiles within reach of any point of a box, by box (read with the directory). */
  boxes: BoxTiles | null = null;
  /** Bytes of the items blobs the kept tiles hold, when they are copies (Cache.sharesStoredBytes false). */
  itemBytes = 0;
  /** Whether every tile is being (or has been) read ahead of searches (keepAllTiles). */
  keepingAll = false;
}

/** What keepAllTiles read ahead. */
export interface KeptTiles {
  tiles: number;
  /** Bytes of the tiles read. */
  bytes: number;
  /** Tiles the same as an earlier kept version's, which both versions now share. */
  sharedTiles: number;
  /** Groups whose items blob is kept too (only from a cache that shares its stored bytes). */
  itemGroups: number;
  /** Boxes whose tiles within reach are listed (BoxTiles.listAhead). */
  boxes: number;
  /** Bytes of those lists. */
  boxBytes: number;
  ms: number;
}

/** How long the parts of a search took, for Server-Timing. */
export interface SearchTiming {
  /** The index query: tiles, the closest facilities, their count and the closest release (positions and distances). */
  indexMs: number;
}

export interface SearchIndexOptions {
  /**
   * Bytes of items blobs kept beside their tiles when the cache's reads are copies
   * (Cache.sharesStoredBytes false); past it the kept blobs are let go and read again as needed.
   * @defaultValue 64 MiB
   */
  itemBytesKept?: number;
}

/** Versions kept: the live one and the one before it, while searches move over. */
const VERSIONS_KEPT = 2;
/** Tiles read per round trip while keeping a whole version. */
const TILES_PER_READ = 256;
/** Items blobs read per round trip while keeping a whole version's. */
const ITEM_BLOBS_PER_READ = 1_000;
/** Milliseconds of box listing between turns of the event loop. */
const BOX_LISTING_SLICE_MS = 4;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The cache key of the items blob of a tile's group: its cell's facilities or releases, by the blob's digest. */
export function itemsKeyOf(tile: SearchTile, group: number): string {
  const cell = cellOfGroup(tile, group);
  const digest = itemsDigestOfGroup(tile, group);
  return group < tile.facilityGroups
    ? searchKeys.facilityItems(SEARCH_CELL_RESOLUTION, cell, digest)
    : searchKeys.releaseItems(SEARCH_CELL_RESOLUTION, cell, digest);
}

/**
 * The closest items in the order their distances are stated: an approximate item, stated at a
 * mile when it is nearer (docs/decisions/0110-located-by.md), follows the exact ones under a
 * mile; ties keep the true order (the sort is stable).
 */
function byStatedDistance<T>(items: Array<FoundItem<T>>): Array<FoundItem<T>> {
  return items.sort((a, b) => a.distanceMiles - b.distanceMiles);
}

/**
 * Lists the tiles within reach of every box near a tile (BoxTiles.listAhead), in slices of a few
 * milliseconds with a turn of the event loop between, so searches meanwhile are not held up.
 */
async function listBoxesAhead(boxes: BoxTiles): Promise<{ boxes: number; bytes: number }> {
  if (boxes.complete) return boxes.stats();
  let sliceStarted = performance.now();
  for (const _block of boxes.listAhead()) {
    if (performance.now() - sliceStarted < BOX_LISTING_SLICE_MS) continue;
    await nextTurn();
    sliceStarted = performance.now();
  }
  return boxes.stats();
}

const sameBytes = (a: Buffer | null, b: Buffer | null) => (a && b ? a.equals(b) : a === b);

/** The tiles the versions kept so far have read, by cell (the latest version's where two have one). */
function earlierTilesByCell(versions: KeptVersion[]): Map<string, KeptTile> {
  const byCell = new Map<string, KeptTile>();
  for (const version of versions) {
    version.tiles.forEach((entry, tile) => entry && byCell.set(version.directory!.cell(tile), entry));
  }
  return byCell;
}

/** A version's tile as read: an earlier version's tile of the cell when the bytes are the same, so both hold one copy. */
function keptTile(kept: KeptVersion, cell: string, blob: Buffer): KeptTile {
  const earlier = kept.earlierTiles?.get(cell);
  if (earlier?.bytes.equals(blob)) return earlier;
  return { bytes: blob, tile: decodeSearchTile(blob), blobs: [] };
}

export class SearchIndex {
  /** In the order first searched (a Map keeps insertion order), so the oldest goes first. */
  private readonly versions = new Map<number, KeptVersion>();
  /** Working memory of nearestItems and closestItem: they are synchronous, so every search of this index shares it. */
  private readonly scratch = new ProximityScratch();
  private readonly itemBytesKept: number;

  constructor(
    private readonly cache: Cache,
    options: SearchIndexOptions = {},
  ) {
    this.itemBytesKept = options.itemBytesKept ?? 64 * 1024 * 1024;
  }

  /**
   * Reads and decodes every search tile of a version ahead of searches, so a place's first search
   * after a start or a new version does not wait for a read and a decode per tile, and, from a
   * cache that shares its stored bytes, every group's items blob too (keepAllItems). A few hundred
   * tiles per round trip with a turn of the event loop between, so searches meanwhile are not
   * held up. Null when the version's tiles are already being kept, so callers may ask on every
   * search.
   */
  keepAllTiles(version: number): Promise<KeptTiles> | null {
    const kept = this.keptFor(version);
    if (kept.keepingAll) return null;
    kept.keepingAll = true;
    return (async () => {
      const started = performance.now();
      const directory = kept.directory ?? (await this.directoryOf(kept, version));
      let bytes = 0;
      let tiles = 0;
      let sharedTiles = 0;
      for (let first = 0; first < directory.size; first += TILES_PER_READ) {
        const unread: number[] = [];
        for (let tile = first; tile < Math.min(directory.size, first + TILES_PER_READ); tile++) if (!kept.tiles[tile]) unread.push(tile);
        if (!unread.length) continue;
        const read = await this.cache.getBuffers(unread.map((tile) => searchKeys.tile(version, SEARCH_TILE_RESOLUTION, directory.cell(tile))));
        unread.forEach((tile, position) => {
          const blob = read[position];
          // A version being pruned meanwhile: its searches read (and report) what is missing.
          if (!blob) return;
          const entry = (kept.tiles[tile] ??= keptTile(kept, directory.cell(tile), blob));
          if (entry.bytes !== blob) sharedTiles += 1;
          bytes += blob.length;
          tiles += 1;
        });
        await nextTurn();
      }
      // Every tile is kept: the earlier versions' are no longer needed to share from.
      kept.earlierTiles = null;
      const itemGroups = this.cache.sharesStoredBytes ? await this.keepAllItems(version, kept) : 0;
      const boxes = await listBoxesAhead(kept.boxes!);
      return { tiles, bytes, sharedTiles, itemGroups, boxes: boxes.boxes, boxBytes: boxes.bytes, ms: performance.now() - started };
    })().catch((error: unknown) => {
      // Searches read their own tiles; a later call may try again.
      kept.keepingAll = false;
      throw error;
    });
  }

  /** The closest facilities within SEARCH_RADIUS_MILES of a point, how many there are, and the closest release. */
  async search(version: number, latitude: number, longitude: number, timing?: SearchTiming): Promise<NearPointResult> {
    const started = performance.now();
    const near = await this.tilesNear(version, latitude, longitude);
    const facilities = nearestItems(this.scratch, near.searched, 'facilities', latitude, longitude, SEARCH_RADIUS_MILES, MAX_SEARCH_RESULTS);
    const release = closestItem(this.scratch, near.searched, 'releases', latitude, longitude, SEARCH_RADIUS_MILES);
    const found = release ? [...facilities.nearest, release] : facilities.nearest;
    if (timing) timing.indexMs = performance.now() - started;
    const blobs = await this.blobsOf(version, near, found);
    return {
      facilities: byStatedDistance(facilities.nearest.map((item, position) => foundItemIn<FoundFacility>(blobs[position]!, item))),
      total_found: facilities.total,
      closest_release: release ? foundItemIn<FoundRelease>(blobs[found.length - 1]!, release) : null,
    };
  }

  /**
   * What lies around a point, for screening a location: the facilities within `radiusMiles`
   * (the `limit` closest, and how many there are), how many facilities and releases lie within
   * each of `ringsMiles`, and the closest release within SEARCH_RADIUS_MILES. A ring under
   * APPROXIMATE_MIN_MILES counts only items with a point of their own: one placed at its ZIP or
   * town is not known to be that near (docs/decisions/0110-located-by.md).
   */
  async surroundings(
    version: number,
    latitude: number,
    longitude: number,
    radiusMiles: number,
    ringsMiles: readonly number[],
    limit: number,
  ): Promise<Surroundings> {
    const near = await this.tilesNear(version, latitude, longitude);
    const count = async (items: 'facilities' | 'releases', miles: number) => {
      const total = nearestItems(this.scratch, near.searched, items, latitude, longitude, miles, 1).total;
      if (miles >= APPROXIMATE_MIN_MILES || total === 0) return total;
      // The few items this near: their JSON says which are approximate.
      const within = nearestItems(this.scratch, near.searched, items, latitude, longitude, miles, total).nearest;
      const blobs = await this.blobsOf(version, near, within);
      return within.filter((item, position) => !foundItemIn(blobs[position]!, item).approximate).length;
    };
    const facilities = nearestItems(this.scratch, near.searched, 'facilities', latitude, longitude, radiusMiles, limit);
    const rings: Surroundings['rings'] = [];
    for (const miles of ringsMiles) rings.push({ miles, facilities: await count('facilities', miles), releases: await count('releases', miles) });
    const release = closestItem(this.scratch, near.searched, 'releases', latitude, longitude, SEARCH_RADIUS_MILES);
    const found = release ? [...facilities.nearest, release] : facilities.nearest;
    const blobs = await this.blobsOf(version, near, found);
    return {
      facilities: byStatedDistance(facilities.nearest.map((item, position) => foundItemIn<FoundFacility>(blobs[position]!, item))),
      facilities_within_radius: facilities.total,
      rings,
      closest_release: release ? foundItemIn<FoundRelease>(blobs[found.length - 1]!, release) : null,
    };
  }

  /** Round trip 1 (only for tiles not read before): the tiles within reach of a point. */
  private async tilesNear(version: number, latitude: number, longitude: number): Promise<TilesNear> {
    const keptVersion = this.keptFor(version);
    const directory = keptVersion.directory ?? (await this.directoryOf(keptVersion, version));
    const near = keptVersion.boxes!.near(latitude, longitude, []);
    const unreadTiles = near.filter((tile) => !keptVersion.tiles[tile]);
    if (unreadTiles.length) {
      const read = await this.cache.getBuffers(unreadTiles.map((tile) => searchKeys.tile(version, SEARCH_TILE_RESOLUTION, directory.cell(tile))));
      unreadTiles.forEach((tile, position) => {
        const blob = read[position];
        if (!blob) throw new Error(`search index of dataset version ${version} lost a tile (${directory.cell(tile)})`);
        keptVersion.tiles[tile] ??= keptTile(keptVersion, directory.cell(tile), blob);
      });
    }
    const tiles = near.map((tile) => keptVersion.tiles[tile]!);
    return { keptVersion, tiles, searched: tiles.map((entry) => entry.tile) };
  }

  /** Round trip 2 (only for cells not read before): the items blobs of the cells that hold the found items. */
  private async blobsOf(version: number, { keptVersion, tiles, searched }: TilesNear, found: NearbyItem[]): Promise<Buffer[]> {
    // Blobs a cache shares are its own bytes, not copies: they are kept whatever their size.
    const keptBlobsAreCopies = !this.cache.sharesStoredBytes;
    if (keptBlobsAreCopies && keptVersion.itemBytes > this.itemBytesKept) {
      for (const entry of keptVersion.tiles) if (entry) entry.blobs = [];
      keptVersion.itemBytes = 0;
    }
    // Taken now: a search running meanwhile may let the kept blobs go.
    const blobs = found.map((item) => tiles[item.tile]!.blobs[item.group]);
    const unread = found.filter((_, position) => !blobs[position]);
    if (unread.length) {
      const keyOf = (item: NearbyItem) => itemsKeyOf(searched[item.tile]!, item.group);
      const keys = [...new Set(unread.map(keyOf))];
      const read = await this.cache.getBuffers(keys);
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
    return blobs as Buffer[];
  }

  private keptFor(version: number): KeptVersion {
    let kept = this.versions.get(version);
    if (!kept) {
      this.versions.set(version, (kept = new KeptVersion()));
      for (const old of this.versions.keys()) if (this.versions.size > VERSIONS_KEPT) this.versions.delete(old);
      // What a version let go is not held on to through a later one's tiles to share.
      for (const other of this.versions.values()) if (other !== kept) other.earlierTiles = null;
    }
    return kept;
  }

  /** The version's tile directory, read once (searches arriving meanwhile wait for the same read). */
  private directoryOf(kept: KeptVersion, version: number): Promise<TileDirectory> {
    kept.loading ??= this.cache
      .getBuffers([searchKeys.tileDirectory(version, SEARCH_TILE_RESOLUTION), searchKeys.boxLists(version, SEARCH_TILE_RESOLUTION)])
      .then(
        ([blob, lists]) => {
          if (!blob) throw new Error(`dataset version ${version} has no search tile directory: rebuild the dataset`);
          const earlier = [...this.versions.values()].filter((other) => other !== kept && other.directory);
          const same = earlier.find((other) => other.directoryBytes!.equals(blob));
          const directory = same?.directory ?? new TileDirectory(blob);
          kept.tiles = new Array<KeptTile | undefined>(directory.size).fill(undefined);
          if (same && sameBytes(same.boxListBytes, lists ?? null)) kept.boxes = same.boxes;
          // A version built before the lists were stored lists its boxes here (keepAllTiles, or each at its first search).
          else kept.boxes = (lists && BoxTiles.fromBytes(directory, SEARCH_RADIUS_MILES, lists)) || new BoxTiles(directory, SEARCH_RADIUS_MILES);
          kept.earlierTiles = earlierTilesByCell(earlier);
          kept.directoryBytes = blob;
          kept.boxListBytes = lists ?? null;
          return (kept.directory = directory);
        },
        (error: unknown) => {
          kept.loading = null;
          throw error;
        },
      );
    return kept.loading;
  }

  /**
   * From a cache that shares its stored bytes, the items blob of every group is kept beside its
   * tile too: that costs a reference per group, not a copy, and a place's first search then reads
   * nothing from the cache. From a cache whose reads are copies (Redis) the whole index's blobs
   * would be held twice, so searches read the few cells they need.
   */
  private async keepAllItems(version: number, kept: KeptVersion): Promise<number> {
    let groups = 0;
    let pending: Array<{ entry: KeptTile; group: number; key: string }> = [];
    const readPending = async () => {
      const read = await this.cache.getBuffers(pending.map(({ key }) => key));
      pending.forEach(({ entry, group }, position) => {
        const blob = read[position];
        // A version being pruned meanwhile: its searches read (and report) what is missing.
        if (!blob) return;
        entry.blobs[group] ??= blob;
        groups += 1;
      });
      pending = [];
      await nextTurn();
    };
    for (const entry of kept.tiles) {
      if (!entry) continue;
      const { tile } = entry;
      for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) {
        if (entry.blobs[group]) continue;
        pending.push({ entry, group, key: itemsKeyOf(tile, group) });
        if (pending.length >= ITEM_BLOBS_PER_READ) await readPending();
      }
    }
    if (pending.length) await readPending();
    return groups;
  }
}
