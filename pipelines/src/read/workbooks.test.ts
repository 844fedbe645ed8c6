/**
 * The EPA template workbooks (pipelines/fixtures/epa-template-xlsx, see its README) through the
 * importer: the counts of each (docs/data-model.md, "Template workbooks"), and a sample of
 * records against the raw cells, read here by exceljs' whole-workbook reader, not the streaming
 * one the importer uses: ids, dates, capacities, materials and statuses, with the awkward cells
 * (Utah's 1910-01-01 for an unknown installation, 'Closed (general)', text in ZIP cells).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURES_ROOT as root,
  countLocatedBy,
  expectedPlacement,
  importFixtureFolder as importFolder,
  type ImportedFolder as Imported,
} from './fixture-folder.testing.js';

/** A sheet's rows as objects by header, straight from the workbook. */
async function rawRows(file: string, sheetName: string): Promise<Array<Record<string, ExcelJS.CellValue>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(`${root}/${file}`);
  const sheet = workbook.getWorksheet(sheetName) ?? expect.fail(`no sheet ${sheetName}`);
  const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).map(String);
  const rows: Array<Record<string, ExcelJS.CellValue>> = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as ExcelJS.CellValue[];
    rows.push(Object.fromEntries(headers.map((header, index) => [header, values[index] ?? null]).slice(1)));
  });
  return rows;
}

const day = (value: ExcelJS.CellValue) => (value instanceof Date ? value.toISOString().slice(0, 10) : null);
const text = (value: ExcelJS.CellValue) => (value === null || value === undefined || value === '' ? null : String(value));
/** 'Unknown' says nothing: the importer reads it as no value (docs/data-model.md, "Import rules"). */
const known = (value: ExcelJS.CellValue) => (text(value)?.toLowerCase() === 'unknown' ? null : text(value));
/** The cell under the first of these headers (compared in lower case) the sheet has. */
const cell = (row: Record<string, ExcelJS.CellValue>, ...headers: string[]) => {
  const byKey = new Map(Object.entries(row).map(([header, value]) => [header.toLowerCase(), value]));
  return headers.map((header) => byKey.get(header)).find((value) => value !== undefined) ?? null;
};
/** Every n-th element: a sample spread over the whole sheet. */
const every = <T>(rows: readonly T[], n: number) => rows.filter((_row, index) => index % n === 0);

describe('Utah: UT_UST_template_20250312182403.xlsx', () => {
  const FILE = 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx';
  let utah: Imported;
  beforeAll(async () => {
    utah = await importFolder('epa-template-xlsx/UT');
  }, 60_000);

  it('imports every facility and tank, and warns of each placeholder installation date', () => {
    expect(utah.tally.counts).toEqual({ facilities: 6_076, tanks: 18_554, releases: 0, rejects: 0, warnings: 2_063 });
    expect(utah.tally.warningsRecord()).toEqual({ 'placeholder date, field set to null': 2_063 });
  });

  it('keeps the workbook values of a sample of facilities', async () => {
    const rows = await rawRows(FILE, 'Facility');
    expect(rows).toHaveLength(6_076);
    for (const row of every(rows, 250)) {
      const id = String(row['FacilityID']);
      expect(utah.facilities.get(`UT-${id}`), id).toMatchObject({
        source_facility_id: id,
        name: text(row['FacilityName']),
        city: text(row['FacilityCity']),
        state: 'UT',
        zip_code: text(row['FacilityZipCode']),
        latitude: row['FacilityLatitude'],
        longitude: row['FacilityLongitude'],
        source: `${FILE}#Facility`,
      });
    }
  }, 60_000);

  it('keeps the workbook values of a sample of tanks: dates, statuses, materials, capacities and substances', async () => {
    const [tanks, compartments, substances] = await Promise.all([rawRows(FILE, 'Tank'), rawRows(FILE, 'Compartment'), rawRows(FILE, 'Tank Substance')]);
    const key = (row: Record<string, ExcelJS.CellValue>) => `UT-${row['FacilityID']}/${row['TankID']}`;
    const capacity = new Map<string, number>();
    for (const row of compartments)
      if (typeof row['CompartmentCapacityGallons'] === 'number') capacity.set(key(row), (capacity.get(key(row)) ?? 0) + row['CompartmentCapacityGallons']);
    const substance = new Map(substances.map((row) => [key(row), known(row['Substance'])]));
    let placeholders = 0;
    for (const row of every(tanks, 97)) {
      const installed = day(row['TankInstallationDate']);
      // 1 January 1910 is Utah's "unknown": read as no date, never as a 115-year-old tank.
      if (installed === '1910-01-01') placeholders += 1;
      const status = text(row['TankStatus']);
      expect(utah.tanks.get(key(row)), key(row)).toMatchObject({
        source_tank_id: String(row['TankID']),
        facility_id: `UT-${row['FacilityID']}`,
        installation_date: installed === '1910-01-01' ? null : installed,
        removal_date: day(row['TankClosureDate']),
        source_tank_status: status,
        tank_status: status === 'Currently in use' ? status : /^Temporarily out of (use|service)$/.test(status ?? '') ? 'Temporarily out of service' : 'Closed',
        material: known(row['TankMaterialDescription']),
        capacity_gallons: capacity.get(key(row)) ?? null,
        substances: substance.get(key(row)) ?? null,
      });
    }
    expect(placeholders).toBeGreaterThan(0);
  }, 60_000);
});

const ZIP_PLACED = 'no coordinates, placed at the ZIP centroid (approximate)';
const TOWN_PLACED = 'no coordinates, placed at the town centre (approximate)';
const NOT_PLACED = 'no coordinates and no address, ZIP or town to place it';

// Maryland's and West Virginia's releases carry no coordinates: each is placed at its ZIP's
// centroid, else its town's centre (docs/decisions/0110-located-by.md); the few without a ZIP
// or town of their state are not located. Their facilities are not in these folders, so no
// release has an address point.
describe.each([
  {
    state: 'MD',
    file: 'MD_Releases_template_20250227184321.xlsx',
    releases: 16_915,
    warnings: { 'invalid ZIP code, field set to null': 3, [ZIP_PLACED]: 16_702, [TOWN_PLACED]: 179, [NOT_PLACED]: 34 },
    locatedBy: { zip: 16_702, place: 179, none: 34 },
  },
  {
    state: 'OK',
    file: 'OK_Releases_template_20250228134012.xlsx',
    releases: 6_037,
    warnings: { 'coordinates outside the stated state': 8, 'coordinates outside the US': 5, 'placeholder coordinates (0, 0), set to null': 1, [ZIP_PLACED]: 6 },
    locatedBy: { coordinates: 6_031, zip: 6 },
  },
  {
    state: 'WV',
    file: 'WV_Releases_template_20250227171217.xlsx',
    releases: 3_930,
    warnings: { 'invalid ZIP code, field set to null': 22, [ZIP_PLACED]: 3_746, [TOWN_PLACED]: 100, [NOT_PLACED]: 84 },
    locatedBy: { zip: 3_746, place: 100, none: 84 },
  },
])('$state releases: $file', ({ state, file, releases, warnings, locatedBy }) => {
  const FILE = `epa-template-xlsx/${state}/${file}`;
  let imported: Imported;
  beforeAll(async () => {
    imported = await importFolder(`epa-template-xlsx/${state}`);
  }, 60_000);

  it('imports every release, with the warnings the cells call for', () => {
    expect(imported.tally.counts).toEqual({ facilities: 0, tanks: 0, releases, rejects: 0, warnings: Object.values(warnings).reduce((sum, n) => sum + n, 0) });
    expect(imported.tally.warningsRecord()).toEqual(warnings);
    expect(countLocatedBy(imported.releases.values())).toEqual(locatedBy);
  });

  it('places a sample of releases without coordinates at their ZIP or town, never at (0, 0)', async () => {
    const rows = await rawRows(FILE, 'Release');
    for (const row of every(rows, 97)) {
      const release = imported.releases.get(`${state}-${String(row['ReleaseID'])}`)!;
      expect(release.latitude === 0 && release.longitude === 0).toBe(false);
      if (release.located_by === 'coordinates') continue;
      expect(release, String(row['ReleaseID'])).toMatchObject(
        expectedPlacement(state, cell(row, 'zipcode', 'zip', 'sitezipcode'), cell(row, 'sitecity', 'city')),
      );
    }
  }, 60_000);

  it('keeps the workbook values of a sample of releases: ids, dates and statuses', async () => {
    const rows = await rawRows(FILE, 'Release');
    expect(rows).toHaveLength(releases);
    for (const row of every(rows, 211)) {
      const id = String(row['ReleaseID']);
      expect(imported.releases.get(`${state}-${id}`), id).toMatchObject({
        lust_id: id,
        state,
        name: text(row['SiteName']),
        reported_date: day(row['ReportedDate']),
        nfa_date: day(row['NFADate']),
        status: text(row['USTReleaseStatus']),
        source: `${FILE}#Release`,
      });
    }
  }, 60_000);
});

describe("a state value left in a data sheet, and the workbook's mapping sheet for its field", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'ust-workbook-mapping-'));
    await mkdir(path.join(folder, 'UT'));
    const workbook = new ExcelJS.Workbook();
    // As EPA's workbooks lay them out: the mapping sheet first, its state and EPA values in named columns.
    workbook.addWorksheet('Facility Types mapping').addRows([
      ['Facility Types', null, 'Organization Value', 'EPA Value'],
      ['Agricultural/farm', null, 'Former Gas Station', 'Retail fuel sales (non-marina)'],
      ['Other', null, 'Other', 'Other'],
      ['Retail fuel sales (non-marina)', null, 'Gas Station', 'Retail fuel sales (non-marina)'],
    ]);
    workbook.addWorksheet('Facility').addRows([
      ['FacilityID', 'FacilityName', 'FacilityType1', 'FacilityState'],
      ['1', 'Former Gas Station', 'Former Gas Station', 'UT'],
      ['2', 'Corner Store', 'Retail fuel sales (non-marina)', 'UT'],
      ['3', 'Depot', 'Truck stop', 'UT'],
      ['4', 'Farm', 'Other', 'UT'],
    ]);
    // Whole, then written: exceljs' writeFile may settle before its stream reaches the disk.
    await writeFile(path.join(folder, 'UT', 'UT_UST_template.xlsx'), Buffer.from(await workbook.xlsx.writeBuffer()));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('reads a state value of a mapped column as the EPA value the mapping gives, and every other cell as written', async () => {
    await expectMappedFacilities(folder);
  });

  it('reads the same from a zip whose workbook part follows its sheets and numbers them apart from their parts', async () => {
    // A zip's order is its writer's: Excel's own files and other tools differ from exceljs'.
    const written = await unzipper.Open.file(path.join(folder, 'UT', 'UT_UST_template.xlsx'));
    const zip = new yazl.ZipFile();
    const workbookPart = written.files.find((entry) => entry.path === 'xl/workbook.xml')!;
    for (const entry of written.files.filter((candidate) => candidate !== workbookPart && candidate.type === 'File'))
      zip.addBuffer(await entry.buffer(), entry.path);
    const renumbered = (await workbookPart.buffer()).toString('utf8').replace(/sheetId="(\d+)"/g, (_match, id: string) => `sheetId="${Number(id) + 10}"`);
    expect(renumbered).toContain('sheetId="11"');
    zip.addBuffer(Buffer.from(renumbered), 'xl/workbook.xml');
    zip.end();
    const reordered = await mkdtemp(path.join(os.tmpdir(), 'ust-workbook-order-'));
    try {
      await mkdir(path.join(reordered, 'UT'));
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      await writeFile(path.join(reordered, 'UT', 'UT_UST_template.xlsx'), Buffer.concat(chunks));
      await expectMappedFacilities(reordered);
    } finally {
      await rm(reordered, { recursive: true, force: true });
    }
  });

  async function expectMappedFacilities(root: string): Promise<void> {
    const imported = await importFolder('UT', root);
    expect([...imported.facilities.values()].map((facility) => [facility.name, facility.facility_type])).toEqual([
      // The name column has no mapping: the same words stay as written there.
      ['Former Gas Station', 'Retail fuel sales (non-marina)'],
      ['Corner Store', 'Retail fuel sales (non-marina)'],
      // A value neither the mapping nor EPA names is kept as the state wrote it.
      ['Depot', 'Truck stop'],
      ['Farm', 'Other'],
    ]);
  }
});
