/**
 * The items blobs of the search index are stored by digest, outside any version
 * (docs/decisions/0127-search-items-by-digest.md): versions in which a cell did not change share
 * its blob, and the prune of a version's keys leaves them. The prune then deletes the blobs that
 * no version from `keepFrom` on names, those being built included.
 *
 * A build writes a tile before the blobs it is the first to name (search-indexes.ts), and this
 * lists the blobs before it reads the tiles: a blob listed was stored before the list, so was a
 * tile naming it, which the read after finds. A blob stored after the list is not a candidate.
 * Rebuilds may then run beside the prune, in this process or another.
 */
import { decodeSearchTile, SEARCH_TILE_FORMAT, SEARCH_TILE_RESOLUTION, type SearchTile } from '@ust/domain';
import type { Cache } from '@ust/platform';
import { itemsKeyOf, NEXT_VERSION_KEY, SEARCH_ITEMS_PREFIX, searchKeys } from '@ust/read-model';

/** Tiles read per round trip. */
const TILES_PER_READ = 1_000;
/** Keys deleted per round trip. */
const KEYS_PER_DELETE = 1_000;

/** Deletes the items blobs that the tiles of no version from `keepFrom` on name; answers how many. */
export async function deleteUnnamedSearchItems(cache: Cache, keepFrom: number): Promise<number> {
  const candidates = await cache.keys(SEARCH_ITEMS_PREFIX);
  if (candidates.length === 0) return 0;
  // Every version handed out so far, those still being built too.
  const lastAllocated = Number(await cache.get(NEXT_VERSION_KEY));
  const named = new Set<string>();
  for (let version = Math.max(keepFrom, 1); version <= lastAllocated; version++) for await (const tile of tilesOf(cache, version)) addNamedItems(named, tile);
  const unnamed = candidates.filter((key) => !named.has(key));
  for (let start = 0; start < unnamed.length; start += KEYS_PER_DELETE) await cache.del(...unnamed.slice(start, start + KEYS_PER_DELETE));
  return unnamed.length;
}

function addNamedItems(named: Set<string>, tile: SearchTile): void {
  for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++) named.add(itemsKeyOf(tile, group));
}

/** The version's tiles; a version of an older format (its blobs kept under its own keys, pruned with it) has none to read. */
async function* tilesOf(cache: Cache, version: number): AsyncGenerator<SearchTile> {
  const keys = await cache.keys(searchKeys.tile(version, SEARCH_TILE_RESOLUTION, ''));
  for (let start = 0; start < keys.length; start += TILES_PER_READ) {
    const blobs = await cache.getBuffers(keys.slice(start, start + TILES_PER_READ));
    for (const blob of blobs) {
      if (!blob) continue; // pruned meanwhile
      if (blob.readUInt32LE(0) !== SEARCH_TILE_FORMAT) return; // another format: every tile of the version is
      yield decodeSearchTile(blob);
    }
  }
}
