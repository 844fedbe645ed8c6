/**
 * Cache keys of the search indexes of a dataset version (DESIGN.md section 5): the packed
 * facilities and releases of each H3 cell.
 */
import { datasetVersionPrefix } from '@ust/schemas';

export const searchKeys = {
  /** The coordinates blob of the cell's facilities (services/domain/src/proximity/packed-cell.ts). */
  facilityCell: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:fac:${resolution}:${cell}`,
  /** The items blob of the cell's facilities: SearchFacilityItem JSON. */
  facilityItems: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:fac:${resolution}:${cell}:items`,
  /** The coordinates blob of the cell's releases. */
  releaseCell: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:rel:${resolution}:${cell}`,
  /** The items blob of the cell's releases: SearchReleaseItem JSON. */
  releaseItems: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:rel:${resolution}:${cell}:items`,
};
