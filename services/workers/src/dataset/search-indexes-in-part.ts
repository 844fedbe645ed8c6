/**
 * The search indexes of a version that derives only some states again
 * (docs/decisions/0116-rebuild-what-an-import-touched.md). A cell (resolution 7) and a tile
 * (resolution 5) hold the records of every state near them. A cell's blob depends on its own
 * records; a tile's blob lists, for each cell with records in it, where those records start in
 * the cell's blob, so it depends on every record of those cells, some of which lie in the next
 * tile. Every record of the rebuilt states, then (the base records its states' tiles) and now,
 * lies in the seed tiles. So the step derives every cell with records in a seed tile, then (as
 * the base's seed tiles list them) or now: no other cell changed; and every tile with records of
 * those cells, then (as the base's tiles around the seed list them) or now: no other tile
 * changed. It reads the records of the quarter-degree squares around them, derives those cells
 * and tiles from the same records in the same order as a full build, and copies every other
 * cell and tile of the base. A derived cell or tile left without records has no key, as in a
 * full build.
 */
import {
  cellAndNeighbours,
  cellBounds,
  cellOfGroup,
  decodeSearchTile,
  groupIntoTiles,
  searchCellOf,
  searchTileOf,
  SEARCH_TILE_RESOLUTION,
  type DirectoryTile,
} from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { searchKeys } from '@ust/read-model';
import { SQUARES_PER_DEGREE, squareNumber } from '../queries/dataset/search-region-filter.js';
import { copyVersionKeys } from './copy-version-keys.js';
import { withStatesReplaced, type RebuiltStates } from './rebuild-plan.js';
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

/** How many cells of each kind the tiles have records of (a cell on a tile's edge is in two or three). */
function cellsOfTiles(tiles: readonly DirectoryTile[]): { facilityCells: number; releaseCells: number } {
  const facilityCells = new Set<string>();
  const releaseCells = new Set<string>();
  for (const { blob } of tiles) {
    const tile = decodeSearchTile(blob);
    for (let group = 0; group < tile.facilityGroups + tile.releaseGroups; group++)
      (group < tile.facilityGroups ? facilityCells : releaseCells).add(cellOfGroup(tile, group));
  }
  return { facilityCells: facilityCells.size, releaseCells: releaseCells.size };
}

/** An item with the cell and the tile that hold it. */
type PlacedItem = LocatedItem & { cell: string; tile: string };

/** The records of the cells the derived tiles need, and the cells and tiles to derive. */
interface Region {
  /** Every record of every cell with records in `tiles`, in a full build's order. */
  facilities: PlacedItem[];
  releases: PlacedItem[];
  cells: Set<string>;
  tiles: Set<string>;
}

/** The cells each tile of the base lists, for the tiles it has of `tiles`. */
async function baseTileCells(cache: Cache, base: number, tiles: readonly string[]): Promise<Map<string, string[]>> {
  const blobs = await cache.getBuffers(tiles.map((tile) => searchKeys.tile(base, SEARCH_TILE_RESOLUTION, tile)));
  const cells = new Map<string, string[]>();
  tiles.forEach((tile, index) => {
    const blob = blobs[index];
    if (!blob) return;
    const decoded = decodeSearchTile(blob);
    cells.set(
      tile,
      Array.from({ length: decoded.facilityGroups + decoded.releaseGroups }, (_, group) => cellOfGroup(decoded, group)),
    );
  });
  return cells;
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
  const around = [...new Set([...seed].flatMap(cellAndNeighbours))];
  const region = await readRegion(store, version, asOf, seed, await baseTileCells(cache, rebuilt.base, around));

  const facilities = groupIntoTiles(region.facilities);
  const releases = groupIntoTiles(region.releases);
  const directory: DirectoryTile[] = [];
  // The groups hold the cells of every tile in `region.tiles`, but only some cells of the tiles around them: those are not written.
  const derived = (kind: 'cell' | 'tile', cell: string) => (kind === 'cell' ? region.cells : region.tiles).has(cell);
  // The items blobs of the cells not derived are the base's, named by the tiles copied below: nothing to copy.
  let bytes = await writeInBatches(cache, packedEntries(version, facilities, releases, directory, derived));
  const cellOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1);
  const copiedTiles = await copyVersionKeys(
    cache,
    rebuilt.base,
    version,
    'h3:tile:',
    (key) => !region.tiles.has(cellOfKey(key)),
    (key, blob) => directory.push({ cell: cellOfKey(key), blob }),
  );
  bytes += copiedTiles.bytes;
  await cache.set(searchKeys.tilesOfStates(version, SEARCH_TILE_RESOLUTION), JSON.stringify(withStatesReplaced(baseTiles, rebuilt, tilesNow)));
  bytes += await writeTileDirectory(cache, version, directory);
  return { facilities: region.facilities.length, releases: region.releases.length, ...cellsOfTiles(directory), tiles: directory.length, bytes };
}

/**
 * Reads the records of the squares around `seed` and finds the cells and tiles to derive and
 * the cells whose records those tiles need; while those reach squares not read, reads those too.
 * `baseCells` lists the cells of the base's tiles in and around the seed.
 */
async function readRegion(
  store: AnalyticsStore,
  version: number,
  asOf: Date,
  seed: ReadonlySet<string>,
  baseCells: ReadonlyMap<string, string[]>,
): Promise<Region> {
  const cellsThen = new Set([...seed].flatMap((tile) => baseCells.get(tile) ?? []));
  const squares = squaresAround([...baseCells.keys(), ...seed]);
  for (;;) {
    const filter = { squares: [...squares] };
    const facilities = (await readFacilityItems(store, version, asOf, filter)).map(placed);
    const releases = (await readReleaseItems(store, filter)).map(placed);
    const all = [...facilities, ...releases];
    const cells = new Set([...cellsThen, ...all.filter((item) => seed.has(item.tile)).map((item) => item.cell)]);
    const tiles = new Set([
      ...seed,
      ...all.filter((item) => cells.has(item.cell)).map((item) => item.tile),
      ...[...baseCells].filter(([, listed]) => listed.some((cell) => cells.has(cell))).map(([tile]) => tile),
    ]);
    const needed = new Set(all.filter((item) => tiles.has(item.tile)).map((item) => item.cell));
    const unread = [...squaresAround([...tiles, ...needed, ...cells])].filter((square) => !squares.has(square));
    if (unread.length === 0) {
      const ofNeeded = (item: PlacedItem) => needed.has(item.cell);
      return { facilities: facilities.filter(ofNeeded), releases: releases.filter(ofNeeded), cells, tiles };
    }
    for (const square of unread) squares.add(square);
  }
}

const placed = (item: LocatedItem): PlacedItem => ({
  ...item,
  cell: searchCellOf(item.latitude, item.longitude),
  tile: searchTileOf(item.latitude, item.longitude),
});

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
