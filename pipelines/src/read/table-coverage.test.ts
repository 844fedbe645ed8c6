import Value from 'typebox/value';
import { ImportCommitted, type FacilityRecord, type ReleaseRecord, type TankRecord } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { generatedCoverage, TableCoverage } from './table-coverage.js';

const facility = (state: string, facility_id = `${state}-1`) => ({ kind: 'facility', record: { facility_id, state } as FacilityRecord }) as const;
const tank = (state: string, facility_id = `${state}-1`) =>
  ({ kind: 'tank', record: { tank_id: `${facility_id}/1`, facility_id, state } as TankRecord }) as const;
const release = (state: string, release_id = `${state}-R1`) => ({ kind: 'release', record: { release_id, state } as ReleaseRecord }) as const;
const reject = { kind: 'reject', record: { file: 'VT/Releases/release.csv', line: 2, field: 'x', value: null, reason: 'bad' } } as const;

describe('TableCoverage', () => {
  it('names, per state, the tables that had records, in table order; rejected rows cover nothing', () => {
    const coverage = new TableCoverage();
    for (const item of [release('DC'), tank('DE'), facility('DE'), facility('DC'), tank('DC'), release('IA'), facility('IL'), reject]) coverage.add(item);
    expect(coverage.byState()).toEqual({
      DC: ['facilities', 'tanks', 'releases'],
      DE: ['facilities', 'tanks'],
      IA: ['releases'],
      IL: ['facilities'],
    });
  });

  it('counts tribal-land records under TRIBAL, not under the state they lie in', () => {
    const coverage = new TableCoverage();
    for (const item of [facility('IL'), facility('IA', 'TRIBAL-1-2'), tank('IA', 'TRIBAL-1-2'), release('IL', 'TRIBAL-1-2-Release 1')]) coverage.add(item);
    expect(coverage.byState()).toEqual({ IL: ['facilities'], TRIBAL: ['facilities', 'tanks', 'releases'] });
  });

  it('gives every generated state all three tables, a state without a drawn release included', () => {
    expect(generatedCoverage({ AK: ['facilities', 'tanks'], WY: ['facilities', 'tanks', 'releases'] })).toEqual({
      AK: ['facilities', 'tanks', 'releases'],
      WY: ['facilities', 'tanks', 'releases'],
    });
  });
});

describe('ImportCommitted.tables_by_state', () => {
  const commit = {
    import_id: 'imp-1',
    version: 1,
    sources: ['DE'],
    counts: { facilities: 1, tanks: 0, releases: 0, rejects: 0 },
    rejects_by_reason: {},
    committed_at: '2026-11-27T00:00:00.000Z',
  };

  it('is optional, so commits published before it existed still replay', () => {
    expect(Value.Check(ImportCommitted, commit)).toBe(true);
    expect(Value.Check(ImportCommitted, { ...commit, tables_by_state: { DE: ['facilities'] } })).toBe(true);
  });

  it('refuses an unknown table or a state that is not a USPS code', () => {
    expect(Value.Check(ImportCommitted, { ...commit, tables_by_state: { DE: ['dispensers'] } })).toBe(false);
    expect(Value.Check(ImportCommitted, { ...commit, tables_by_state: { Delaware: ['facilities'] } })).toBe(false);
  });
});
