import { describe, expect, it } from 'vitest';
import { countsToGenerate, generatedTables } from './fill.js';
import { generatedTablesByState, plannedCounts } from './plan.js';

describe('countsToGenerate', () => {
  it('generates target minus real per table', () => {
    expect(countsToGenerate({ facilities: 1_000, tanks: 3_000, releases: 700 }, { facilities: 400, tanks: 1_000, releases: 200 })).toEqual({
      facilities: 600,
      tanks: 2_000,
      releases: 500,
    });
  });

  it('generates nothing of a table whose real records reach the target', () => {
    // Maryland-like: real releases above the target, no real facility.
    expect(countsToGenerate({ facilities: 3_000, tanks: 9_000, releases: 12_000 }, { facilities: 0, tanks: 0, releases: 16_915 })).toEqual({
      facilities: 3_000,
      tanks: 9_000,
      releases: 0,
    });
  });

  it('generates no tank without a generated facility to hold it', () => {
    // West Virginia-like: facilities above the target, tanks below it.
    expect(countsToGenerate({ facilities: 6_000, tanks: 18_000, releases: 4_000 }, { facilities: 8_833, tanks: 3_842, releases: 3_930 })).toEqual({
      facilities: 0,
      tanks: 0,
      releases: 70,
    });
  });

  it('gives every generated facility a tank even when real tanks reach the target', () => {
    expect(countsToGenerate({ facilities: 100, tanks: 300, releases: 0 }, { facilities: 90, tanks: 400, releases: 0 })).toEqual({
      facilities: 10,
      tanks: 10,
      releases: 0,
    });
  });
});

describe('generatedTables', () => {
  it('claims the tables it writes, and those no real file provides', () => {
    expect(generatedTables({ facilities: 10, tanks: 30, releases: 0 }, { facilities: 0, tanks: 0, releases: 500 })).toEqual(['facilities', 'tanks']);
    expect(generatedTables({ facilities: 0, tanks: 0, releases: 20 }, { facilities: 2_665, tanks: 8_986, releases: 0 })).toEqual(['releases']);
    expect(generatedTables({ facilities: 5, tanks: 5, releases: 0 }, { facilities: 0, tanks: 0, releases: 0 })).toEqual(['facilities', 'tanks', 'releases']);
  });
});

describe('plannedCounts with real counts', () => {
  // Delaware's targets at scale 1: 2,643 facilities, 8,190 tanks (calibration.test.ts).
  const target = plannedCounts({ seed: 1, scale: 1, excludeStates: [] }).byState['DE']!;

  it("subtracts each state's real records from its targets, and leaves the other states as they were", () => {
    const full = plannedCounts({ seed: 1, scale: 1, excludeStates: [] });
    const filled = plannedCounts({ seed: 1, scale: 1, excludeStates: [], realCounts: { DE: { facilities: 2_665, tanks: 8_986, releases: 0 } } });
    expect(filled.byState['DE']).toEqual({ facilities: 0, tanks: 0, activeTanks: 0, releases: target.releases });
    expect(filled.facilities).toBe(full.facilities - 2_643);
    expect(filled.tanks).toBe(full.tanks - 8_190);
    expect(filled.releases).toBe(full.releases);
    expect(filled.byState['MD']).toEqual(full.byState['MD']);
  });

  it('records which tables the generated import provides per state', () => {
    const tables = generatedTablesByState({
      seed: 1,
      scale: 1,
      excludeStates: [],
      realCounts: { DE: { facilities: 2_665, tanks: 8_986, releases: 0 }, MD: { facilities: 0, tanks: 0, releases: 1_000_000 } },
    });
    expect(tables['DE']).toEqual(['releases']);
    expect(tables['MD']).toEqual(['facilities', 'tanks']);
    expect(tables['TX']).toEqual(['facilities', 'tanks', 'releases']);
  });
});
