/**
 * Where each state's records come from (docs/decisions/0111-national-demo-real-records.md):
 * per table the real and generated counts, the class of the state, and the real files with
 * their dates. Counted like the statistics, so the dashboard, the map's "Data coverage" layer
 * and `sources` of GET /api/facilities-statistics agree.
 */
import { STATE_CODES } from '@ust/domain';
import type { CoverageClass, CoverageSource, OriginCounts, StateCoverage } from '@ust/schemas';
import type { StateSourceRow } from '../queries/dataset/get-state-source-counts.js';
import { sourceFileDate } from './source-dates.js';

/**
 * Real when every record of the state is real, generated when none is, partly real otherwise.
 * Tribal-land records are real records of the state too: a state with only them beside
 * generated records is partly real, and its sources say so.
 */
export function coverageClass(tables: readonly OriginCounts[]): CoverageClass {
  const real = tables.some((counts) => counts.real > 0);
  const generated = tables.some((counts) => counts.generated > 0);
  if (real && !generated) return 'real';
  return real ? 'partly_real' : 'generated';
}

const STATE_BY_CODE = new Map(Object.entries(STATE_CODES).map(([fips, { code, name }]) => [code, { fips, name }]));

export function buildCoverage(rows: readonly StateSourceRow[]): StateCoverage[] {
  const states = new Map<string, { facilities: OriginCounts; tanks: OriginCounts; releases: OriginCounts; files: Map<string, boolean> }>();
  for (const row of rows) {
    let state = states.get(row.state);
    if (!state) {
      state = { facilities: { real: 0, generated: 0 }, tanks: { real: 0, generated: 0 }, releases: { real: 0, generated: 0 }, files: new Map() };
      states.set(row.state, state);
    }
    const generated = row.source === 'generated';
    state[row.table][generated ? 'generated' : 'real'] += row.records;
    // A workbook's records name their sheet (`file.xlsx#Tank`); the coverage lists files.
    if (!generated) state.files.set(row.source.split('#')[0]!, row.tribal === 1);
  }
  return [...states.keys()].sort().map((code) => {
    const { facilities, tanks, releases, files } = states.get(code)!;
    const sources: CoverageSource[] = [...files].sort(([a], [b]) => a.localeCompare(b)).map(([file, tribal]) => ({ file, ...sourceFileDate(file), tribal }));
    const { fips, name } = STATE_BY_CODE.get(code) ?? { fips: '', name: code };
    return { state: code, fips, name, coverage: coverageClass([facilities, tanks, releases]), facilities, tanks, releases, sources };
  });
}
