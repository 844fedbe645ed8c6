/**
 * docs/real-files.md holds, for every real file of pipelines/fixtures that is a state's own
 * submission (the template workbooks and the states' own exports), what an import of it does:
 * rows read, imported, rejected and warned (with every reason), how each facility and release was
 * located and how each release was linked to its facility. This test imports each file's folder
 * on its own and checks every figure of the document, that its numbers add up, and that the rows
 * read equal the rows of the raw file, counted here without the importer.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FacilityRecord, RejectedRow, ReleaseRecord } from '@ust/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_ROOT, importFixtureFolder, type ImportedFolder } from './fixture-folder.testing.js';
import { REJECT, rejectsRow } from './rejects.js';

const DOCUMENT = fileURLToPath(new URL('../../../docs/real-files.md', import.meta.url));

/** One row of the document's first table: a file (or a workbook's sheet) and one kind of record from it. */
interface FileRow {
  folder: string;
  /** The records' `source` (a workbook's sheet as `file#Sheet`). */
  source: string;
  kind: 'facilities' | 'tanks' | 'releases';
  /** The raw rows this kind comes from, counted without the importer. */
  rawRows: () => Promise<number>;
}

const csvRows = (file: string) => () =>
  Promise.resolve((parse(readFileSync(`${FIXTURES_ROOT}/${file}`), { columns: true, bom: true, skip_empty_lines: true }) as unknown[]).length);

async function sheetRows(file: string, sheetName: string): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(`${FIXTURES_ROOT}/${file}`);
  const sheet = workbook.getWorksheet(sheetName) ?? expect.fail(`no sheet ${sheetName} in ${file}`);
  let rows = 0;
  sheet.eachRow((_row, number) => {
    if (number > 1) rows += 1;
  });
  return rows;
}

/** West Virginia lists each facility's active tanks in one cell: `Diesel(40000)(2007) Gasoline(25000)(2007)`. */
function westVirginiaTankDetails(): Promise<number> {
  const rows = parse(readFileSync(`${FIXTURES_ROOT}/state-native/WV/facilities.csv`), { columns: true, bom: true, skip_empty_lines: true }) as Array<
    Record<string, string>
  >;
  return Promise.resolve(
    rows.filter((row) => row['Facility Name']).reduce((sum, row) => sum + [...(row['Active Tank Details'] ?? '').matchAll(/\((\d+)\)\((\d{4})\)/g)].length, 0),
  );
}

const UT_WORKBOOK = 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx';
const releaseWorkbook = (state: string, file: string): FileRow => {
  const path = `epa-template-xlsx/${state}/${file}`;
  return { folder: `epa-template-xlsx/${state}`, source: `${path}#Release`, kind: 'releases', rawRows: () => sheetRows(path, 'Release') };
};

const FILES: readonly FileRow[] = [
  { folder: 'epa-template-xlsx/UT', source: `${UT_WORKBOOK}#Facility`, kind: 'facilities', rawRows: () => sheetRows(UT_WORKBOOK, 'Facility') },
  { folder: 'epa-template-xlsx/UT', source: `${UT_WORKBOOK}#Tank`, kind: 'tanks', rawRows: () => sheetRows(UT_WORKBOOK, 'Tank') },
  releaseWorkbook('MD', 'MD_Releases_template_20250227184321.xlsx'),
  releaseWorkbook('OK', 'OK_Releases_template_20250228134012.xlsx'),
  releaseWorkbook('WV', 'WV_Releases_template_20250227171217.xlsx'),
  { folder: 'state-native/UT', source: 'state-native/UT/fac.csv', kind: 'facilities', rawRows: csvRows('state-native/UT/fac.csv') },
  { folder: 'state-native/UT', source: 'state-native/UT/ut_lust.csv', kind: 'releases', rawRows: csvRows('state-native/UT/ut_lust.csv') },
  { folder: 'state-native/WV', source: 'state-native/WV/facilities.csv', kind: 'facilities', rawRows: csvRows('state-native/WV/facilities.csv') },
  { folder: 'state-native/WV', source: 'state-native/WV/facilities.csv', kind: 'tanks', rawRows: westVirginiaTankDetails },
  {
    folder: 'state-native/TN',
    source: 'state-native/TN/ust_all-tn-environmental-sites.csv',
    kind: 'releases',
    rawRows: csvRows('state-native/TN/ust_all-tn-environmental-sites.csv'),
  },
];

/** The figures of one file row, in the document's column order. */
interface Figures {
  rowsRead: number;
  imported: number;
  rejected: number;
  warnings: number;
  byCoordinates: number | null;
  byAddress: number | null;
  byZip: number | null;
  byPlace: number | null;
  notLocated: number | null;
  linkedById: number | null;
  linkedByAddress: number | null;
  unlinked: number | null;
}

/** The rejects of one file row: tank rows and facility rows of the same CSV file are told apart by the reject's field. */
function rejectsOf(imported: ImportedFolder, file: FileRow): RejectedRow[] {
  const base = file.source;
  const all = imported.rejects.filter((reject) => reject.file === base);
  // West Virginia's file gives facilities and tanks: the column notes and the totals row belong to the facilities.
  if (file.source === 'state-native/WV/facilities.csv') return file.kind === 'facilities' ? all : [];
  return all;
}

function figuresOf(imported: ImportedFolder, file: FileRow): Figures {
  const records = [...{ facilities: imported.facilities, tanks: imported.tanks, releases: imported.releases }[file.kind].values()].filter(
    (record) => record.source === file.source,
  );
  const rejects = rejectsOf(imported, file);
  const rejectedLines = new Set(rejects.filter((reject) => rejectsRow(reject.reason)).map((reject) => reject.line));
  const located = (by: string | null) =>
    file.kind === 'tanks' ? null : records.filter((record) => (record as FacilityRecord | ReleaseRecord).located_by === by).length;
  const releases = file.kind === 'releases' ? (records as ReleaseRecord[]) : null;
  const linkedByAddress = new Set(rejects.filter((reject) => reject.reason === REJECT.linkedByAddress).map((reject) => reject.line));
  return {
    rowsRead: records.length + rejectedLines.size,
    imported: records.length,
    rejected: rejectedLines.size,
    warnings: rejects.length - rejects.filter((reject) => rejectsRow(reject.reason)).length,
    byCoordinates: located('coordinates'),
    byAddress: located('address'),
    byZip: located('zip'),
    byPlace: located('place'),
    notLocated: located(null),
    linkedById: releases && releases.filter((release) => release.facility_id !== null && !linkedByAddress.has(release.source_line)).length,
    linkedByAddress: releases && releases.filter((release) => release.facility_id !== null && linkedByAddress.has(release.source_line)).length,
    unlinked: releases && releases.filter((release) => release.facility_id === null).length,
  };
}

/** The reasons of one file row's rejects and warnings, with their counts. */
function reasonsOf(imported: ImportedFolder, file: FileRow): Map<string, number> {
  const counts = new Map<string, number>();
  for (const reject of rejectsOf(imported, file)) counts.set(reject.reason, (counts.get(reject.reason) ?? 0) + 1);
  return counts;
}

/** The document's markdown table under `heading`: its rows as cells. */
function documentTable(heading: string): string[][] {
  const text = readFileSync(DOCUMENT, 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/real-files.md has a section "${heading}"`).toBeGreaterThan(-1);
  const lines = text.slice(start).split('\n').slice(2);
  const table = lines.slice(lines.findIndex((line) => line.startsWith('|')));
  return table
    .slice(
      0,
      table.findIndex((line) => !line.startsWith('|')),
    )
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** A figure as the document writes it: `6,076`, or `–` for a count that does not apply. */
const figure = (cell: string) => (cell === '–' ? null : Number(cell.replaceAll(',', '')));
const label = (file: FileRow) => `${file.source.replace(/^[^/]+\//, '')} (${file.kind})`;

describe('docs/real-files.md: every real state file, imported on its own', () => {
  const imports = new Map<string, ImportedFolder>();
  beforeAll(async () => {
    for (const folder of new Set(FILES.map((file) => file.folder))) imports.set(folder, await importFixtureFolder(folder));
  }, 120_000);

  it.each(FILES.map((file) => [label(file), file] as const))('%s: the figures of the document, adding up to the raw rows', async (name, file) => {
    const imported = imports.get(file.folder)!;
    const figures = figuresOf(imported, file);
    const row = documentTable('Figures per file').find((cells) => cells[0] === name) ?? expect.fail(`docs/real-files.md has no row "${name}"`);
    const [, ...cells] = row;
    expect(cells.map(figure)).toEqual(Object.values(figures));
    expect(figures.rowsRead).toBe(await file.rawRows());
    expect(figures.rowsRead).toBe(figures.imported + figures.rejected);
    if (file.kind !== 'tanks')
      expect(figures.byCoordinates! + figures.byAddress! + figures.byZip! + figures.byPlace! + figures.notLocated!).toBe(figures.imported);
    if (file.kind === 'releases') expect(figures.linkedById! + figures.linkedByAddress! + figures.unlinked!).toBe(figures.imported);
    const reasons = documentTable('Rejects and warnings per file')
      .filter((cells) => cells[0] === name)
      .map(([, reason, rows]) => [reason!, figure(rows!)] as const);
    expect(new Map(reasons)).toEqual(reasonsOf(imported, file));
  });
});
