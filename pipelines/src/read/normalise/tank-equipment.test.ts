import { describe, expect, it } from 'vitest';
import { describeMethods, normaliseWallType } from './tank-equipment.js';

describe('normaliseWallType', () => {
  it('reads wall types (DC, VT) and Yes/No (DE)', () => {
    expect(normaliseWallType('Single wall')).toEqual({ wallType: 'Single wall', secondaryContainment: false });
    expect(normaliseWallType('Double-Walled')).toEqual({ wallType: 'Double wall', secondaryContainment: true });
    expect(normaliseWallType('Double wall')).toEqual({ wallType: 'Double wall', secondaryContainment: true });
    expect(normaliseWallType('Jacketed')).toEqual({ wallType: 'Jacketed', secondaryContainment: true });
    expect(normaliseWallType('Excavation liner ')).toEqual({ wallType: 'Excavation liner', secondaryContainment: true });
    expect(normaliseWallType('Yes')).toEqual({ wallType: null, secondaryContainment: true });
    expect(normaliseWallType('No')).toEqual({ wallType: null, secondaryContainment: false });
    expect(normaliseWallType('Unknown')).toEqual({ wallType: null, secondaryContainment: null });
    expect(normaliseWallType(undefined)).toEqual({ wallType: null, secondaryContainment: null });
  });
});

describe('describeMethods', () => {
  it('lists the methods answered Yes, once each, in first-seen order', () => {
    expect(
      describeMethods([
        ['Interstitial monitoring', 'Yes'],
        ['Automatic tank gauging', 'No'],
        ['Piping: line leak detector', 'Yes'],
        ['Interstitial monitoring', 'Yes'],
      ]),
    ).toBe('Interstitial monitoring; Piping: line leak detector');
  });

  it("says 'None' only when every answer is an explicit No", () => {
    expect(
      describeMethods([
        ['A', 'No'],
        ['B', 'No'],
      ]),
    ).toBe('None');
    expect(
      describeMethods([
        ['A', 'No'],
        ['B', 'Unknown'],
      ]),
    ).toBeNull();
    expect(
      describeMethods([
        ['A', 'No'],
        ['B', ''],
      ]),
    ).toBeNull();
    expect(describeMethods([])).toBeNull();
  });

  it('skips columns the file does not have', () => {
    expect(
      describeMethods([
        ['A', 'No'],
        ['B', undefined],
      ]),
    ).toBe('None');
  });

  it('is unknown when the unknown flag is set and nothing is Yes', () => {
    expect(describeMethods([['Sacrificial anode', 'No']], 'Yes')).toBeNull();
    expect(describeMethods([['Sacrificial anode', 'Yes']], 'Yes')).toBe('Sacrificial anode');
  });
});
