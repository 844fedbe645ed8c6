/**
 * EPA template workbooks (.xlsx), the files in which states send their data to EPA: a Reference
 * sheet, lookup and mapping sheets, then one sheet per table (Facility, Tank, Tank Substance,
 * Compartment, Piping, Release, ...). Which data sheets a workbook holds, read from the zip's
 * directory without reading the sheets: the importer reads them (pipelines' workbook.ts), and
 * the gateway checks an upload with it before an import is queued.
 */
import unzipper from 'unzipper';
import type { FileFormat } from './file-format.js';

/** The template's data sheets by name, and the format their rows have. */
export const DATA_SHEETS: ReadonlyMap<string, FileFormat> = new Map([
  ['facility', 'epa-facility'],
  ['tank', 'epa-tank'],
  ['tank substance', 'epa-tank-substance'],
  ['compartment', 'epa-compartment'],
  ['piping', 'epa-piping'],
  ['release', 'epa-release'],
]);

export interface WorkbookSheet {
  name: string;
  /** N of its part, xl/worksheets/sheetN.xml: how the streaming reader knows it. */
  part: number;
  /** The workbook counts its dates from 1904 (old Mac Excel) rather than 1900. */
  date1904: boolean;
}

/** The most the workbook part or its relationships may unpack to. */
const MAX_LIST_PART_BYTES = 1024 * 1024;

export const isWorkbook = (file: string) => file.toLowerCase().endsWith('.xlsx');

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => XML_ENTITIES[name]!);
const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeXml(match[1]!) : undefined;
};

/**
 * The workbook's sheets in order, from its workbook part and that part's relationships, read
 * from the zip's directory without reading the sheets. (exceljs' streaming reader names sheets
 * only when these parts come before the sheets in the zip, and not at all when their targets
 * are absolute paths, as in the EPA exports.)
 */
export async function workbookSheets(file: string): Promise<WorkbookSheet[]> {
  return (await readWorkbook(file)).sheets;
}

export interface WorkbookContents {
  sheets: WorkbookSheet[];
  /** The bytes its parts unpack to: what reading it costs, however small the file. */
  unpackedBytes: number;
}

/** The workbook's sheets and unpacked size; throws for a file that is no Excel workbook. */
export async function readWorkbook(file: string): Promise<WorkbookContents> {
  const directory = await unzipper.Open.file(file);
  const unpackedBytes = directory.files.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const text = async (entry: string) => {
    const found = directory.files.find((candidate) => candidate.path === entry);
    if (!found) throw new Error(`${entry} is missing: not an Excel workbook`);
    // Read whole: it lists sheets, a few kilobytes in any real workbook, never a bomb's gigabytes.
    if (found.uncompressedSize > MAX_LIST_PART_BYTES) throw new Error(`${entry} unpacks to ${found.uncompressedSize} bytes, more than a list of sheets takes`);
    return (await found.buffer()).toString('utf8');
  };
  const targets = new Map<string, string>();
  for (const tag of (await text('xl/_rels/workbook.xml.rels')).match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target) targets.set(id, target);
  }
  const workbook = await text('xl/workbook.xml');
  const properties = /<workbookPr\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const date1904 = ['1', 'true'].includes(attribute(properties, 'date1904') ?? '');
  const sheets: WorkbookSheet[] = [];
  for (const tag of workbook.match(/<sheet\b[^>]*>/g) ?? []) {
    const name = attribute(tag, 'name');
    const target = targets.get(attribute(tag, 'r:id') ?? '');
    const part = /worksheets\/sheet(\d+)\.xml$/.exec(target ?? '')?.[1];
    if (name && part) sheets.push({ name, part: Number(part), date1904 });
  }
  return { sheets, unpackedBytes };
}

/** The workbook's data sheets with the format of their rows. */
export const dataSheets = (sheets: readonly WorkbookSheet[]) =>
  sheets.flatMap((sheet) => {
    const format = DATA_SHEETS.get(sheet.name.trim().toLowerCase());
    return format ? [{ sheet, format }] : [];
  });
