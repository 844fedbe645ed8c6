/**
 * The search indexes of a version that derives only some states again
 * (docs/decisions/0116-rebuild-what-an-import-touched.md). A cell (resolution 7) and a tile
 * (resolution 5) hold the records of every state near them, and one cell's records can lie in
 * two tiles, so this step derives a closed set: every tile the rebuilt states' records were in
 * (the base records its states' tiles) or are in now, every cell with records in those tiles,
 * every tile with records of those cells, until nothing is added. It reads the records of the
 * quarter-degree squares around them, derives those cells and tiles from the same records in
 * the same order as a full build, and copies every other cell and tile of the base.
 */
import { cellBounds, groupIntoTiles, searchCellOf, searchTileOf, SEARCH_TILE_RESOLUTION, type DirectoryTile } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { searchKeys } from '@ust/read-model';
import { SQUARES_PER_DEGREE, squareNumber } from '../queries/dataset/search-region-filter.js';
import { copyVersionKeys } from './copy-version-keys.js';
import type { RebuiltStates } from './rebuild-plan.js';
import {
  packedEntries,
  readFacilityItems,
  readReleaseItems,
  tilesOfStates,
  writeInBatches,
  writeTileDirectory,
  type LocatedItem,
  type SearchIndexTally,
} from './search-indexes.js';

/** An item with the cell and the tile that hold it. */
type PlacedItem = LocatedItem & { cell: string; tile: string };

/** The records around the derived tiles, and the closed set of cells and tiles to derive. */
interface Region {
  facilities: PlacedItem[];
  releases: PlacedItem[];
  cells: Set<string>;
  tiles: Set<string>;
}

/** Null when the base does not record its states' tiles (built before it did): derive everything. */
export async function writeSearchIndexesInPart(
  store: AnalyticsStore,
  cache: Cache,
  version: number,
  asOf: Date,
  rebuilt: RebuiltStates,
): Promise<SearchIndexTally | null> {
  const stored = await cache.get(searchKeys.tilesOfStates(rebuilt.base, SEARCH_TILE_RESOLUTION));
  if (stored === null) return null;
  const baseTiles = JSON.parse(stored) as Record<string, string[]>;
  const states = { states: rebuilt.states };
  const tilesNow = tilesOfStates([...(await readFacilityItems(store, version, asOf, states)), ...(await readReleaseItems(store, states))]);
  const seed = new Set([...rebuilt.states.flatMap((state) => baseTiles[state] ?? []), ...Object.values(tilesNow).flat()]);
  const region = await readRegion(store, version, asOf, seed);

  const facilities = groupIntoTiles(region.facilities.filter((item) => region.cells.has(item.cell)));
  const releases = groupIntoTiles(region.releases.filter((item) => region.cells.has(item.cell)));
  const directory: DirectoryTile[] = [];
  let bytes = await writeInBatches(cache, packedEntries(version, facilities, releases, directory));
  const derivedCells = { facilities: facilities.cells.size, releases: releases.cells.size };
  const copiedCells = { facilities: 0, releases: 0 };
  const cellOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1);
  for (const kind of ['fac', 'rel'] as const) {
    const copied = await copyVersionKeys(cache, rebuilt.base, version, `h3:${kind}:`, (key) => !region.cells.has(cellOfKey(key)));
    copiedCells[kind === 'fac' ? 'facilities' : 'releases'] = copied.keys;
    bytes += copied.bytes;
  }
  const copiedTiles = await copyVersionKeys(
    cache,
    rebuilt.base,
    version,
    'h3:tile:',
    (key) => !region.tiles.has(cellOfKey(key)),
    (key, blob) => directory.push({ cell: cellOfKey(key), blob }),
  );
  bytes += copiedTiles.bytes;
  const others = Object.fromEntries(Object.entries(baseTiles).filter(([state]) => !rebuilt.states.includes(state)));
  const merged = { ...others, ...tilesNow };
  const ordered = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((state) => [state, merged[state]!]),
  );
  await cache.set(searchKeys.tilesOfStates(version, SEARCH_TILE_RESOLUTION), JSON.stringify(ordered));
  bytes += await writeTileDirectory(cache, version, directory);
  return {
    facilities: region.facilities.length,
    releases: region.releases.length,
    facilityCells: derivedCells.facilities + copiedCells.facilities,
    releaseCells: derivedCells.releases + copiedCells.releases,
    tiles: directory.length,
    bytes,
  };
}

/**
 * Reads the records of the squares around `seed` and closes the set of cells and tiles over
 * them; while the closed set reaches squares not read, reads those too.
 */
async function readRegion(store: AnalyticsStore, version: number, asOf: Date, seed: ReadonlySet<string>): Promise<Region> {
  const squares = squaresAround(seed);
  for (;;) {
    const filter = { squares: [...squares] };
    const facilities = (await readFacilityItems(store, version, asOf, filter)).map(placed);
    const releases = (await readReleaseItems(store, filter)).map(placed);
    const { cells, tiles } = closeOver([...facilities, ...releases], seed);
    const unread = [...squaresAround([...tiles, ...cells])].filter((square) => !squares.has(square));
    if (unread.length === 0) return { facilities, releases, cells, tiles };
    for (const square of unread) squares.add(square);
  }
}

const placed = (item: LocatedItem): PlacedItem => ({
  ...item,
  cell: searchCellOf(item.latitude, item.longitude),
  tile: searchTileOf(item.latitude, item.longitude),
});

/** The tiles of `seed`, every cell with items in them, every tile with items of those cells, and so on. */
function closeOver(items: readonly PlacedItem[], seed: ReadonlySet<string>): { cells: Set<string>; tiles: Set<string> } {
  const tiles = new Set(seed);
  const cells = new Set<string>();
  for (let grown = true; grown;) {
    grown = false;
    for (const item of items) {
      if (tiles.has(item.tile) && !cells.has(item.cell)) {
        cells.add(item.cell);
        grown = true;
      }
      if (cells.has(item.cell) && !tiles.has(item.tile)) {
        tiles.add(item.tile);
        grown = true;
      }
    }
  }
  return { cells, tiles };
}

/** The squares under each cell's boundary, with one square more on every side. */
function squaresAround(cells: Iterable<string>): Set<number> {
  const squares = new Set<number>();
  for (const cell of cells) {
    const { south, north, west, east } = cellBounds(cell);
    for (let row = Math.floor(south * SQUARES_PER_DEGREE) - 1; row <= Math.floor(north * SQUARES_PER_DEGREE) + 1; row++)
      for (let column = Math.floor(west * SQUARES_PER_DEGREE) - 1; column <= Math.floor(east * SQUARES_PER_DEGREE) + 1; column++)
        squares.add(squareNumber(row, column));
  }
  return squares;
}
