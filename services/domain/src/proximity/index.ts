export { cellsWithinRadius, cellCentre, searchCellOf, SEARCH_CELL_RESOLUTION, type CellDisk } from './cover-radius.js';
export { decodeCellCoordinates, packCell, PackedCell, readPackedItem, readPackedItemJson, type PackableItem, type CellCoordinates, type PackedCellBlobs } from './packed-cell.js';
export { nearestItems, type NearbyItem, type NearestResult } from './nearest-items.js';

/** Facilities and the closest release are searched within this radius (SPEC.md section 9). */
export const SEARCH_RADIUS_MILES = 10;
/** At most this many facilities in a search result, closest first (DECISIONS.md 12). */
export const MAX_SEARCH_RESULTS = 25;
export { createDensityTally, densityCellOf, type DensityTally } from './density-tally.js';
