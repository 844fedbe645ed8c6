/**
 * readSources on small made-up exports: the rules that the real files exercise too rarely or
 * not at all (a missing id, a correction for no facility, a file named explicitly).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCountyLocator } from '@ust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetItem, ImportContext } from '../dataset-item.js';
import { readSources } from './index.js';

let root: string;
let context: ImportContext;

const FACILITY_HEADER = 'FacilityID,FacilityName,FacilityAddress1,FacilityCity,FacilityCounty,FacilityZipCode,FacilityState,FacilityLatitude,FacilityLongitude';
const TANK_HEADER = 'FacilityID,TankID,TankStatus,TankInstallationDate,TankClosureDate,TankSecondaryContainment';

async function write(relative: string, lines: string[]): Promise<void> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join('\n')}\n`);
}

async function read(paths: string[]): Promise<DatasetItem[]> {
  const items: DatasetItem[] = [];
  for await (const item of readSources(paths, context, loadCountyLocator())) items.push(item);
  return items;
}

const rejectsOf = (items: DatasetItem[]) => items.flatMap((i) => (i.kind === 'reject' ? [i.record] : []));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'read-sources-'));
  context = { importId: 'tmp', version: 7, sourceRoot: root, asOf: new Date('2025-06-01T00:00:00Z') };
  await write('DE/UST/facility.csv', [
    FACILITY_HEADER,
    '1-000001,Kent County Motor Sales,2181 South DuPont Highway,Dover,Kent,19901,DE,39.118174,-75.534738',
    ',No Id Garage,1 Main St,Dover,Kent,19901,DE,39.15,-75.52',
    '1-000003,Blank State Oil,2 Main St,Dover,Kent,19901-1234,,39.15,-75.52',
    '1-000004,Odd State Oil,3 Main St,Dover,Kent,19901,XX,,',
  ]);
  await write('DE/UST/tank.csv', [
    TANK_HEADER,
    '1-000001,1,In Service,9/21/2017,,Yes',
    '1-000001,1,In Service,2017-09-21,,Yes',
    '9-999999,1,Removed,2001-01-01,2010-02-30,No',
    '1-000001,2,Melted,someday,,',
  ]);
  await write('DE/UST/dispenser.csv', ['FacilityID,Dispenser ID,Dispenser UDC', '1-000001,1,Yes']);
  await write('DE/UST/latlong.csv', ['FacilityID,Actual Lat,Actual Long', '1-000001,39.1182,-75.5347', '5-555555,39.0,-75.5']);
  await write('DE/Releases/release.csv', [
    'Facility ID,LUSTID,Site Name,State,Latitude,Longitude,LUSTStatus,Reported Date',
    '1-000001,K1,Kent County Motor Sales,DE,39.118174,-75.534738,Active: general,2017-09-21',
    '7-777777,K2,Elsewhere,DE,39.15,-75.52,No further action,2015-01-01',
  ]);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readSources', () => {
  it('reads facilities before tanks whatever the order of the paths, and stamps provenance', async () => {
    const items = await read(['DE/UST/tank.csv', 'DE/UST/facility.csv']);
    const kinds = items.filter((i) => i.kind !== 'reject').map((i) => i.kind);
    expect(kinds).toEqual(['facility', 'facility', 'facility', 'tank', 'tank']);
    const tank = items.find((i) => i.kind === 'tank');
    expect(tank?.record).toMatchObject({
      tank_id: 'DE-1-000001/1',
      tank_status: 'Currently in use',
      installation_date: '2017-09-21',
      secondary_containment: true,
      source: 'DE/UST/tank.csv',
      source_line: 2,
      import_id: 'tmp',
      version: 7,
    });
  });

  it('rejects a tank whose facility does not exist, a duplicate tank and a row without id', async () => {
    const items = await read(['DE/UST']);
    expect(rejectsOf(items)).toEqual([
      { file: 'DE/UST/facility.csv', line: 3, field: 'FacilityID', value: '', reason: 'missing id' },
      { file: 'DE/UST/facility.csv', line: 5, field: 'FacilityState', value: 'XX', reason: "unknown state, the source folder's state used" },
      { file: 'DE/UST/facility.csv', line: 5, field: 'FacilityZipCode', value: '19901', reason: 'no coordinates, placed at the ZIP centroid (approximate)' },
      { file: 'DE/UST/latlong.csv', line: 3, field: 'FacilityID', value: '5-555555', reason: 'coordinate correction for a facility that does not exist' },
      { file: 'DE/UST/tank.csv', line: 3, field: 'TankID', value: '1', reason: 'duplicate id' },
      { file: 'DE/UST/tank.csv', line: 4, field: 'FacilityID', value: '9-999999', reason: 'facility does not exist' },
      { file: 'DE/UST/tank.csv', line: 5, field: 'TankStatus', value: 'Melted', reason: 'unknown tank status, tank_status set to null' },
      { file: 'DE/UST/tank.csv', line: 5, field: 'TankInstallationDate', value: 'someday', reason: 'unparseable date, field set to null' },
    ]);
    const tank2 = items.find((i) => i.kind === 'tank' && i.record.tank_id === 'DE-1-000001/2');
    expect(tank2?.record).toMatchObject({ tank_status: null, source_tank_status: 'Melted', installation_date: null });
  });

  it("fills a blank state from the folder, applies the folder's corrections and trims ZIP+4", async () => {
    const items = await read(['DE/UST/facility.csv', 'DE/UST/latlong.csv']);
    const facilities = items.flatMap((i) => (i.kind === 'facility' ? [i.record] : []));
    expect(facilities.map((f) => [f.facility_id, f.state, f.zip_code, f.latitude, f.coordinate_repair, f.located_by, f.fips])).toEqual([
      ['DE-1-000001', 'DE', '19901', 39.1182, 'corrected from latlong.csv', 'coordinates', '10001'],
      ['DE-1-000003', 'DE', '19901', 39.15, null, 'coordinates', '10001'],
      // Without coordinates: at the centroid of its ZIP, approximate.
      ['DE-1-000004', 'DE', '19901', 39.181542, null, 'zip', '10001'],
    ]);
  });

  it('links a release to a facility of the same source set only', async () => {
    const alone = await read(['DE/Releases']);
    const withFacilities = await read(['DE/Releases', 'DE/UST/facility.csv']);
    const linkOf = (items: DatasetItem[]) =>
      items.flatMap((i) => (i.kind === 'release' ? [[i.record.release_id, i.record.facility_id, i.record.status_class]] : []));
    expect(linkOf(alone)).toEqual([
      ['DE-K1', null, 'Open'],
      ['DE-K2', null, 'No Further Action'],
    ]);
    expect(linkOf(withFacilities)).toEqual([
      ['DE-K1', 'DE-1-000001', 'Open'],
      ['DE-K2', null, 'No Further Action'],
    ]);
    expect(rejectsOf(alone)).toEqual([]);
  });

  it('passes over files of no known format inside a folder but refuses one named explicitly', async () => {
    await expect(read(['DE/UST/dispenser.csv'])).rejects.toThrow(/DE\/UST\/dispenser.csv: not a known EPA template or UST Finder file/);
  });

  it('rejects a facility another file of the import gave first (files are read in path order), so one import writes one version of each', async () => {
    await write('DE/More/facility.csv', [
      FACILITY_HEADER,
      '1-000001,Kent County Motor Sales again,2181 South DuPont Highway,Dover,Kent,19901,DE,39.118174,-75.534738',
    ]);
    const items = await read(['DE/UST/facility.csv', 'DE/More/facility.csv']);
    const facilities = items.flatMap((i) => (i.kind === 'facility' ? [[i.record.facility_id, i.record.name]] : []));
    expect(facilities.filter(([id]) => id === 'DE-1-000001')).toEqual([['DE-1-000001', 'Kent County Motor Sales again']]);
    expect(rejectsOf(items)).toContainEqual({ file: 'DE/UST/facility.csv', line: 2, field: 'FacilityID', value: '1-000001', reason: 'duplicate id' });
    await rm(path.join(root, 'DE', 'More'), { recursive: true });
  });
});
