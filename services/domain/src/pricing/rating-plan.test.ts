/** The rating plan file validates at load; a corrupted copy fails naming the JSON path and the reason. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RATING_PLAN, RATING_PLAN_V1_FILE, RatingPlanError, readRatingPlan } from './rating-plan.js';

const original = () => JSON.parse(readFileSync(RATING_PLAN_V1_FILE, 'utf8'));
const directory = mkdtempSync(path.join(tmpdir(), 'rating-plan-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// A corruption reaches anywhere into the plan's JSON, whose shape it means to break.
/** Writes a corrupted copy of the v1 plan and reads it back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function readCorrupted(name: string, corrupt: (plan: any) => void): () => unknown {
  const plan = original();
  corrupt(plan);
  const file = path.join(directory, `${name}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return () => readRatingPlan(file);
}

describe('rating-plan-v1.json', () => {
  it('holds four programs named after their filings', () => {
    expect(RATING_PLAN.programs.map((p) => [p.carrier, p.filing.serff, p.filing.state, p.filing.effective, p.formula])).toEqual([
      ['TOMICS', 'TEXS-131241913', 'TX', '2018-01-01', 'additive'],
      ['Zurich', 'ZURC-127338727', 'IA', '2011-10-01', 'multiplicative'],
      ['AIG', 'AGNY-130002263', 'TX', '2015-08-01', 'additive'],
      ['Mid-Continent', null, 'TX', '2021-05-01', 'additive'],
    ]);
    expect(RATING_PLAN.programs.map((p) => [p.minimum_premium, p.schedule.cap])).toEqual([
      [350, 0.4],
      [425, 0.25],
      [525, 0.4],
      [500, 0.4],
    ]);
  });

  it('maps risk score 1 to the full schedule credit and 10 to the full debit', () => {
    expect(RATING_PLAN.risk_schedule['1']).toBe(-1);
    expect(RATING_PLAN.risk_schedule['10']).toBe(1);
  });

  it('is frozen: a caller cannot change the rates', () => {
    expect(Object.isFrozen(RATING_PLAN.programs[0]!.construction)).toBe(true);
  });
});

describe('a corrupted plan fails with the path and the reason', () => {
  it('a negative minimum premium', () => {
    const read = readCorrupted('minimum', (plan) => (plan.programs[1].minimum_premium = -5));
    expect(read).toThrow(RatingPlanError);
    expect(read).toThrow(/minimum\.json: \/programs\/1\/minimum_premium: must be >= 0/);
  });

  it('a missing factor', () => {
    const read = readCorrupted('missing', (plan) => delete plan.programs[0].construction.unknown);
    expect(read).toThrow(/\/programs\/0\/construction\/unknown: is required/);
  });

  it('a misspelt field', () => {
    const read = readCorrupted('extra', (plan) => (plan.programs[3].schedule.caps = 0.4));
    expect(read).toThrow(/\/programs\/3\/schedule\/caps: is not a field of the rating plan/);
  });

  it('bands out of order', () => {
    const read = readCorrupted('bands', (plan) => (plan.programs[2].base.bands[3].up_to = 10));
    expect(read).toThrow(/\/programs\/2\/base\/bands\/3\/up_to: must be greater than the band before \(12\)/);
  });

  it('a band table without an open last band', () => {
    const read = readCorrupted('open', (plan) => (plan.programs[0].age.at(-1).up_to = 99));
    expect(read).toThrow(/\/programs\/0\/age\/9\/up_to: the last band must be open \(null\)/);
  });

  it('a risk schedule beyond the cap', () => {
    const read = readCorrupted('risk', (plan) => (plan.risk_schedule['10'] = 1.5));
    expect(read).toThrow(/\/risk_schedule\/10: must be <= 1/);
  });

  it('a file that is not JSON', () => {
    const file = path.join(directory, 'broken.json');
    writeFileSync(file, '{ "version": ');
    expect(() => readRatingPlan(file)).toThrow(/broken\.json: cannot be read as JSON/);
  });
});
