/**
 * States' own exports (pipelines/fixtures/state-native, see its README) through their declared
 * mappings: the counts of each file (docs/data-model.md, "States' own exports"), and a sample of
 * records against the raw cells, read here by csv-parse, with the awkward ones: Utah's `<blank>`
 * and `7/18/1990 12:00:00 AM`, West Virginia's one-field address, its `Diesel(40000)(2007)` tank
 * details and its totals row.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_ROOT as root, countLocatedBy, expectedPlacement, importFixtureFolder, type ImportedFolder } from './fixture-folder.testing.js';

const UNMAPPED = 'column not mapped, left out of the import';
type Imported = ImportedFolder & { unmapped: string[] };

/** The folder's records, and its columns left out as `file: column`. */
async function importFolder(folder: string): Promise<Imported> {
  const imported = await importFixtureFolder(folder);
  return { ...imported, unmapped: imported.rejects.filter((reject) => reject.reason === UNMAPPED).map((reject) => `${reject.file}: ${reject.field}`) };
}

const rawRows = (file: string) => parse(readFileSync(`${root}/${file}`), { columns: true, bom: true, skip_empty_lines: true }) as Array<Record<string, string>>;
/** The importer's reading of a text cell: trimmed, line breaks as `, `, and blank or 'Unknown' (any case) as no value. */
const known = (text: string | undefined) => {
  const trimmed = (text ?? '').trim().replace(/\s*\r?\n\s*/g, ', ');
  return trimmed === '' || /^(unknown|n\/a|na|null)$/i.test(trimmed) ? null : trimmed;
};
const every = <T>(rows: readonly T[], n: number) => rows.filter((_row, index) => index % n === 0);
/** `7/18/1990 12:00:00 AM` as the importer writes dates. */
const isoDay = (text: string) => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
  return match ? `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}` : null;
};

describe('Utah: fac.csv and ut_lust.csv', () => {
  let utah: Imported;
  beforeAll(async () => {
    utah = await importFolder('state-native/UT');
  }, 60_000);

  it('imports every facility and case, links the cases to their facilities by FacilityID, and lists the columns left out', () => {
    expect(utah.tally.counts).toEqual({ facilities: 6_497, tanks: 0, releases: 5_631, rejects: 0, warnings: 5_669 });
    expect(utah.tally.warningsRecord()).toEqual({
      'column not mapped, left out of the import': 36,
      "unknown state, the source folder's state used": 2,
      'no coordinates, placed at an address point': 5_493,
      'no coordinates and no address, ZIP or town to place it': 138,
    });
    const linked = [...utah.releases.values()].filter((release) => release.facility_id !== null);
    expect(linked).toHaveLength(5_493);
    expect(utah.unmapped).toContain('state-native/UT/fac.csv: OWNERNAME');
    expect(utah.unmapped).toContain('state-native/UT/ut_lust.csv: CLOSURETYPE');
    expect(utah.unmapped).not.toContain('state-native/UT/ut_lust.csv: MAPLABEL');
    expect(utah.unmapped.filter((column) => column.startsWith('state-native/UT/fac.csv'))).toHaveLength(21);
  });

  it("keeps the file's values of a sample of facilities", () => {
    for (const row of every(rawRows('state-native/UT/fac.csv'), 300)) {
      expect(utah.facilities.get(`UT-${row['FacilityID']}`), row['FacilityID']).toMatchObject({
        name: row['LOCNAME'],
        city: row['LOCCITY'],
        county: row['LOCCOUNTY'],
        zip_code: row['LOCZIP'],
        facility_type: row['FACILITYDE'],
        latitude: Number(row['DDLat']),
        longitude: Number(row['DDLon']),
      });
    }
  });

  it("keeps the file's values of a sample of cases: ids, dates, open or closed, and the facility", () => {
    const facilities = new Set(rawRows('state-native/UT/fac.csv').map((row) => row['FacilityID']));
    for (const row of every(rawRows('state-native/UT/ut_lust.csv'), 97)) {
      const closed = row['DATECLOSE'] !== '' && row['DATECLOSE'] !== '<blank>';
      expect(utah.releases.get(`UT-${row['LUSTKEY']}`), row['LUSTKEY']).toMatchObject({
        lust_id: row['LUSTKEY'],
        facility_id: facilities.has(row['FACILITYID']) ? `UT-${row['FACILITYID']}` : null,
        reported_date: isoDay(row['NOTIFICATI']!),
        nfa_date: closed ? isoDay(row['DATECLOSE']!) : null,
        status: closed ? 'Closed' : 'Open',
        status_class: closed ? 'No Further Action' : 'Open',
        name: row['MAPLABEL']!.replace(/^[^-]*-\s*/, ''),
      });
    }
  });

  it("places each case, which has no address columns, at its facility's point: located by address, or not located without a facility", () => {
    expect(countLocatedBy(utah.releases.values())).toEqual({ address: 5_493, none: 138 });
    expect(utah.tally.toLocationTable()).toEqual([
      { file: 'state-native/UT/fac.csv', coordinates: 6_497, address: 0, zip: 0, place: 0, none: 0 },
      { file: 'state-native/UT/ut_lust.csv', coordinates: 0, address: 5_493, zip: 0, place: 0, none: 138 },
    ]);
    const facilities = new Map(rawRows('state-native/UT/fac.csv').map((row) => [row['FacilityID'], row]));
    for (const row of every(rawRows('state-native/UT/ut_lust.csv'), 97)) {
      const facility = facilities.get(row['FACILITYID']);
      const release = utah.releases.get(`UT-${row['LUSTKEY']}`)!;
      if (facility)
        expect(release, row['LUSTKEY']).toMatchObject({ located_by: 'address', latitude: Number(facility['DDLat']), longitude: Number(facility['DDLon']) });
      else expect(release, row['LUSTKEY']).toMatchObject({ located_by: null, latitude: null, longitude: null });
    }
  });
});

describe('West Virginia: facilities.csv', () => {
  let wv: Imported;
  beforeAll(async () => {
    wv = await importFolder('state-native/WV');
  }, 60_000);

  it('imports every facility and its listed active tanks, and rejects the totals row', () => {
    expect(wv.tally.counts).toEqual({ facilities: 8_833, tanks: 3_842, releases: 0, rejects: 1, warnings: 8_882 });
    expect(wv.tally.rejectsRecord()).toEqual({ 'missing id': 1 });
    expect(wv.unmapped).not.toContain('state-native/WV/facilities.csv: Last  Inspection');
    expect(wv.tally.warningsRecord()).toEqual({
      'invalid ZIP code, field set to null': 39,
      'column not mapped, left out of the import': 10,
      'no coordinates, placed at the ZIP centroid (approximate)': 8_306,
      'no coordinates, placed at the town centre (approximate)': 221,
      'no coordinates and no address, ZIP or town to place it': 306,
    });
  });

  it('places every facility, which the file gives no coordinates, at its ZIP or town: approximate, never at (0, 0)', () => {
    expect(countLocatedBy(wv.facilities.values())).toEqual({ zip: 8_306, place: 221, none: 306 });
    expect(wv.tally.toLocationTable()).toEqual([{ file: 'state-native/WV/facilities.csv', coordinates: 0, address: 0, zip: 8_306, place: 221, none: 306 }]);
    const rows = rawRows('state-native/WV/facilities.csv').filter((row) => row['Facility Name'] !== '');
    for (const row of every(rows, 61)) {
      const id = `WV-${row['Facility Id']}`;
      expect(wv.facilities.get(id), id).toMatchObject(expectedPlacement('WV', row['Zip'], row['City']));
    }
  });

  it("keeps the file's values of a sample of facilities and their tanks, the street taken out of the address", () => {
    const rows = rawRows('state-native/WV/facilities.csv').filter((row) => row['Facility Name'] !== '');
    for (const row of every(rows, 173)) {
      const id = `WV-${row['Facility Id']}`;
      expect(wv.facilities.get(id), id).toMatchObject({
        name: known(row['Facility Name']),
        city: known(row['City']),
        county: known(row['County']),
        facility_status: known(row['Facility Status']),
      });
      // ' 2195 SUTTON LN, FLATWOODS 26621': the street before the town.
      expect(wv.facilities.get(id)!.address).toBe(known(row['Address']!.replace(/,[^,]*$/, '')));
      const details = [...row['Active Tank Details']!.matchAll(/([^()]+?)\((\d+)\)\((\d{4})\)/g)];
      details.forEach(([, substance, gallons, year], index) => {
        expect(wv.tanks.get(`${id}/${index + 1}`), `${id}/${index + 1}`).toMatchObject({
          substances: substance!.trim(),
          capacity_gallons: Number(gallons),
          installation_date: `${year}-01-01`,
          tank_status: 'Currently in use',
        });
      });
      expect(wv.tanks.get(`${id}/${details.length + 1}`)).toBeUndefined();
    }
  });
});

describe('Tennessee: ust_all-tn-environmental-sites.csv', () => {
  const OTHER_KIND = "a row of another kind in the state's file, left out";
  const RELEASE_STATUS: Record<string, string> = {
    '3 Release Investigation': 'Active: site investigation',
    '6 Corrective Action': 'Active: corrective action',
    '7 Closure Monitoring': 'Active: general',
    '8 Case Closed': 'No further action',
  };
  const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  /** `APR-05-1994` as the importer writes dates. */
  const isoMonthFirst = (text: string) => {
    const match = /^([A-Z]{3})-(\d{2})-(\d{4})$/.exec(text);
    return match ? `${match[3]}-${String(MONTHS.indexOf(match[1]!) + 1).padStart(2, '0')}-${match[2]}` : null;
  };
  let tn: Imported;
  let rows: Array<Record<string, string>>;
  beforeAll(async () => {
    tn = await importFolder('state-native/TN');
    rows = rawRows('state-native/TN/ust_all-tn-environmental-sites.csv');
  }, 60_000);

  it('imports the confirmed releases and leaves out every other kind of case, each with its status', () => {
    const releases = rows.filter((row) => RELEASE_STATUS[row['Currentstatus']!] !== undefined);
    expect(rows).toHaveLength(16_638);
    expect(releases).toHaveLength(7_687);
    expect(tn.tally.counts.releases).toBe(7_687);
    expect(tn.tally.counts.facilities).toBe(0);
    const leftOut = tn.rejects.filter((reject) => reject.reason === OTHER_KIND);
    expect(leftOut).toHaveLength(16_638 - 7_687);
    const byStatus = new Map<string, number>();
    for (const reject of leftOut) byStatus.set(reject.value ?? '', (byStatus.get(reject.value ?? '') ?? 0) + 1);
    expect(byStatus.get('1a Completed Tank Closure')).toBe(6_397);
    expect(byStatus.get('0a Suspected Release - Closed')).toBe(1_713);
    expect(byStatus.get('2 Site Check')).toBe(27);
    expect(byStatus.get('')).toBe(204);
    expect(tn.tally.rejectsRecord()).toEqual({ [OTHER_KIND]: 8_951 });
    expect(tn.tally.warningsRecord()).toEqual({
      'column not mapped, left out of the import': 10,
      'invalid ZIP code, field set to null': 3,
      'no coordinates, placed at the ZIP centroid (approximate)': 7_107,
      'no coordinates, placed at the town centre (approximate)': 495,
      'no coordinates and no address, ZIP or town to place it': 85,
    });
    expect(tn.unmapped).toEqual(
      ['Casemanager', 'Section', 'Casedescription', 'Cause', 'Company', 'Ownercontact', 'Caccontact', 'Contacttitle', 'Caccompany', 'Howdiscovered'].map(
        (column) => `state-native/TN/ust_all-tn-environmental-sites.csv: ${column}`,
      ),
    );
  });

  it('places every release, which the file gives no coordinates, at its ZIP or town: approximate, never at (0, 0)', () => {
    expect(countLocatedBy(tn.releases.values())).toEqual({ zip: 7_107, place: 495, none: 85 });
    const releases = rows.filter((row) => RELEASE_STATUS[row['Currentstatus']!] !== undefined);
    for (const row of every(releases, 59)) {
      const id = `TN-${row['Facilityid']}-${row['Sitenumber']}`;
      expect(tn.releases.get(id), id).toMatchObject(expectedPlacement('TN', row['Facilityzip'], row['Facilitycity']));
    }
  });

  it("keeps the file's values of a sample of releases: the case id, address, discovery date, status and product", () => {
    const releases = rows.filter((row) => RELEASE_STATUS[row['Currentstatus']!] !== undefined);
    for (const row of every(releases, 131)) {
      const id = `TN-${row['Facilityid']}-${row['Sitenumber']}`;
      const address = [row['Facilityaddress1'], row['Facilityaddress2']].map(known).filter(Boolean).join(', ');
      expect(tn.releases.get(id), id).toMatchObject({
        lust_id: `${row['Facilityid']}-${row['Sitenumber']}`,
        name: known(row['Facilityname']),
        address: address || null,
        city: known(row['Facilitycity']),
        state: 'TN',
        reported_date: isoMonthFirst(row['Discoverydate']!),
        status: RELEASE_STATUS[row['Currentstatus']!],
        substance: known(row['Productreleased']),
        // No Tennessee facility file is imported: a case names its facility only by id.
        facility_id: null,
      });
    }
  });
});
