import { DEFAULT_RISK_MODEL, RISK_MODELS } from '@ust/domain';
import type { DatasetBuildMeta } from '@ust/read-model';
import { describe, expect, it } from 'vitest';
import { liveBuildScoring } from './live-build-scoring.js';

const build = (risk_model: string | undefined): DatasetBuildMeta => ({
  dataset_version: 9,
  generated_at: '2026-11-01T10:00:00.000Z',
  ...(risk_model === undefined ? {} : { risk_model }),
  import_id: null,
  facilities: 1,
  tanks: 1,
  releases: 0,
  sources: { real_facilities: 1, generated_facilities: 0, real_releases: 0, generated_releases: 0 },
});

describe('liveBuildScoring', () => {
  it("scores with the live build's clock and model", () => {
    expect(liveBuildScoring(build('risk-v1'))).toEqual({ asOf: new Date('2026-11-01T10:00:00.000Z'), riskModel: RISK_MODELS['risk-v1'] });
    expect(liveBuildScoring(build('risk-v2')).riskModel).toBe(RISK_MODELS['risk-v2']);
  });

  it('scores as of the ages of a build that derived only some states, not its build time', () => {
    const derivedInPart = { ...build('risk-v2'), ages_as_of: '2026-10-28T09:00:00.000Z', rebuilt_states: { base_version: 8, states: ['DE'] } };
    expect(liveBuildScoring(derivedInPart).asOf).toEqual(new Date('2026-10-28T09:00:00.000Z'));
  });

  it('reads a build from before models were recorded as risk-v1', () => {
    expect(liveBuildScoring(build(undefined)).riskModel).toBe(RISK_MODELS['risk-v1']);
  });

  it('scores with the default model, not a failed request, when a newer release built with a model this one does not know', () => {
    expect(liveBuildScoring(build('risk-v9')).riskModel).toBe(DEFAULT_RISK_MODEL);
  });

  it('scores now with the default model before any build', () => {
    const before = Date.now();
    const scoring = liveBuildScoring(null);
    expect(scoring.riskModel).toBe(DEFAULT_RISK_MODEL);
    expect(scoring.asOf.getTime()).toBeGreaterThanOrEqual(before);
  });
});
