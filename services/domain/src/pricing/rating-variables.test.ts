/** Facility data -> rating variables, on values found in the fixture states and UST Finder files. */
import { describe, expect, it } from 'vitest';
import { ageInYears, leakDetection, ratedStatus, substanceClasses, tankConstruction, type PricingTank } from './rating-variables.js';

const tank = (fields: Partial<PricingTank>): PricingTank => ({
  installation_date: null,
  tank_status: 'Currently in use',
  tank_wall_type: null,
  leak_detection: null,
  substances: null,
  capacity_gallons: null,
  ...fields,
});

describe('tankConstruction', () => {
  it.each([
    [{ tank_wall_type: 'Double wall', material: 'Fiberglass Reinforced Plastic' }, 'double_wall_frp'],
    [{ tank_wall_type: 'Double wall', material: 'Steel (Dbl-Wall) w/Polymer' }, 'double_wall_steel'],
    [{ tank_wall_type: 'Jacketed', material: 'Polyethylene jacketed steel' }, 'double_wall_steel'],
    [{ tank_wall_type: 'Double wall' }, 'double_wall_unknown'],
    // Delaware: secondary containment Yes/No and no wall type.
    [{ secondary_containment: true }, 'double_wall_unknown'],
    [{ material: 'Fiberglass jacketed steel' }, 'double_wall_steel'],
    [{ tank_wall_type: 'Single wall', material: 'Composite (Steel w/ FRP)' }, 'composite'],
    [{ material: 'Fiberglass reinforced plastic' }, 'fiberglass'],
    [{ material: 'Protected steel fiberglass lined' }, 'lined_steel'],
    [{ material: 'Cathodically Protected Steel' }, 'cathodic_steel'],
    [{ material: 'PSteel with impressed current' }, 'cathodic_steel'],
    [{ material: 'Unprotected Steel' }, 'bare_steel'],
    [{ material: 'Asphalt Coated or Bare Steel' }, 'bare_steel'],
    [{ material: 'Steel', corrosion_protection: 'Sacrificial anode' }, 'cathodic_steel'],
    [{ material: 'Steel', corrosion_protection: 'None' }, 'bare_steel'],
    // Steel of unknown protection earns neither a credit nor the bare-steel debit.
    [{ tank_wall_type: 'Single wall', material: 'Steel' }, 'unknown'],
    [{ tank_wall_type: 'Excavation liner', material: 'Other' }, 'unknown'],
  ] as const)('%o -> %s', (fields, expected) => {
    expect(tankConstruction(tank(fields))).toBe(expected);
  });
});

describe('leakDetection', () => {
  it('splits tank and piping methods', () => {
    expect(leakDetection('Automatic tank gauging; Inventory control; Piping: line leak detector; Piping: annual line test')).toEqual({
      tank: ['automatic_tank_gauging', 'inventory_control'],
      piping: ['line_leak_detector', 'line_tightness_test'],
    });
  });

  it("tells 'None' (the source said no to every method) from unknown", () => {
    expect(leakDetection('None')).toEqual({ tank: ['none'], piping: ['none'] });
    expect(leakDetection(null)).toEqual({ tank: ['unknown'], piping: ['unknown'] });
    expect(leakDetection('Interstitial monitoring')).toEqual({ tank: ['interstitial'], piping: ['unknown'] });
    expect(leakDetection('Subpart K other method; Piping: Subpart K other method')).toEqual({ tank: ['other'], piping: ['other'] });
  });
});

describe('substanceClasses', () => {
  it.each([
    ['Gasoline E-10 (E1-E10)', ['gasoline']],
    ['Diesel; Gasoline (containing <=10% ethanol)', ['gasoline', 'diesel']],
    ['Diesel/Fuel Oil', ['diesel', 'fuel_oil']],
    ['Fuel Oil #2 or #4', ['fuel_oil']],
    ['Used Oil', ['fuel_oil']],
    ['Kerosene', ['fuel_oil']],
    ['Av Gas', ['aviation']],
    ['Jet A', ['aviation']],
    ['Diesel Exhaust Fluid', ['other']],
    ['Hazardous Substance', ['other']],
    [null, ['unknown']],
  ] as const)('%s -> %o', (substances, expected) => {
    expect(substanceClasses(substances)).toEqual(expected);
  });
});

describe('ratedStatus and ageInYears', () => {
  it('rates tanks in use and temporarily out of service only', () => {
    expect(ratedStatus('Currently in use')).toBe('in_use');
    expect(ratedStatus('Temporarily out of service')).toBe('temporarily_out_of_service');
    expect(ratedStatus('Closed')).toBeNull();
    expect(ratedStatus(null)).toBeNull();
  });

  it('counts whole years to the policy date', () => {
    const asOf = new Date('2025-06-01T00:00:00Z');
    expect(ageInYears('1998-06-01', asOf)).toBe(27);
    expect(ageInYears('1998-06-02', asOf)).toBe(26);
    expect(ageInYears('2026-01-01', asOf)).toBe(0);
    expect(ageInYears(null, asOf)).toBeNull();
  });
});
