import type { ImportContext } from '../dataset-item.js';

/** The provenance fields every generated record carries. */
export interface Provenance {
  source: 'generated';
  source_line: 0;
  import_id: string;
  version: number;
}

export function generatedProvenance(context: ImportContext): Provenance {
  return { source: 'generated', source_line: 0, import_id: context.importId, version: context.version };
}
