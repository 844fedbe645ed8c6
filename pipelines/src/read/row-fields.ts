/**
 * Reading one field of a source row through its normaliser, adding a reject row when the
 * value cannot be kept as it is. An unreadable optional value never loses the record: the
 * field becomes null and the reject row says so.
 */
import { parseDate } from './normalise/dates.js';
import { cleanText, parseInteger, parseNumber, parseYesNo } from './normalise/values.js';
import { normaliseState } from './normalise/state.js';
import { normaliseZip } from './normalise/zip.js';
import type { SourceRow } from './headers.js';
import { REJECT, type RowRejects } from './rejects.js';

export function textField<F extends string>(row: SourceRow<F>, field: F): string | null {
  return cleanText(row.get(field));
}

export function dateField<F extends string>(row: SourceRow<F>, field: F, rejects: RowRejects, asOf: Date): string | null {
  const value = row.get(field);
  const result = parseDate(value, asOf);
  switch (result.kind) {
    case 'date':
      return result.value;
    case 'blank':
      return null;
    case 'placeholder':
      rejects.add(row.header(field), value, REJECT.placeholderDate);
      return null;
    case 'future':
      rejects.add(row.header(field), value, REJECT.futureDate);
      return null;
    case 'unparseable':
      rejects.add(row.header(field), value, REJECT.unparseableDate);
      return null;
  }
}

export function zipField<F extends string>(row: SourceRow<F>, field: F, rejects: RowRejects): string | null {
  const value = row.get(field);
  const result = normaliseZip(value);
  if (result.kind === 'zip') return result.value;
  if (result.kind === 'invalid') rejects.add(row.header(field), value, REJECT.invalidZip);
  return null;
}

export function integerField<F extends string>(row: SourceRow<F>, field: F, rejects: RowRejects): number | null {
  const value = row.get(field);
  const parsed = parseInteger(value);
  if (parsed === undefined) rejects.add(row.header(field), value, REJECT.unparseableNumber);
  return parsed ?? null;
}

/** A capacity in gallons: zero means "not recorded" in these files (DC's closed tanks, tribal 0). */
export function gallonsField<F extends string>(row: SourceRow<F>, field: F, rejects: RowRejects): number | null {
  const value = row.get(field);
  const parsed = parseNumber(value);
  if (parsed === undefined || (parsed !== null && parsed < 0)) {
    rejects.add(row.header(field), value, REJECT.unparseableNumber);
    return null;
  }
  return parsed === null || parsed === 0 ? null : parsed;
}

export function flagField<F extends string>(row: SourceRow<F>, field: F, rejects: RowRejects): boolean | null {
  const value = row.get(field);
  const parsed = parseYesNo(value);
  if (parsed === undefined) rejects.add(row.header(field), value, REJECT.unparseableFlag);
  return parsed ?? null;
}

/** Address line 1 and 2 as one line ('14 E ST SE, CAPITOL GROUNDS GARAGE'). */
export function addressField<F extends string>(row: SourceRow<F>, line1: F, line2: F): string | null {
  const parts = [textField(row, line1), textField(row, line2)].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The record's state: its own column, else the state the source folder names (Delaware leaves
 * one facility's state blank). Null, with a reject row, when neither gives one.
 */
export function stateField<F extends string>(row: SourceRow<F>, field: F, folderState: string | null, rejects: RowRejects): string | null {
  const value = row.get(field);
  const state = normaliseState(value);
  if (state) return state;
  if (cleanText(value) === null) {
    if (!folderState) rejects.add(row.header(field), value, REJECT.unknownState);
    return folderState;
  }
  rejects.add(row.header(field), value, folderState ? REJECT.unknownStateFolderUsed : REJECT.unknownState);
  return folderState;
}
