/**
 * Cache keys of the search indexes of a dataset version (DESIGN.md section 5): the packed
 * facilities and releases of each resolution-7 H3 cell, the search tiles (resolution 5) holding
 * their coordinates, and the directory of the tiles.
 */
import { datasetVersionPrefix } from '@ust/schemas';

export const searchKeys = {
  /** The items blob of the cell's facilities: SearchFacilityItem JSON (services/domain/src/proximity/packed-cell.ts). */
  facilityItems: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:fac:${resolution}:${cell}`,
  /** The items blob of the cell's releases: SearchReleaseItem JSON. */
  releaseItems: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:rel:${resolution}:${cell}`,
  /** The coordinates of the facilities and releases in a tile (services/domain/src/proximity/search-tile.ts). */
  tile: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:tile:${resolution}:${cell}`,
  /** Every tile's cell and circles (services/domain/src/proximity/tile-directory.ts). */
  tileDirectory: (version: number, resolution: number) => `${datasetVersionPrefix(version)}h3:tiles:${resolution}`,
};
