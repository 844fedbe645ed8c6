import { describe, expect, it } from 'vitest';
import { buildCoverage, coverageClass } from './coverage.js';
import { sourceFileDate } from './source-dates.js';

describe('coverageClass', () => {
  it('is real without generated records, generated without real ones, partly real with both', () => {
    expect(
      coverageClass([
        { real: 6_497, generated: 0 },
        { real: 18_554, generated: 0 },
        { real: 5_631, generated: 0 },
      ]),
    ).toBe('real');
    expect(
      coverageClass([
        { real: 0, generated: 3_000 },
        { real: 0, generated: 9_000 },
        { real: 16_915, generated: 0 },
      ]),
    ).toBe('partly_real');
    expect(
      coverageClass([
        { real: 0, generated: 10 },
        { real: 0, generated: 30 },
        { real: 0, generated: 0 },
      ]),
    ).toBe('generated');
  });
});

describe('sourceFileDate', () => {
  it("dates a workbook by its export stamp, UST Finder's tribal files by their folder, and the other fixtures by their retrieval", () => {
    expect(sourceFileDate('epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx')).toEqual({ date: '2025-03-12', date_kind: 'file' });
    expect(sourceFileDate('ust-finder-tribal/2024-Nov/data/fac.csv')).toEqual({ date: '2024-11', date_kind: 'file' });
    expect(sourceFileDate('state-native/UT/fac.csv')).toEqual({ date: '2025-02-03', date_kind: 'retrieved' });
    expect(sourceFileDate('inbox/my-upload.csv')).toEqual({ date: null, date_kind: null });
  });
});

describe('buildCoverage', () => {
  it('sums each table by origin per state, and lists the real files once, sorted, with their dates', () => {
    const coverage = buildCoverage([
      { state: 'UT', table: 'facilities', source: 'state-native/UT/fac.csv', tribal: 0, records: 421 },
      { state: 'UT', table: 'facilities', source: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx#Facility', tribal: 0, records: 6_076 },
      { state: 'UT', table: 'facilities', source: 'ust-finder-tribal/2024-Nov/data/fac.csv', tribal: 1, records: 3 },
      { state: 'UT', table: 'tanks', source: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx#Tank', tribal: 0, records: 18_554 },
      { state: 'UT', table: 'tanks', source: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx', tribal: 0, records: 0 },
      { state: 'UT', table: 'releases', source: 'state-native/UT/ut_lust.csv', tribal: 0, records: 5_631 },
      { state: 'AK', table: 'facilities', source: 'generated', tribal: 0, records: 12 },
      { state: 'AK', table: 'tanks', source: 'generated', tribal: 0, records: 40 },
    ]);
    expect(coverage).toEqual([
      {
        state: 'AK',
        fips: '02',
        name: 'Alaska',
        coverage: 'generated',
        facilities: { real: 0, generated: 12 },
        tanks: { real: 0, generated: 40 },
        releases: { real: 0, generated: 0 },
        sources: [],
      },
      {
        state: 'UT',
        fips: '49',
        name: 'Utah',
        coverage: 'real',
        facilities: { real: 6_500, generated: 0 },
        tanks: { real: 18_554, generated: 0 },
        releases: { real: 5_631, generated: 0 },
        sources: [
          { file: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx', date: '2025-03-12', date_kind: 'file', tribal: false },
          { file: 'state-native/UT/fac.csv', date: '2025-02-03', date_kind: 'retrieved', tribal: false },
          { file: 'state-native/UT/ut_lust.csv', date: '2025-02-03', date_kind: 'retrieved', tribal: false },
          { file: 'ust-finder-tribal/2024-Nov/data/fac.csv', date: '2024-11', date_kind: 'file', tribal: true },
        ],
      },
    ]);
  });
});
