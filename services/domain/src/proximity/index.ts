export {
  cellAndNeighbours,
  cellBounds,
  cellsWithinRadius,
  cellCentre,
  searchCellOf,
  searchTileOf,
  SEARCH_CELL_RESOLUTION,
  SEARCH_TILE_RESOLUTION,
  type CellDisk,
} from './cover-radius.js';
export { ITEMS_DIGEST_LENGTH, itemsDigest, packedItemCount, packedItemRange, packItems, readPackedItem, readPackedItemJson } from './packed-cell.js';
export {
  cellOfGroup,
  decodeSearchTile,
  groupIntoTiles,
  itemsDigestOfGroup,
  packSearchTile,
  SEARCH_TILE_FORMAT,
  type ItemsDigestOf,
  type SearchTile,
  type TileGroup,
} from './search-tile.js';
export { packTileDirectory, TileDirectory, type DirectoryTile } from './tile-directory.js';
export { BoxTiles } from './box-tiles.js';
export { closestItem, nearestItems, ProximityScratch, type NearbyItem, type NearestResult, type TileItems } from './nearest-items.js';

/** Facilities and the closest release are searched within this radius (docs/product.md section 9). */
export const SEARCH_RADIUS_MILES = 10;
/** At most this many facilities in a search result, closest first (docs/decisions/0012-search-results.md). */
export const MAX_SEARCH_RESULTS = 25;
export { createDensityTally, densityCellOf, type DensityTally } from './density-tally.js';
