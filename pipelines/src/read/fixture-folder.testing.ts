/** Reading one folder of pipelines/fixtures through the importer, for the tests that compare its records with the raw files. */
import { fileURLToPath } from 'node:url';
import { loadCountyLocator, loadZipCentroids } from '@ust/domain';
import { loadUsPlaces, placeKey } from '@ust/domain/geocoding';
import type { FacilityRecord, RejectedRow, ReleaseRecord, TankRecord } from '@ust/schemas';
import type { ImportContext } from '../dataset-item.js';
import { ImportTally, readSources } from './index.js';

export const FIXTURES_ROOT = fileURLToPath(new URL('../../fixtures', import.meta.url));

export interface ImportedFolder {
  tally: ImportTally;
  facilities: Map<string, FacilityRecord>;
  tanks: Map<string, TankRecord>;
  releases: Map<string, ReleaseRecord>;
  /** Rejected rows and warnings, in the order read. */
  rejects: RejectedRow[];
}

/** The records of `folder`, a folder of pipelines/fixtures (or of `root`), read as an import reads it. */
export async function importFixtureFolder(folder: string, root = FIXTURES_ROOT): Promise<ImportedFolder> {
  const context: ImportContext = { importId: 'fixture-folder', version: 1, sourceRoot: root, asOf: new Date('2025-06-01T00:00:00Z') };
  const imported: ImportedFolder = { tally: new ImportTally(), facilities: new Map(), tanks: new Map(), releases: new Map(), rejects: [] };
  for await (const item of readSources([folder], context, loadCountyLocator())) {
    imported.tally.add(item);
    if (item.kind === 'facility') imported.facilities.set(item.record.facility_id, item.record);
    if (item.kind === 'tank') imported.tanks.set(item.record.tank_id, item.record);
    if (item.kind === 'release') imported.releases.set(item.record.release_id, item.record);
    if (item.kind === 'reject') imported.rejects.push(item.record);
  }
  return imported;
}

export interface ExpectedPlacement {
  located_by: 'zip' | 'place' | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Where a record without coordinates and without an address point belongs, worked out from its
 * raw ZIP and town cells and the geocoder's data (docs/decisions/0110-located-by.md): the ZIP's
 * centroid when the ZIP is of the record's state, else the most populous town of that name in
 * the state, else nowhere.
 */
export function expectedPlacement(state: string, zipCell: unknown, cityCell: unknown): ExpectedPlacement {
  const locator = loadCountyLocator();
  const zips = loadZipCentroids(locator);
  const zip = /^(\d{5})(-?\d{4})?$/.exec(String(zipCell ?? '').trim())?.[1];
  const centroid = zip === undefined ? undefined : zips.find((candidate) => candidate.zip === zip);
  if (centroid && centroid.state === state) return { located_by: 'zip', latitude: centroid.latitude, longitude: centroid.longitude };
  const city = String(cityCell ?? '').trim();
  const key = city === '' ? null : placeKey(city, state);
  const towns = loadUsPlaces(zips).filter((place) => key !== null && placeKey(place.name, place.state) === key);
  const town = towns.sort((a, b) => b.population - a.population)[0];
  return town ? { located_by: 'place', latitude: town.latitude, longitude: town.longitude } : { located_by: null, latitude: null, longitude: null };
}

/** How many records were located each way ('none' for not located). */
export function countLocatedBy(records: Iterable<{ located_by: string | null }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) counts[record.located_by ?? 'none'] = (counts[record.located_by ?? 'none'] ?? 0) + 1;
  return counts;
}
