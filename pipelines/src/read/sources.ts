/**
 * The files of a source set: each path is a state export folder (epa-template/XX with UST/
 * and/or Releases/), a UST Finder data folder, any folder holding those, or one file.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { stateFipsOf } from '@ust/domain';
import { readCsvHeader } from './csv-rows.js';
import { detectFormat } from '@ust/domain/uploads';
import { DATA_SHEETS, dataSheets, isWorkbook, workbookSheets } from '@ust/domain/workbooks';
import type { SourceFile } from './read-context.js';
import { recognises, STATE_MAPPINGS } from '@ust/domain/state-native';
import { readColumnMappings, type ColumnMappings } from './workbook-mappings.js';

async function sourceFilesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) return sourceFilesUnder(full);
      return entry.isFile() && (entry.name.toLowerCase().endsWith('.csv') || isWorkbook(entry.name)) ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * A workbook's data sheets, each a source of its own (`UT/UT_UST_template.xlsx#Tank`), found by
 * name as the template names them; a workbook with no data sheet is refused. (Its headers are
 * bound when it is read, as a CSV file's are.)
 */
async function workbookSources(file: string, source: string): Promise<SourceFile[]> {
  // The Reference and lookup sheets describe the data; the mapping sheets translate state values left in it.
  const sheets = await workbookSheets(file);
  let mappings: Promise<ColumnMappings> | undefined;
  const columnMappings = () => (mappings ??= readColumnMappings(file, sheets));
  const files = dataSheets(sheets).map(({ sheet, format }): SourceFile => ({
    path: file,
    source: `${source}#${sheet.name}`,
    format,
    state: stateOfPath(file),
    sheet,
    columnMappings,
  }));
  if (files.length === 0) throw new Error(`${source}: no data sheet (${[...DATA_SHEETS.keys()].join(', ')}) in this workbook`);
  return files;
}

/**
 * The state an export belongs to: the template's layout is `{STATE}/UST/*.csv` and
 * `{STATE}/Releases/*.csv`, so the file's folder or the one above it, when named by a USPS
 * code. Farther ancestors are not looked at: a checkout under `/home/CA/...` is no export of
 * California.
 */
export function stateOfPath(file: string): string | null {
  const folder = path.dirname(file);
  const candidates = [path.basename(folder), path.basename(path.dirname(folder))];
  return candidates.find((name) => /^[A-Z]{2}$/.test(name) && stateFipsOf(name) !== null) ?? null;
}

/**
 * Resolves `paths` (relative ones against `sourceRoot`) to the files whose headers match a
 * known format, sorted by path so that an import reads them in the same order every time.
 * Inside a folder, other CSVs (dispensers, lookup tables) are passed over; a file named
 * explicitly must be of a known format.
 */
export async function resolveSources(paths: readonly string[], sourceRoot: string): Promise<SourceFile[]> {
  const root = path.resolve(sourceRoot);
  const found = new Map<string, SourceFile>();
  for (const given of paths) {
    const target = path.resolve(root, given);
    const info = await stat(target);
    const candidates = info.isDirectory() ? await sourceFilesUnder(target) : [target];
    for (const file of candidates) {
      if (found.has(file)) continue;
      if (isWorkbook(file)) {
        const source = path.relative(root, file).split(path.sep).join('/');
        for (const sheet of await workbookSources(file, source)) found.set(sheet.source, sheet);
        continue;
      }
      const headers = await readCsvHeader(file);
      // A state's own file is read through its mappings, even where its headers resemble the
      // template's (West Virginia's `Facility Id`, `Facility Name`, and its one-field `Address`).
      const mappings = headers ? STATE_MAPPINGS.filter((mapping) => recognises(mapping, headers)) : [];
      const format = headers && mappings.length === 0 ? detectFormat(headers) : null;
      if (mappings.length) {
        const source = path.relative(root, file).split(path.sep).join('/');
        for (const mapping of mappings) found.set(`${file}#${mapping.title}`, { path: file, source, format: mapping.format, state: mapping.state, mapping });
        continue;
      }
      if (!format) {
        if (info.isDirectory()) continue;
        throw new Error(`${path.relative(root, file)}: not a known EPA template or UST Finder file (headers: ${(headers ?? []).join(', ')})`);
      }
      const source = path.relative(root, file).split(path.sep).join('/');
      found.set(file, { path: file, source, format, state: stateOfPath(file) });
    }
  }
  return [...found.values()].sort((a, b) => a.source.localeCompare(b.source));
}
