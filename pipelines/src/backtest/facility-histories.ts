/**
 * The real records the backtest scores (docs/risk-model.md, 'Backtest'): every facility of the
 * real fixture files with its tanks and its linked releases, read through the same readers and
 * state mappings as an import, so a record means here what it means in the tables. Generated
 * records are never read: a figure about the real world comes from real records only.
 */
import path from 'node:path';
import { loadCountyLocator, type RiskReceptors } from '@ust/domain';
import type { FacilityRecord, ReleaseRecord, TankRecord } from '@ust/schemas';
import type { DatasetItem } from '../dataset-item.js';
import { readSources } from '../read/index.js';

/** The region of facilities on tribal lands. */
export const TRIBAL_LANDS = 'tribal lands';

export interface FacilityHistory {
  facilityId: string;
  /** Where the figures are grouped: the state, or tribal lands (EPA reports Indian Country apart). */
  region: string;
  receptors: RiskReceptors;
  tanks: TankRecord[];
  /** Releases linked to the facility, whenever reported. */
  releases: ReleaseRecord[];
}

/**
 * Facilities with their tanks and releases from the items of one or more imports, in import
 * order: as in the tables, a later record under the same id replaces an earlier one. Releases
 * linked to no facility (release sites) belong to no history.
 */
export function collectHistories(imports: ReadonlyArray<Iterable<DatasetItem>>): FacilityHistory[] {
  const facilities = new Map<string, FacilityRecord>();
  const tanks = new Map<string, TankRecord>();
  const releases = new Map<string, ReleaseRecord>();
  for (const items of imports) {
    for (const item of items) {
      if (item.kind === 'facility') facilities.set(item.record.facility_id, item.record);
      else if (item.kind === 'tank') tanks.set(item.record.tank_id, item.record);
      else if (item.kind === 'release') releases.set(item.record.release_id, item.record);
    }
  }
  const histories = new Map<string, FacilityHistory>();
  for (const facility of facilities.values()) {
    histories.set(facility.facility_id, {
      facilityId: facility.facility_id,
      region: facility.tribe ? TRIBAL_LANDS : facility.state,
      receptors: facility,
      tanks: [],
      releases: [],
    });
  }
  for (const tank of tanks.values()) histories.get(tank.facility_id)?.tanks.push(tank);
  for (const release of releases.values()) if (release.facility_id !== null) histories.get(release.facility_id)?.releases.push(release);
  return [...histories.values()].sort((a, b) => (a.facilityId < b.facilityId ? -1 : a.facilityId > b.facilityId ? 1 : 0));
}

/** Reads each import's fixture folders (relative to `fixturesDirectory`) and collects their histories. */
export async function readRealHistories(fixturesDirectory: string, imports: ReadonlyArray<readonly string[]>): Promise<FacilityHistory[]> {
  const locator = loadCountyLocator();
  const itemsOfImports: DatasetItem[][] = [];
  for (const [index, folders] of imports.entries()) {
    const context = { importId: `backtest-${index}`, version: index + 1, sourceRoot: fixturesDirectory, asOf: new Date() };
    const items: DatasetItem[] = [];
    for await (const item of readSources(
      folders.map((folder) => path.join(fixturesDirectory, folder)),
      context,
      locator,
    ))
      if (item.kind !== 'reject') items.push(item);
    itemsOfImports.push(items);
  }
  return collectHistories(itemsOfImports);
}
