/**
 * Vermont ships `latlong.csv` beside its facilities: the state's corrected coordinates for the
 * 28 facilities that appear twice in facility.csv with different coordinates (one of them
 * sometimes 0, 0 or swapped). The correction replaces the kept row's coordinates.
 */
import path from 'node:path';
import type { DatasetItem } from '../dataset-item.js';
import { CORRECTION_ALIASES } from './aliases.js';
import type { CoordinateCorrection } from './location.js';
import type { SourceFile } from './read-context.js';
import { REJECT, RowRejects } from './rejects.js';
import { readSourceRows } from './source-rows.js';
import { cleanText, parseNumber } from './normalise/values.js';

export interface LoadedCorrection extends CoordinateCorrection {
  file: SourceFile;
  line: number;
  facilityId: string;
}

/** Source facility id -> correction; rows that cannot be applied become reject items. */
export async function loadCorrections(file: SourceFile, rejects: DatasetItem[]): Promise<Map<string, LoadedCorrection>> {
  const corrections = new Map<string, LoadedCorrection>();
  const repair = `corrected from ${path.basename(file.path)}`;
  for await (const row of readSourceRows(file, CORRECTION_ALIASES)) {
    const rowRejects = new RowRejects(file.source, row.line);
    const facilityId = cleanText(row.get('facilityId'));
    const latitude = row.get('latitude') ?? '';
    const longitude = row.get('longitude') ?? '';
    if (!facilityId) {
      rowRejects.add(row.header('facilityId'), row.get('facilityId'), REJECT.missingId);
    } else if (typeof parseNumber(latitude) !== 'number' || typeof parseNumber(longitude) !== 'number') {
      rowRejects.add(`${row.header('latitude')},${row.header('longitude')}`, `${latitude},${longitude}`, REJECT.unparseableCorrection);
    } else if (corrections.has(facilityId)) {
      rowRejects.add(row.header('facilityId'), facilityId, REJECT.duplicateId);
    } else {
      corrections.set(facilityId, { file, line: row.line, facilityId, latitude: latitude.trim(), longitude: longitude.trim(), repair });
    }
    rejects.push(...rowRejects.items());
  }
  return corrections;
}

/** A reject row for each correction that matched no facility of its folder. */
export function unusedCorrections(corrections: Iterable<LoadedCorrection>, used: ReadonlySet<string>): DatasetItem[] {
  const items: DatasetItem[] = [];
  for (const correction of corrections) {
    if (used.has(correction.facilityId)) continue;
    const rejects = new RowRejects(correction.file.source, correction.line);
    rejects.add('FacilityID', correction.facilityId, REJECT.unusedCorrection);
    items.push(...rejects.items());
  }
  return items;
}
