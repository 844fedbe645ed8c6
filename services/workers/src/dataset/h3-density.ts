/**
 * A rebuild step: the map's facility-density layer (docs/decisions/0017-h3-density.md). Every
 * facility of the version with coordinates is counted in its H3 cell at resolutions 4 to 7;
 * each resolution is one gzipped H3DensityDocument in the cache, served as stored by
 * `GET /api/h3-density`. Facilities without coordinates are not counted: they have no place on
 * a heat map, and the region documents already count them by FIPS.
 */
import { createDensityTally } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { datasetKeys, encodeStoredDocument, storedSize, type StoredDocumentSize } from '@ust/read-model';
import { H3_DENSITY_RESOLUTIONS, type H3DensityDocument, type H3DensityResolution } from '@ust/schemas';
import { getLocatedFacilityPage } from '../queries/dataset/get-located-facility-page.js';

const PAGE_SIZE = 20_000;

export interface H3DensityTally {
  /** Located facilities: each resolution's counts add up to it. */
  facilities: number;
  resolutions: Record<H3DensityResolution, StoredDocumentSize & { cells: number; maxCount: number }>;
}

export async function writeH3Density(
  store: AnalyticsStore,
  cache: Cache,
  version: number,
  about: { dataset_version: number; generated_at: string },
): Promise<H3DensityTally> {
  const tally = createDensityTally();
  for (let after = ''; ;) {
    const rows = await getLocatedFacilityPage(store, version, after, PAGE_SIZE);
    for (const row of rows) tally.add(row.latitude, row.longitude);
    if (rows.length < PAGE_SIZE) break;
    after = rows[rows.length - 1]!.facility_id;
  }

  const resolutions = {} as H3DensityTally['resolutions'];
  const entries: Array<[string, Buffer | string]> = [];
  for (const resolution of H3_DENSITY_RESOLUTIONS) {
    const cells = tally.cells(resolution);
    const maxCount = cells.reduce((max, [, , , count]) => Math.max(max, count), 0);
    const document: H3DensityDocument = {
      ...about,
      resolution,
      cell_count: cells.length,
      facility_count: tally.points,
      max_count: maxCount,
      cells,
    };
    const encoded = await encodeStoredDocument(document);
    entries.push([datasetKeys.h3Density(version, resolution), encoded.gzip], [datasetKeys.h3DensityEtag(version, resolution), encoded.etag]);
    resolutions[resolution] = { ...storedSize(encoded), cells: cells.length, maxCount };
  }
  await cache.setMany(entries);
  return { facilities: tally.points, resolutions };
}
