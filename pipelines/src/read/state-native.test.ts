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
