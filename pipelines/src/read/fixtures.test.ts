/**
 * The importer on the real fixture files (pipelines/fixtures, see its README): exact values of
 * named records, and the counts of the whole fixture set.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCountyLocator } from '@ust/domain';
import type { FacilityRecord, RejectedRow, ReleaseRecord, TankRecord } from '@ust/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportContext } from '../dataset-item.js';
import { ImportTally, readSources } from './index.js';
import { readCsvRecords } from './csv-rows.js';

const context: ImportContext = {
  importId: 'fixtures-test',
  version: 1,
  sourceRoot: fileURLToPath(new URL('../../fixtures', import.meta.url)),
  asOf: new Date('2025-06-01T00:00:00Z'),
};
const provenance = { import_id: 'fixtures-test', version: 1 };

const facilities = new Map<string, FacilityRecord>();
const tanks = new Map<string, TankRecord>();
const releases = new Map<string, ReleaseRecord>();
const rejects: RejectedRow[] = [];
const order: string[] = [];
const tally = new ImportTally();

beforeAll(async () => {
  for await (const item of readSources(['epa-template', 'ust-finder-tribal'], context, loadCountyLocator())) {
    tally.add(item);
    order.push(item.kind);
    if (item.kind === 'facility') facilities.set(item.record.facility_id, item.record);
    if (item.kind === 'tank') tanks.set(item.record.tank_id, item.record);
    if (item.kind === 'release') releases.set(item.record.release_id, item.record);
    if (item.kind === 'reject') rejects.push(item.record);
  }
}, 60_000);

const facility = (id: string) => facilities.get(id) ?? expect.fail(`no facility ${id}`);
const tank = (id: string) => tanks.get(id) ?? expect.fail(`no tank ${id}`);
const release = (id: string) => releases.get(id) ?? expect.fail(`no release ${id}`);
const rejectsAt = (file: string, line: number) => rejects.filter((r) => r.file === file && r.line === line);

describe('Delaware: 1-000001 Kent County Motor Sales', () => {
  it('is mapped to Kent County by its point', () => {
    expect(facility('DE-1-000001')).toMatchObject({
      source_facility_id: '1-000001',
      name: 'Kent County Motor Sales',
      address: '2181 South DuPont Highway',
      city: 'Dover',
      county: 'Kent',
      state: 'DE',
      zip_code: '19901',
      latitude: 39.118174,
      longitude: -75.534738,
      coordinate_source: 'Map interpolation',
      coordinate_repair: null,
      fips: '10001',
      mapping_method: 'point in county',
      owner_type: 'Private Organization',
      facility_type: 'Commercial',
      epa_region: 3,
      source: 'epa-template/DE/UST/facility.csv',
      source_line: 2,
      ...provenance,
    });
  });

  it('has its two removed tanks, with capacity and substance from the compartments', () => {
    const ofFacility = [...tanks.values()].filter((t) => t.facility_id === 'DE-1-000001');
    expect(ofFacility.map((t) => t.tank_id)).toEqual(['DE-1-000001/1', 'DE-1-000001/2']);
    expect(tank('DE-1-000001/1')).toEqual({
      tank_id: 'DE-1-000001/1',
      facility_id: 'DE-1-000001',
      source_tank_id: '1',
      state: 'DE',
      tank_status: 'Closed',
      source_tank_status: 'Removed',
      installation_date: '1984-01-08',
      removal_date: '1990-10-08',
      capacity_gallons: 10000,
      substances: 'Gasoline (unknown type)',
      tank_wall_type: null,
      material: 'Asphalt Coated or Bare Steel',
      corrosion_protection: 'Cathodic protection not required',
      secondary_containment: false,
      leak_detection: 'Piping: line leak detector',
      source: 'epa-template/DE/UST/tank.csv',
      source_line: 2,
      ...provenance,
    });
    expect(tank('DE-1-000001/2')).toMatchObject({
      tank_status: 'Closed',
      installation_date: '1984-01-08',
      removal_date: '1990-10-08',
      capacity_gallons: 1000,
      substances: 'Oil',
      material: 'Epoxy Coated Steel',
      source_line: 3,
    });
  });

  it('nulls the 1900-01-01 placeholder installation dates and reports each', () => {
    expect(rejectsAt('epa-template/DE/UST/tank.csv', 1300)).toEqual([
      { file: 'epa-template/DE/UST/tank.csv', line: 1300, field: 'TankInstallationDate', value: '1900-01-01', reason: 'placeholder date, field set to null' },
    ]);
    expect([...tanks.values()].filter((t) => t.source === 'epa-template/DE/UST/tank.csv' && t.source_line === 1300)[0]?.installation_date).toBeNull();
  });
});

describe('DC: multi-line addresses', () => {
  it('reads 6001281 with both address lines, at the line its row starts on', () => {
    expect(facility('DC-6001281')).toMatchObject({
      name: 'AOC - CAPITOL GROUNDS AUTOMOTIVE GARAGE',
      address: '14 E ST SE, CAPITOL GROUNDS GARAGE',
      city: 'Washington DC',
      county: 'District of Columbia',
      zip_code: '20003',
      fips: '11001',
      mapping_method: 'point in county',
      owner_type: 'Federal Government - Non Military',
      source: 'epa-template/DC/UST/facility.csv',
      source_line: 2,
    });
  });

  it('numbers the rows after multi-line cells by their first line', () => {
    expect(facility('DC-2005410').source_line).toBe(4);
    expect(facility('DC-8000066')).toMatchObject({ address: '4700 SHEPHERD PW SW, BLUE PLAINS DRIVE SW', source_line: 5 });
    expect(facility('DC-2000139').source_line).toBe(7);
    expect(facility('DC-2010006').source_line).toBe(1472);
  });

  it("maps DC's facilities without coordinates to its only county by name, and places them approximately, never at (0, 0)", () => {
    const withoutPoint = [...facilities.values()].filter((f) => f.state === 'DC' && f.located_by !== 'coordinates');
    expect(withoutPoint).toHaveLength(19);
    expect(new Set(withoutPoint.map((f) => `${f.fips} ${f.mapping_method}`))).toEqual(new Set(['11001 county name']));
    expect(withoutPoint.every((f) => (f.located_by === 'zip' || f.located_by === 'place') && f.latitude !== 0 && f.longitude !== 0)).toBe(true);
  });

  it("gives 6001281's tanks their statuses, walls and release detection", () => {
    expect(tank('DC-6001281/6001281-2')).toMatchObject({
      tank_status: 'Currently in use',
      source_tank_status: 'Currently in use',
      installation_date: '2001-10-21',
      capacity_gallons: 4000,
      substances: 'Gasoline (unknown type)',
      tank_wall_type: 'Double wall',
      secondary_containment: true,
      leak_detection: 'Interstitial monitoring; Piping: line leak detector; Piping: interstitial monitoring',
    });
    expect(tank('DC-6001281/6001281-1')).toMatchObject({
      tank_status: 'Closed',
      source_tank_status: 'Closed (removed from ground)',
      tank_wall_type: 'Single wall',
    });
  });

  it('links a release to its facility only when the facility is in the source set', () => {
    expect(release('DC-2017018')).toMatchObject({
      lust_id: '2017018',
      facility_id: null, // facility 5010010 is not in DC's facility.csv
      status: 'No further action',
      status_class: 'No Further Action',
      reported_date: '2017-09-21',
      nfa_date: '2018-01-11',
      fips: '11001',
    });
    const dcReleases = [...releases.values()].filter((r) => r.release_id.startsWith('DC-'));
    // 854 by their FacilityID; 2 whose FacilityID matches none, by their street address and ZIP.
    expect(dcReleases.filter((r) => r.facility_id !== null)).toHaveLength(856);
    expect(dcReleases.every((r) => r.facility_id === null || facilities.has(r.facility_id))).toBe(true);
    const byAddress = rejects.filter((r) => r.reason === 'linked to its facility by street address and ZIP');
    expect(byAddress).toHaveLength(2);
    for (const note of byAddress) {
      const linked = [...releases.values()].find((r) => r.source === note.file && r.source_line === note.line)!;
      const facilityOf = facility(String(note.value));
      expect(linked.facility_id).toBe(facilityOf.facility_id);
      expect({ zip: linked.zip_code, state: linked.state }).toEqual({ zip: facilityOf.zip_code, state: facilityOf.state });
    }
  });
});

describe('Vermont: latlong.csv corrections', () => {
  it('applies the correction to facility 319 and reports its duplicate row', () => {
    expect(facility('VT-319')).toMatchObject({
      name: 'Springfield Hartness Airport',
      latitude: 43.343,
      longitude: -72.5219,
      coordinate_repair: 'corrected from latlong.csv',
      fips: '50027',
      mapping_method: 'point in county',
      zip_code: '05150',
      source_line: 118,
    });
    expect(rejectsAt('epa-template/VT/UST/facility.csv', 119)).toEqual([
      { file: 'epa-template/VT/UST/facility.csv', line: 119, field: 'FacilityID', value: '319', reason: 'duplicate id' },
    ]);
  });

  it('restores the minus sign that the correction of 2452 lost', () => {
    expect(facility('VT-2452')).toMatchObject({
      latitude: 43.61,
      longitude: -73.2083,
      coordinate_repair: 'corrected from latlong.csv; negated longitude',
      fips: '50021',
    });
  });

  it('corrects all 28 facilities of latlong.csv', () => {
    expect([...facilities.values()].filter((f) => f.coordinate_repair?.startsWith('corrected from latlong.csv'))).toHaveLength(28);
  });

  it("reads year-only installation dates ('1992.0') as 1 January", () => {
    expect(tank('VT-319/8182')).toMatchObject({
      installation_date: '1992-01-01',
      tank_status: 'Currently in use',
      source_tank_status: 'ACTIVE',
      capacity_gallons: 10000,
    });
  });

  it('rejects a tank whose facility is not in facility.csv', () => {
    expect(rejectsAt('epa-template/VT/UST/tank.csv', 8)).toEqual([
      { file: 'epa-template/VT/UST/tank.csv', line: 8, field: 'FacilityID', value: '8', reason: 'facility does not exist' },
    ]);
    expect([...tanks.values()].some((t) => t.facility_id === 'VT-8')).toBe(false);
  });
});

describe("Illinois: ' FacilityState' and 'De Kalb'", () => {
  it('maps a De Kalb facility without coordinates by county name, reporting its 0, 0 and placing it at its ZIP', () => {
    // 0, 0 is no point: the facility is placed at the centroid of ZIP 60115, approximate.
    expect(facility('IL-1002693')).toMatchObject({
      name: 'N I U - Stevenson Towers',
      county: 'De Kalb',
      state: 'IL',
      zip_code: '60115',
      latitude: 41.901263,
      longitude: -88.76155,
      located_by: 'zip',
      fips: '17037',
      mapping_method: 'county name',
    });
    expect(rejectsAt('epa-template/IL/UST/facility.csv', 34)).toEqual([
      {
        file: 'epa-template/IL/UST/facility.csv',
        line: 34,
        field: 'FacilityLatitude,FacilityLongitude',
        value: '0.0,0.0',
        reason: 'placeholder coordinates (0, 0), set to null',
      },
      {
        file: 'epa-template/IL/UST/facility.csv',
        line: 34,
        field: 'FacilityZipCode',
        value: '60115',
        reason: 'no coordinates, placed at the ZIP centroid (approximate)',
      },
    ]);
  });

  it('maps a De Kalb facility with coordinates by point', () => {
    expect(facility('IL-1000039')).toMatchObject({ state: 'IL', county: 'De Kalb', fips: '17037', mapping_method: 'point in county' });
  });
});

describe('Iowa releases', () => {
  it("trims '51040-' and '525560000' to five digits", () => {
    expect(release('IA-9LTL37')).toMatchObject({
      zip_code: '51040',
      fips: '19133',
      status: null,
      status_class: 'Other',
      closed_with_residual_contamination: true,
    });
    expect(release('IA-7LTG02')).toMatchObject({
      zip_code: '52556',
      fips: '19101',
      status: 'No further action',
      status_class: 'No Further Action',
      reported_date: '1989-09-28',
      nfa_date: '1994-10-21',
      substance: 'Waste Oil',
    });
  });

  it("keeps the release that says 'OH' but lies in Iowa, and reports it", () => {
    expect(release('IA-7LTX94')).toMatchObject({ state: 'OH', latitude: 40.74629, longitude: -95.02071, fips: null, status_class: 'Open' });
    expect(rejectsAt('epa-template/IA/Releases/Template.csv', 5002).map((r) => r.reason)).toEqual(['coordinates outside the stated state']);
  });
});

describe('UST Finder tribal files', () => {
  it('repairs the swapped Perry, Maine row and reports it', () => {
    expect(facility('TRIBAL-2322-5')).toMatchObject({
      source_facility_id: '2322-5',
      name: "Fiddlehead's Garage (former)",
      city: 'Perry',
      county: 'Penobscot',
      state: 'ME',
      zip_code: '04667',
      latitude: 44.9333,
      longitude: -68.65,
      coordinate_repair: 'swapped latitude and longitude; negated longitude',
      fips: '23019',
      mapping_method: 'point in county',
      tribe: 'Penobscot Nation',
      epa_region: 1,
      facility_status: 'Permanent Closed',
      closed_usts: 1,
    });
    expect(rejectsAt('ust-finder-tribal/2024-Nov/data/fac.csv', 2)).toEqual([
      {
        file: 'ust-finder-tribal/2024-Nov/data/fac.csv',
        line: 2,
        field: 'Latitude,Longitude',
        value: '68.65,44.9333',
        reason: 'latitude and longitude swapped (repaired)',
      },
      {
        file: 'ust-finder-tribal/2024-Nov/data/fac.csv',
        line: 2,
        field: 'Latitude,Longitude',
        value: '68.65,44.9333',
        reason: 'longitude sign missing (repaired)',
      },
    ]);
  });

  it("restores the leading zero of ZIP '6355'", () => {
    expect(facility('TRIBAL-2323-6')).toMatchObject({ zip_code: '06355', state: 'CT', fips: '09011' });
    expect(release('TRIBAL-2323-6-Museum Historical Release')).toMatchObject({
      zip_code: '06355',
      facility_id: 'TRIBAL-2323-6',
      status: 'Closed',
      status_class: 'No Further Action',
      reported_date: '1997-11-24',
    });
  });

  it('reads tribal tanks, nulling the 01-JAN-1900 placeholder and keeping 01-JAN-1970', () => {
    expect(tank('TRIBAL-2322-5/Tank 1')).toMatchObject({
      state: 'ME',
      tank_status: 'Closed',
      source_tank_status: 'Permanently Out of Use',
      installation_date: '1970-01-01',
      removal_date: '2014-08-30',
      capacity_gallons: 500,
      substances: 'Used Oil',
    });
    expect(tank('TRIBAL-2323-6/Tank 1')).toMatchObject({ installation_date: null, removal_date: '1997-11-24', capacity_gallons: 3000 });
    expect(rejectsAt('ust-finder-tribal/2024-Nov/data/usts.csv', 3)).toEqual([
      {
        file: 'ust-finder-tribal/2024-Nov/data/usts.csv',
        line: 3,
        field: 'Installation Date',
        value: '01-JAN-1900',
        reason: 'placeholder date, field set to null',
      },
    ]);
  });

  it('nulls an installation date in the future (01-JUL-2049, removed in 1989)', () => {
    expect(rejectsAt('ust-finder-tribal/2024-Nov/data/usts.csv', 6965).map((r) => [r.value, r.reason])).toEqual([
      ['01-JUL-2049', 'date in the future, field set to null'],
    ]);
  });
});

describe('the whole fixture set', () => {
  it('reads every facility before any tank, and every tank before any release', () => {
    const lastFacility = order.lastIndexOf('facility');
    const firstTank = order.indexOf('tank');
    expect(lastFacility).toBeLessThan(firstTank);
    expect(order.lastIndexOf('tank')).toBeLessThan(order.indexOf('release'));
  });

  it('accepts or rejects every row it reads: records + rejected rows = data rows, per file', async () => {
    for (const row of tally.toFileTable()) {
      let records = -1; // the header
      for await (const _record of readCsvRecords(path.join(context.sourceRoot, row.file))) records += 1;
      expect(row.facilities + row.tanks + row.releases + row.rejects, row.file).toBe(records);
    }
  });

  it('counts records, rejected rows and warnings per file', () => {
    const table = tally.toFileTable();
    console.table(table);
    expect(table).toEqual([
      { file: 'epa-template/DC/Releases/release.csv', facilities: 0, tanks: 0, releases: 1065, rejects: 1, warnings: 37 },
      { file: 'epa-template/DC/UST/facility.csv', facilities: 1356, tanks: 0, releases: 0, rejects: 0, warnings: 19 },
      { file: 'epa-template/DC/UST/tank.csv', facilities: 0, tanks: 4479, releases: 0, rejects: 0, warnings: 0 },
      { file: 'epa-template/DE/UST/facility.csv', facilities: 2665, tanks: 0, releases: 0, rejects: 0, warnings: 3 },
      { file: 'epa-template/DE/UST/tank.csv', facilities: 0, tanks: 8986, releases: 0, rejects: 0, warnings: 19 },
      { file: 'epa-template/IA/Releases/Template.csv', facilities: 0, tanks: 0, releases: 6883, rejects: 10, warnings: 11 },
      { file: 'epa-template/IL/UST/facility.csv', facilities: 5751, tanks: 0, releases: 0, rejects: 484, warnings: 3463 },
      { file: 'epa-template/VT/UST/facility.csv', facilities: 752, tanks: 0, releases: 0, rejects: 29, warnings: 20 },
      { file: 'epa-template/VT/UST/tank.csv', facilities: 0, tanks: 1632, releases: 0, rejects: 1059, warnings: 0 },
      { file: 'ust-finder-tribal/2024-Nov/data/fac.csv', facilities: 3172, tanks: 0, releases: 0, rejects: 6, warnings: 362 },
      { file: 'ust-finder-tribal/2024-Nov/data/lust.csv', facilities: 0, tanks: 0, releases: 1341, rejects: 0, warnings: 78 },
      { file: 'ust-finder-tribal/2024-Nov/data/usts.csv', facilities: 0, tanks: 8518, releases: 0, rejects: 12, warnings: 1073 },
    ]);
  });

  it('counts rejects, warnings and repairs per reason', () => {
    const table = tally.toTable();
    console.table(table);
    expect(table).toEqual([
      { group: 'records', name: 'facilities', count: 13696 },
      { group: 'records', name: 'tanks', count: 23615 },
      { group: 'records', name: 'releases', count: 9289 },
      { group: 'rejects', name: 'facility does not exist', count: 1059 },
      { group: 'rejects', name: 'duplicate id', count: 542 },
      { group: 'warnings', name: 'no coordinates, placed at the ZIP centroid (approximate)', count: 1820 },
      { group: 'warnings', name: 'placeholder coordinates (0, 0), set to null', count: 1800 },
      { group: 'warnings', name: 'placeholder date, field set to null', count: 1089 },
      { group: 'warnings', name: 'longitude sign missing (repaired)', count: 154 },
      { group: 'warnings', name: 'coordinates outside the stated state', count: 97 },
      { group: 'warnings', name: 'no coordinates, placed at the town centre (approximate)', count: 92 },
      { group: 'warnings', name: 'latitude and longitude swapped (repaired)', count: 18 },
      { group: 'warnings', name: 'no coordinates and no address, ZIP or town to place it', count: 5 },
      { group: 'warnings', name: 'no coordinates, placed at an address point', count: 3 },
      { group: 'warnings', name: 'invalid ZIP code, field set to null', count: 2 },
      { group: 'warnings', name: 'linked to its facility by street address and ZIP', count: 2 },
      { group: 'warnings', name: 'unparseable date, field set to null', count: 2 },
      { group: 'warnings', name: 'date in the future, field set to null', count: 1 },
      { group: 'repairs', name: 'negated longitude', count: 154 },
      { group: 'repairs', name: 'corrected from latlong.csv', count: 28 },
      { group: 'repairs', name: 'swapped latitude and longitude', count: 18 },
    ]);
  });

  it('maps tank statuses to the three states, keeping every source spelling', () => {
    const byStatus = new Map<string, number>();
    for (const t of tanks.values())
      byStatus.set(`${t.tank_status} <- ${t.source_tank_status}`, (byStatus.get(`${t.tank_status} <- ${t.source_tank_status}`) ?? 0) + 1);
    expect(Object.fromEntries([...byStatus].sort())).toEqual({
      'Closed <- Abandoned': 13,
      'Closed <- Closed (in place)': 279,
      'Closed <- Closed (removed from ground)': 3643,
      'Closed <- Closed in Place': 587,
      'Closed <- PULLED': 4,
      'Closed <- Permanently Out of Use': 6346,
      'Closed <- Removed': 7329,
      'Currently in use <- ACTIVE': 1628,
      'Currently in use <- Currently in Use': 2066,
      'Currently in use <- Currently in use': 516,
      'Currently in use <- In Service': 1047,
      'Temporarily out of service <- Out Of Service': 23,
      'Temporarily out of service <- Temporarily Out of Use': 93,
      'Temporarily out of service <- Temporarily out of service': 19,
      'null <- Other': 22,
    });
  });

  it('gives every record a unique national key, a USPS state and ISO dates', () => {
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    const dates = [...tanks.values()]
      .flatMap((t) => [t.installation_date, t.removal_date])
      .concat([...releases.values()].flatMap((r) => [r.reported_date, r.nfa_date]));
    expect(dates.every((d) => d === null || iso.test(d))).toBe(true);
    const states = [...facilities.values(), ...tanks.values(), ...releases.values()].map((r) => r.state);
    expect(states.every((s) => /^[A-Z]{2}$/.test(s))).toBe(true);
    expect(facilities.size).toBe(tally.counts.facilities);
    expect(tanks.size).toBe(tally.counts.tanks);
    expect(releases.size).toBe(tally.counts.releases);
    expect([...tanks.values()].every((t) => facilities.has(t.facility_id))).toBe(true);
    const zips = [...facilities.values(), ...releases.values()].map((r) => r.zip_code);
    expect(zips.every((z) => z === null || /^\d{5}$/.test(z))).toBe(true);
    expect([...facilities.values()].every((f) => (f.fips === null) === (f.mapping_method === null))).toBe(true);
  });
});
