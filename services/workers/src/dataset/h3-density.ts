/**
 * A rebuild step: the map's facility-density layer (docs/decisions/0017-h3-density.md). Every
 * facility of the version with coordinates is counted in its H3 cell at resolutions 4 to 7;
 * each resolution is one gzipped H3DensityDocument in the cache, served as stored by
 * `GET /api/h3-density`. Facilities without coordinates are not counted: they have no place on
 * a heat map, and the region documents already count them by FIPS.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { createDensityTally, type DensityTally } from '@ust/domain';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { datasetKeys, encodeStoredDocument, storedSize, type StoredDocumentSize } from '@ust/read-model';
import { H3_DENSITY_RESOLUTIONS, type H3DensityCell, type H3DensityDocument, type H3DensityResolution } from '@ust/schemas';
import { getLocatedFacilityPage, type LocatedFacilityRow } from '../queries/dataset/get-located-facility-page.js';
import { keysetPages } from './read-ahead.js';
import type { RebuiltStates } from './rebuild-plan.js';

const gunzipAsync = promisify(gunzip);

const PAGE_SIZE = 20_000;

export interface H3DensityTally {
  /** Located facilities: each resolution's counts add up to it. */
  facilities: number;
  resolutions: Record<H3DensityResolution, StoredDocumentSize & { cells: number; maxCount: number }>;
}

/**
 * With `rebuilt`, continues the base version's counts: takes back the located facilities the
 * rebuilt states had there and counts theirs now, instead of counting every facility again.
 */
export async function writeH3Density(
  store: AnalyticsStore,
  cache: Cache,
  version: number,
  about: { dataset_version: number; generated_at: string },
  rebuilt?: RebuiltStates,
): Promise<H3DensityTally> {
  const tally = rebuilt ? await baseTally(store, cache, rebuilt) : createDensityTally();
  await forEachLocatedFacility(store, version, rebuilt?.states, (row) => tally.add(row.latitude, row.longitude));

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

async function forEachLocatedFacility(
  store: AnalyticsStore,
  version: number,
  states: readonly string[] | undefined,
  visit: (row: LocatedFacilityRow) => void,
): Promise<void> {
  const pages = keysetPages(
    (after) => getLocatedFacilityPage(store, version, after, PAGE_SIZE, states),
    (row) => row.facility_id,
    PAGE_SIZE,
  );
  for await (const rows of pages) for (const row of rows) visit(row);
}

/** The base version's stored counts without the rebuilt states' located facilities. */
async function baseTally(store: AnalyticsStore, cache: Cache, rebuilt: RebuiltStates): Promise<DensityTally> {
  const cells: Partial<Record<H3DensityResolution, H3DensityCell[]>> = {};
  let points = 0;
  for (const resolution of H3_DENSITY_RESOLUTIONS) {
    const stored = await cache.getBuffer(datasetKeys.h3Density(rebuilt.base, resolution));
    if (!stored) throw new Error(`v${rebuilt.base} has no h3 density document of resolution ${resolution} to continue`);
    const document = JSON.parse((await gunzipAsync(stored)).toString('utf8')) as H3DensityDocument;
    cells[resolution] = document.cells;
    points = document.facility_count;
  }
  const tally = createDensityTally(H3_DENSITY_RESOLUTIONS, { points, cells });
  await forEachLocatedFacility(store, rebuilt.base, rebuilt.states, (row) => tally.remove(row.latitude, row.longitude));
  return tally;
}
