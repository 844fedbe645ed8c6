/** Reading one folder of pipelines/fixtures through the importer, for the tests that compare its records with the raw files. */
import { fileURLToPath } from 'node:url';
import { loadCountyLocator } from '@ust/domain';
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
