/**
 * Cache keys of the search indexes of a dataset version (DESIGN.md section 5): the packed
 * facilities and releases of each H3 cell.
 */
import { datasetVersionPrefix } from '@ust/schemas';

export const searchKeys = {
  /** Packed SearchFacilityItem of the cell (services/domain/src/proximity/packed-cell.ts). */
  facilityCell: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:fac:${resolution}:${cell}`,
  /** Packed SearchReleaseItem of the cell. */
  releaseCell: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:rel:${resolution}:${cell}`,
};
