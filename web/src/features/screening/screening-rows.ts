/**
 * The result table's filters, sort and pages as pure functions of the rows, so a 10,000-row
 * screening is filtered and sorted in memory and only one page of it reaches the DOM.
 */
import type { ScreeningOutcome, ScreeningRow } from '@ust/schemas';

/** Rows per page of the result table. */
export const SCREENING_PAGE_SIZE = 100;

const FEET_PER_MILE = 5280;

export interface ScreeningRowFilter {
  /** 'all' or one outcome. */
  outcome: 'all' | ScreeningOutcome;
  /** A two-letter state, or '' for every state. */
  state: string;
  /** Rows whose risk is at least this; null for any (rows without a risk are then kept). */
  minRisk: number | null;
  /** Matched, case-insensitively, against the reference, the address as given and the facility. */
  text: string;
}

export const NO_FILTER: ScreeningRowFilter = { outcome: 'all', state: '', minRisk: null, text: '' };

export type ScreeningSortKey = 'line' | 'reference' | 'risk' | 'distance' | 'premium';

export interface ScreeningSort {
  key: ScreeningSortKey;
  direction: 'asc' | 'desc';
}

export const FILE_ORDER: ScreeningSort = { key: 'line', direction: 'asc' };

/** The risk a row stands for: its facility's score when matched, else the highest score within 1 mile. */
export function rowRisk(row: ScreeningRow): number | null {
  if (row.outcome === 'matched') return row.facility?.risk_score ?? null;
  return row.surroundings?.highest_risk_within_one_mile ?? null;
}

/** The distance a row shows: to its matched facility, or else to the nearest release, in miles. */
export function rowDistanceMiles(row: ScreeningRow): number | null {
  if (row.outcome === 'matched') return row.match ? row.match.distance_feet / FEET_PER_MILE : null;
  return row.surroundings?.nearest_release?.distance_miles ?? null;
}

/** The matched facility's lowest indicative premium. */
export function rowPremium(row: ScreeningRow): number | null {
  return row.facility?.pricing.lowest_premium ?? null;
}

/** The state the file gave, or the matched facility's. */
export function rowState(row: ScreeningRow): string | null {
  const state = row.input.state?.trim().toUpperCase() || row.facility?.state || null;
  return state || null;
}

/** The states the rows name, sorted: the state filter's choices. */
export function statesOf(rows: readonly ScreeningRow[]): string[] {
  return [...new Set(rows.map(rowState).filter((state): state is string => state !== null))].sort();
}

function searchableText(row: ScreeningRow): string {
  const { input } = row;
  return [row.reference, input.address, input.city, input.state, input.zip, row.location?.formatted_address, row.facility?.name, row.facility?.id]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

export function filterRows(rows: readonly ScreeningRow[], filter: ScreeningRowFilter): ScreeningRow[] {
  const text = filter.text.trim().toLowerCase();
  return rows.filter((row) => {
    if (filter.outcome !== 'all' && row.outcome !== filter.outcome) return false;
    if (filter.state && rowState(row) !== filter.state) return false;
    if (filter.minRisk !== null) {
      const risk = rowRisk(row);
      if (risk === null || risk < filter.minRisk) return false;
    }
    return !text || searchableText(row).includes(text);
  });
}

type SortValue = number | string | null;

const SORT_VALUES: Record<ScreeningSortKey, (row: ScreeningRow) => SortValue> = {
  line: (row) => row.line,
  reference: (row) => row.reference?.toLowerCase() || null,
  risk: rowRisk,
  distance: rowDistanceMiles,
  premium: rowPremium,
};

/**
 * A sorted copy. Rows without the value come last in either direction (a row not located has no
 * risk, and should not head a 'highest risk first' list); ties keep file order.
 */
export function sortRows(rows: readonly ScreeningRow[], sort: ScreeningSort): ScreeningRow[] {
  const valueOf = SORT_VALUES[sort.key];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row) => ({ row, value: valueOf(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.row.line - b.row.line;
        return a.value === null ? 1 : -1;
      }
      const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : String(a.value).localeCompare(String(b.value));
      return order === 0 ? a.row.line - b.row.line : sign * order;
    })
    .map(({ row }) => row);
}

/** Clicking a column's header: first ascending (descending for risk and premium, where the top is what matters), then the other way. */
export function nextSort(current: ScreeningSort, key: ScreeningSortKey): ScreeningSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'risk' || key === 'premium' ? 'desc' : 'asc' };
}

export interface RowPage {
  rows: ScreeningRow[];
  /** Zero-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** One-based positions of the first and last row shown; 0 and 0 when there are none. */
  first: number;
  last: number;
}

export function pageOf(rows: readonly ScreeningRow[], page: number, size = SCREENING_PAGE_SIZE): RowPage {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = rows.slice(current * size, (current + 1) * size);
  return { rows: shown, page: current, pages, first: shown.length ? current * size + 1 : 0, last: current * size + shown.length };
}
