import type { AnalyticsStore, Cache } from '@ust/platform';
import { readDatasetMeta } from '@ust/read-model';
import type { ExposureSheet } from '@ust/schemas';
import { getFacilityWithTanksAndReleases } from '../queries/facilities/get-facility-with-tanks-and-releases.js';
import { toExposureSheet } from './to-exposure-sheet.js';

/** The exposure sheet of facility `id` as of the live dataset version, or undefined when there is no such facility. */
export async function loadExposureSheet(store: AnalyticsStore, cache: Cache, id: string): Promise<ExposureSheet | undefined> {
  const meta = await readDatasetMeta(cache);
  const found = await getFacilityWithTanksAndReleases(store, id, meta?.dataset_version ?? 0);
  return found && toExposureSheet(found, meta);
}
