import type { CountyLocator } from '@ust/domain';
import type { ImportContext } from '../dataset-item.js';
import type { FileFormat } from '@ust/domain/uploads';
import type { ColumnMappings } from './workbook-mappings.js';
import type { WorkbookSheet } from '@ust/domain/workbooks';
import type { StateMapping } from '@ust/domain/state-native';
import type { FacilityAddresses } from './facility-addresses.js';
import type { RecordPlacer } from './placement.js';

/** Shared by every reader of one `readSources` call (one source set). */
export interface ReadContext {
  import: ImportContext;
  locator: CountyLocator;
  /** facility_id -> state of every facility read so far: tanks and releases link against it. */
  facilities: Map<string, string>;
  /** The same facilities by street address and ZIP, for releases whose facility id matches none. */
  facilityAddresses: FacilityAddresses;
  /** Places records without coordinates; knows the points of the records read so far. */
  placer: RecordPlacer;
}

export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the import's sourceRoot, '/'-separated: the records' `source`. */
  source: string;
  format: FileFormat;
  /** The state whose export this is ('DC' for epa-template/DC/UST/tank.csv), when the path says. */
  state: string | null;
  /** The data sheet, when the file is an EPA template workbook (.xlsx). */
  sheet?: WorkbookSheet;
  /** The workbook's value mapping sheets by template column, read once for all its data sheets. */
  columnMappings?: () => Promise<ColumnMappings>;
  /** The declared mapping its rows are read through, when the file is a state's own export. */
  mapping?: StateMapping;
}

export function provenance(file: SourceFile, line: number, context: ImportContext) {
  return { source: file.source, source_line: line, import_id: context.importId, version: context.version };
}
