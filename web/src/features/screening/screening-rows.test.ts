import { describe, expect, it } from 'vitest';
import type { ScreeningRow } from '@ust/schemas';
import { matched, notLocated, screened } from '../../testing/screening-bodies';
import { FILE_ORDER, NO_FILTER, filterRows, nextSort, pageOf, rowDistanceMiles, rowRisk, sortRows, statesOf } from './screening-rows';

const ROWS: ScreeningRow[] = [
  matched(2, 'B-2', 7, 0, 1800),
  screened(3, 'a-3', 9, 0.4),
  notLocated(4, 'C-4', 'No address and no coordinates'),
  matched(5, 'D-5', 3, 120, null, 'PA'),
  screened(6, 'E-6', null, null),
  notLocated(7, null, 'Latitude 123 is out of range (-90 to 90)'),
];

const lines = (rows: readonly ScreeningRow[]) => rows.map((row) => row.line);

describe('the values a row is sorted and filtered by', () => {
  it('risk is the facility score when matched, else the highest score within 1 mile', () => {
    expect(ROWS.map(rowRisk)).toEqual([7, 9, null, 3, null, null]);
  });
  it('distance is to the matched facility (feet in miles), else to the nearest release', () => {
    expect(rowDistanceMiles(ROWS[0]!)).toBe(0);
    expect(rowDistanceMiles(ROWS[3]!)).toBeCloseTo(120 / 5280);
    expect(rowDistanceMiles(ROWS[1]!)).toBe(0.4);
    expect(rowDistanceMiles(ROWS[2]!)).toBeNull();
  });
  it('the state filter offers the states the rows name, sorted, once each', () => {
    expect(statesOf(ROWS)).toEqual(['DE', 'MD', 'PA']);
  });
});

describe('filterRows', () => {
  it('keeps every row without a filter', () => {
    expect(lines(filterRows(ROWS, NO_FILTER))).toEqual([2, 3, 4, 5, 6, 7]);
  });
  it('by outcome: not located shows the bad rows', () => {
    const rows = filterRows(ROWS, { ...NO_FILTER, outcome: 'not_located' });
    expect(rows.map((row) => [row.line, row.reason])).toEqual([
      [4, 'No address and no coordinates'],
      [7, 'Latitude 123 is out of range (-90 to 90)'],
    ]);
  });
  it('by state, by minimum risk (rows without a risk drop out), and together', () => {
    expect(lines(filterRows(ROWS, { ...NO_FILTER, state: 'MD' }))).toEqual([3, 6]);
    expect(lines(filterRows(ROWS, { ...NO_FILTER, minRisk: 7 }))).toEqual([2, 3]);
    expect(lines(filterRows(ROWS, { ...NO_FILTER, minRisk: 7, state: 'DE' }))).toEqual([2]);
  });
  it('free text matches the reference, the address and the facility, case-insensitively', () => {
    expect(lines(filterRows(ROWS, { ...NO_FILTER, text: 'd-5' }))).toEqual([5]);
    expect(lines(filterRows(ROWS, { ...NO_FILTER, text: ' 2 main ' }))).toEqual([2]);
    expect(lines(filterRows(ROWS, { ...NO_FILTER, text: 'facility f5' }))).toEqual([5]);
    expect(filterRows(ROWS, { ...NO_FILTER, text: 'nowhere' })).toEqual([]);
  });
});

describe('sortRows', () => {
  it('file order by line', () => {
    expect(lines(sortRows([...ROWS].reverse(), FILE_ORDER))).toEqual([2, 3, 4, 5, 6, 7]);
  });
  it('risk, highest first, rows without a risk last in file order', () => {
    expect(lines(sortRows(ROWS, { key: 'risk', direction: 'desc' }))).toEqual([3, 2, 5, 4, 6, 7]);
    expect(lines(sortRows(ROWS, { key: 'risk', direction: 'asc' }))).toEqual([5, 2, 3, 4, 6, 7]);
  });
  it('reference case-insensitively, rows without one last', () => {
    expect(lines(sortRows(ROWS, { key: 'reference', direction: 'asc' }))).toEqual([3, 2, 4, 5, 6, 7]);
  });
  it('distance nearest first; premium highest first', () => {
    expect(lines(sortRows(ROWS, { key: 'distance', direction: 'asc' }))).toEqual([2, 5, 3, 4, 6, 7]);
    expect(lines(sortRows(ROWS, { key: 'premium', direction: 'desc' }))).toEqual([2, 3, 4, 5, 6, 7]);
  });
  it('does not reorder its input', () => {
    const input = [...ROWS];
    sortRows(input, { key: 'risk', direction: 'desc' });
    expect(input).toEqual(ROWS);
  });
});

describe('nextSort', () => {
  it('a new column starts ascending, risk and premium descending; the same column turns round', () => {
    expect(nextSort(FILE_ORDER, 'reference')).toEqual({ key: 'reference', direction: 'asc' });
    expect(nextSort(FILE_ORDER, 'risk')).toEqual({ key: 'risk', direction: 'desc' });
    expect(nextSort({ key: 'risk', direction: 'desc' }, 'risk')).toEqual({ key: 'risk', direction: 'asc' });
    expect(nextSort(FILE_ORDER, 'line')).toEqual({ key: 'line', direction: 'desc' });
  });
});

describe('pageOf', () => {
  const many = Array.from({ length: 10_000 }, (_, index) => notLocated(index + 2, `R${index}`, 'x'));
  it('cuts 10,000 rows into 100 pages of 100', () => {
    const page = pageOf(many, 99);
    expect(page).toMatchObject({ page: 99, pages: 100, first: 9_901, last: 10_000 });
    expect(page.rows).toHaveLength(100);
  });
  it('clamps a page beyond the end (after a filter shrank the rows) and says 0-0 for none', () => {
    expect(pageOf(many.slice(0, 150), 7)).toMatchObject({ page: 1, pages: 2, first: 101, last: 150 });
    expect(pageOf([], 3)).toMatchObject({ page: 0, pages: 1, first: 0, last: 0, rows: [] });
  });
});
