import { RISK_MODELS } from '@ust/domain';
import { DERIVED_DATA_FORMAT, type DatasetBuildMeta } from '@ust/read-model';
import { describe, expect, it } from 'vitest';
import { copyRefusal, MAX_COPIED_AGE_MS, withStatesReplaced } from './rebuild-plan.js';

const now = new Date('2026-11-29T12:00:00.000Z');
const live: DatasetBuildMeta = {
  dataset_version: 7,
  format: DERIVED_DATA_FORMAT,
  generated_at: '2026-11-28T12:00:00.000Z',
  risk_model: 'risk-v2',
  import_id: 'imp-1',
  facilities: 3,
  tanks: 4,
  releases: 1,
  sources: { real_facilities: 3, generated_facilities: 0, real_releases: 1, generated_releases: 0 },
  imports_through: { committed_through: '2026-11-28 11:59:00.000', imports: 1 },
  ages_as_of: '2026-11-28T12:00:00.000Z',
  rebuilt_states: null,
};
const inputs = { importId: 'imp-2', riskModel: RISK_MODELS['risk-v2'], now };

describe('copyRefusal', () => {
  it('lets a version built in this format, with this model, recording its imports, under a week old, be copied', () => {
    expect(copyRefusal(live, inputs)).toBeNull();
    expect(copyRefusal({ ...live, ages_as_of: new Date(now.getTime() - MAX_COPIED_AGE_MS).toISOString() }, inputs)).toBeNull();
  });

  it('refuses another format, another model, a version that does not record its imports, and week-old ages', () => {
    expect(copyRefusal({ ...live, format: DERIVED_DATA_FORMAT - 1 }, inputs)).toBe(
      `v7 was built in derived-data format ${DERIVED_DATA_FORMAT - 1}, this build writes ${DERIVED_DATA_FORMAT}`,
    );
    expect(copyRefusal(live, { ...inputs, riskModel: RISK_MODELS['risk-v1'] })).toBe('v7 was scored with risk-v2, this build scores with risk-v1');
    const { imports_through: _imports, ...unrecorded } = live;
    expect(copyRefusal(unrecorded, inputs)).toBe('v7 does not record which imports it holds');
    const stale = new Date(now.getTime() - MAX_COPIED_AGE_MS - 1).toISOString();
    expect(copyRefusal({ ...live, ages_as_of: stale }, inputs)).toBe(`v7's ages are as of ${stale}, over a week ago`);
  });
});

describe('withStatesReplaced', () => {
  it("keeps the base's other states, takes the rebuilt states' entries now (dropping one that has none), in state order", () => {
    const base = { VA: 1, DE: 2, MD: 3, AL: 4 };
    expect(Object.entries(withStatesReplaced(base, { base: 7, states: ['DE', 'MD'] }, { MD: 30, DC: 5 }))).toEqual([
      ['AL', 4],
      ['DC', 5],
      ['MD', 30],
      ['VA', 1],
    ]);
  });
});
