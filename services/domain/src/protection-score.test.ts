import { describe, expect, it } from 'vitest';
import { facilityProtectionScore, protectionScoreOutOfTen, tankProtectionScore, type ProtectionInputs } from './protection-score.js';

const unknown: ProtectionInputs = { tank_wall_type: null, corrosion_protection: null, secondary_containment: null, leak_detection: null };

describe('tankProtectionScore', () => {
  it('gives 100 when all four factors are protective', () => {
    const tank = {
      tank_wall_type: 'Double wall',
      leak_detection: 'Automatic tank gauging',
      corrosion_protection: 'Sacrificial anode',
      secondary_containment: true,
    };
    expect(tankProtectionScore(tank)).toBe(100);
  });

  it('scales the weights of the known factors up to 100 and leaves unknown ones out', () => {
    // Known: wall 30 (single: 0), leak detection 30 (yes), containment 20 (no) -> 30 / 80.
    const tank = { ...unknown, tank_wall_type: 'Single wall', leak_detection: 'Automatic tank gauging', secondary_containment: false };
    expect(tankProtectionScore(tank)).toBe(37.5);
  });

  it("reads 'None' as a known absence and a lone double wall as fully protective", () => {
    expect(tankProtectionScore({ ...unknown, tank_wall_type: 'Single wall', leak_detection: 'None' })).toBe(0);
    expect(tankProtectionScore({ ...unknown, tank_wall_type: 'Double Wall' })).toBe(100);
    expect(tankProtectionScore({ ...unknown, tank_wall_type: 'Jacketed', corrosion_protection: 'no' })).toBe(60);
  });

  it('is null when nothing is known, including a wall type it cannot read', () => {
    expect(tankProtectionScore(unknown)).toBeNull();
    expect(tankProtectionScore({ ...unknown, tank_wall_type: 'Other', corrosion_protection: '  ' })).toBeNull();
  });
});

describe('facilityProtectionScore', () => {
  it('averages the tanks that have a score and rounds to a whole number', () => {
    const full = {
      tank_wall_type: 'Double wall',
      leak_detection: 'Interstitial monitoring',
      corrosion_protection: 'Impressed current',
      secondary_containment: true,
    };
    const partial = { ...unknown, tank_wall_type: 'Single wall', leak_detection: 'Automatic tank gauging', secondary_containment: false };
    expect(facilityProtectionScore([full, partial, unknown])).toBe(69); // (100 + 37.5) / 2 = 68.75
    expect(facilityProtectionScore([unknown])).toBeNull();
    expect(facilityProtectionScore([])).toBeNull();
  });
});

describe('protectionScoreOutOfTen', () => {
  it('maps 0-100 onto the 1-10 of the details dialog: ceil(score / 10), at least 1', () => {
    expect([0, 1, 10, 11, 69, 90.5, 100].map(protectionScoreOutOfTen)).toEqual([1, 1, 1, 2, 7, 10, 10]);
    expect(protectionScoreOutOfTen(null)).toBeNull();
  });
});
