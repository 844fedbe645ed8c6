/**
 * Facilities and the closest release around a point, from the H3 search indexes of a dataset
 * version (DESIGN.md section 4, 'A search'): the cells of the 10-mile disk are read in one
 * round trip, distances are exact (haversine), and only the items that make the result are
 * parsed.
 */
import { cellsWithinRadius, decodeCellCoordinates, MAX_SEARCH_RESULTS, nearestItems, readPackedItemJson, SEARCH_CELL_RESOLUTION, SEARCH_RADIUS_MILES, searchCellOf, type CellCoordinates } from '@ust/domain';
import type { Cache } from '@ust/platform';
import type { SearchFacilityItem, SearchReleaseItem } from '@ust/schemas';
import { searchKeys } from '@ust/workers';

export interface FoundFacility extends SearchFacilityItem {
  distance_miles: number;
}

export interface FoundRelease extends SearchReleaseItem {
  distance_miles: number;
}

/**
 * A found item as JSON text with its distance added: the index holds each item as the JSON of
 * its schema type, and a response embeds that text as it is, with no parse and re-serialize.
 */
export type FoundJson<T> = string & { readonly __item?: T };

export interface NearPointResult {
  /** Closest first, at most MAX_SEARCH_RESULTS. */
  facilities: Array<FoundJson<FoundFacility>>;
  /** Every facility within the radius. */
  total_found: number;
  closest_release: FoundJson<FoundRelease> | null;
}

/** The item's JSON object with `distance_miles` appended before its closing brace. */
function withDistance<T>(json: string, miles: number): FoundJson<T> {
  return `${json.slice(0, -1)},"distance_miles":${roundMiles(miles)}}`;
}

const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

/**
 * The cache keys of the disk around an origin cell: the disk depends only on the cell, and
 * computing it (H3 in WebAssembly, a few hundred cells) costs more than the rest of a search, so
 * the keys of recently searched cells are kept (searches cluster in cities).
 */
const DISK_KEYS_KEPT = 4_096;
interface DiskKeys {
  /** Coordinates keys: the disk's facility cells, then its release cells. */
  keys: string[];
  /** The items key beside each coordinates key. */
  itemKeys: string[];
  cells: number;
}
const diskKeys = new Map<string, DiskKeys>();

function keysOfDisk(version: number, latitude: number, longitude: number): DiskKeys {
  const origin = searchCellOf(latitude, longitude);
  const id = `${version}:${origin}`;
  const known = diskKeys.get(id);
  if (known) {
    // Map order is insertion order: re-inserting makes this the most recently used.
    diskKeys.delete(id);
    diskKeys.set(id, known);
    return known;
  }
  const { cells } = cellsWithinRadius(latitude, longitude, SEARCH_RADIUS_MILES, SEARCH_CELL_RESOLUTION);
  const entry = {
    cells: cells.length,
    keys: [
      ...cells.map((cell) => searchKeys.facilityCell(version, SEARCH_CELL_RESOLUTION, cell)),
      ...cells.map((cell) => searchKeys.releaseCell(version, SEARCH_CELL_RESOLUTION, cell)),
    ],
    itemKeys: [
      ...cells.map((cell) => searchKeys.facilityItems(version, SEARCH_CELL_RESOLUTION, cell)),
      ...cells.map((cell) => searchKeys.releaseItems(version, SEARCH_CELL_RESOLUTION, cell)),
    ],
  };
  diskKeys.set(id, entry);
  if (diskKeys.size > DISK_KEYS_KEPT) diskKeys.delete(diskKeys.keys().next().value!);
  return entry;
}

/**
 * Decoded coordinates of recently read cells, by cache key. A key names a dataset version and
 * a version never changes once live, so what was read stays true: a search in a city reads
 * from the cache only the cells no earlier search read. Null marks a cell without items.
 */
const CELLS_KEPT = 200_000;
/** Per cache, as a process may hold several (tests build platforms with the same versions). */
const decodedCellsOf = new WeakMap<Cache, Map<string, CellCoordinates | null>>();

async function readCellCoordinates(cache: Cache, keys: readonly string[]): Promise<Array<CellCoordinates | null>> {
  let decodedCells = decodedCellsOf.get(cache);
  if (!decodedCells) decodedCellsOf.set(cache, (decodedCells = new Map()));
  const missing = keys.filter((key) => !decodedCells.has(key));
  if (missing.length) {
    const blobs = await cache.getBuffers(missing);
    missing.forEach((key, position) => {
      const blob = blobs[position];
      decodedCells!.set(key, blob ? decodeCellCoordinates(blob) : null);
    });
    // Oldest first: Map keeps insertion order.
    for (const key of decodedCells.keys()) {
      if (decodedCells.size <= CELLS_KEPT) break;
      decodedCells.delete(key);
    }
  }
  return keys.map((key) => decodedCells!.get(key) ?? null);
}

export async function searchNearPoint(cache: Cache, version: number, latitude: number, longitude: number): Promise<NearPointResult> {
  const { cells, keys, itemKeys } = keysOfDisk(version, latitude, longitude);
  // Round trip 1 (only for cells not read before): the coordinates of every cell of the disk.
  const coordinates = await readCellCoordinates(cache, keys);
  const facilities = nearestItems(coordinates.slice(0, cells), latitude, longitude, SEARCH_RADIUS_MILES, MAX_SEARCH_RESULTS);
  const [release] = nearestItems(coordinates.slice(cells), latitude, longitude, SEARCH_RADIUS_MILES, 1).nearest.map((found) => ({ ...found, cell: found.cell + cells }));

  // Round trip 2: the items of the few cells that hold a result.
  const wanted = [...new Set([...facilities.nearest.map((found) => found.cell), ...(release ? [release.cell] : [])])];
  const items = new Map(wanted.map((cell, position) => [cell, position]));
  const blobs = await cache.getBuffers(wanted.map((cell) => itemKeys[cell]!));
  const jsonOf = <T>(found: { cell: number; index: number; distanceMiles: number }): FoundJson<T> => {
    const blob = blobs[items.get(found.cell)!];
    if (!blob) throw new Error(`search index of dataset version ${version} lost the items of a cell (${itemKeys[found.cell]})`);
    return withDistance<T>(readPackedItemJson(blob, found.index), found.distanceMiles);
  };
  return {
    facilities: facilities.nearest.map((found) => jsonOf<FoundFacility>(found)),
    total_found: facilities.total,
    closest_release: release ? jsonOf<FoundRelease>(release) : null,
  };
}
