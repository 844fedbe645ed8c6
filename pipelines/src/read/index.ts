/**
 * Reading a source set: facilities of every file first, then tanks, then releases, so that a
 * tank or release finds its facility whichever order the paths were given in.
 */
import path from 'node:path';
import type { CountyLocator } from '@ust/domain';
import type { DatasetItem, ImportContext } from '../dataset-item.js';
import { loadCorrections, unusedCorrections, type LoadedCorrection } from './corrections.js';
import type { FileFormat } from '@ust/domain/uploads';
import { readEpaFacilities } from './epa-facility.reader.js';
import { readEpaReleases } from './epa-release.reader.js';
import { readEpaTanks } from './epa-tank.reader.js';
import { readFinderFacilities } from './finder-facility.reader.js';
import { readFinderReleases } from './finder-release.reader.js';
import { readFinderTanks } from './finder-tank.reader.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { resolveSources } from './sources.js';
import { FacilityAddresses } from './facility-addresses.js';
import { RecordPlacer } from './placement.js';
import { readCsvHeader, readCsvRecords } from './csv-rows.js';
import { REJECT } from './rejects.js';
import { columnsRead, leftOutRows } from '@ust/domain/state-native';
import { headerKey } from '@ust/domain/uploads';
import { TankEquipmentIndex } from './tank-equipment.js';

export { ImportTally, type FileLocationRow, type FileRejectRow, type FileTallyRow, type TallyRow } from './tally.js';
export { REJECT, type RejectReason } from './rejects.js';
export { resolveSources } from './sources.js';
export type { SourceFile } from './read-context.js';

function byDirectory(files: readonly SourceFile[], ...formats: FileFormat[]): Map<string, SourceFile[]> {
  const groups = new Map<string, SourceFile[]>();
  for (const file of files) {
    if (!formats.includes(file.format)) continue;
    const directory = path.dirname(file.path);
    groups.set(directory, [...(groups.get(directory) ?? []), file]);
  }
  return groups;
}

async function* readFacilities(files: readonly SourceFile[], context: ReadContext): AsyncGenerator<DatasetItem> {
  for (const group of byDirectory(files, 'epa-facility', 'coordinate-corrections', 'finder-facility').values()) {
    // Corrections apply to the facility files of their own folder.
    const corrections = new Map<string, LoadedCorrection>();
    const correctionRejects: DatasetItem[] = [];
    for (const file of group.filter((f) => f.format === 'coordinate-corrections')) {
      for (const [id, correction] of await loadCorrections(file, correctionRejects)) if (!corrections.has(id)) corrections.set(id, correction);
    }
    yield* correctionRejects;
    const used = new Set<string>();
    for (const file of group) {
      if (file.format === 'epa-facility') yield* readEpaFacilities(file, context, corrections, used);
      if (file.format === 'finder-facility') yield* readFinderFacilities(file, context);
    }
    yield* unusedCorrections(corrections.values(), used);
  }
}

async function* readTanks(files: readonly SourceFile[], context: ReadContext): AsyncGenerator<DatasetItem> {
  for (const group of byDirectory(files, 'epa-tank', 'epa-compartment', 'epa-piping', 'epa-tank-substance', 'finder-tank').values()) {
    const tankFiles = group.filter((f) => f.format === 'epa-tank' || f.format === 'finder-tank');
    if (tankFiles.length === 0) continue;
    const equipment = new TankEquipmentIndex();
    for (const file of group) {
      if (file.format === 'epa-compartment') await equipment.addCompartments(file);
      if (file.format === 'epa-piping') await equipment.addPiping(file);
      if (file.format === 'epa-tank-substance') await equipment.addTankSubstances(file);
    }
    for (const file of tankFiles) {
      yield* file.format === 'epa-tank' ? readEpaTanks(file, context, equipment) : readFinderTanks(file, context);
    }
  }
}

async function* readReleases(files: readonly SourceFile[], context: ReadContext): AsyncGenerator<DatasetItem> {
  for (const file of files) {
    if (file.format === 'epa-release') yield* readEpaReleases(file, context);
    if (file.format === 'finder-release') yield* readFinderReleases(file, context);
  }
}

/** One note per column of a state's own file that none of its mappings reads: left out, and said so. */
async function* unmappedColumns(files: readonly SourceFile[]): AsyncGenerator<DatasetItem> {
  const mapped = new Map<string, SourceFile[]>();
  for (const file of files) if (file.mapping) mapped.set(file.path, [...(mapped.get(file.path) ?? []), file]);
  for (const [file, sources] of mapped) {
    const read = new Set(sources.flatMap((source) => [...columnsRead(source.mapping!)]));
    for (const header of (await readCsvHeader(file)) ?? []) {
      if (read.has(headerKey(header))) continue;
      yield { kind: 'reject', record: { file: sources[0]!.source, line: 1, field: header, value: null, reason: REJECT.unmappedColumn } };
    }
  }
}

/** One reject per row of a state's own file that its mapping leaves out as another kind of record (Tennessee's tank closures). */
async function* rowsOfAnotherKind(files: readonly SourceFile[]): AsyncGenerator<DatasetItem> {
  for (const file of files) {
    if (!file.mapping?.keep) continue;
    for await (const row of leftOutRows(readCsvRecords(file.path), file.mapping)) {
      yield { kind: 'reject', record: { file: file.source, line: row.line, field: row.column, value: row.value || null, reason: REJECT.otherKindOfRow } };
    }
  }
}

/**
 * Every record and reject of the source set at `paths` (relative to `context.sourceRoot`).
 * Each record's `source` is its file relative to `context.sourceRoot`, `source_line` the line
 * its row starts on.
 */
export async function* readSources(paths: string[], context: ImportContext, locator: CountyLocator): AsyncIterable<DatasetItem> {
  const files = await resolveSources(paths, context.sourceRoot);
  const readContext: ReadContext = {
    import: context,
    locator,
    facilities: new Map(),
    facilityAddresses: new FacilityAddresses(),
    placer: new RecordPlacer(locator),
  };
  yield* unmappedColumns(files);
  yield* rowsOfAnotherKind(files);
  yield* readFacilities(files, readContext);
  yield* readTanks(files, readContext);
  yield* readReleases(files, readContext);
}
