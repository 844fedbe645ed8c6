import { describe, expect, it } from 'vitest';
import { ageBand, deriveFacility, summarizeFacility, yearsSince, type TankLike } from './facility-summary.js';

const asOf = new Date('2025-01-01T00:00:00Z');
const bare: TankLike = {
  tank_status: null,
  installation_date: null,
  capacity_gallons: null,
  tank_wall_type: null,
  corrosion_protection: null,
  secondary_containment: null,
  leak_detection: null,
};

describe('summarizeFacility', () => {
  it('derives counts, ages, capacity, protection and leaks of a facility with active tanks', () => {
    const tanks: TankLike[] = [
      // 30.0 years old on 2025-01-01; protection 100.
      {
        tank_status: 'Currently in use',
        installation_date: '1995-01-01',
        capacity_gallons: 10_000,
        tank_wall_type: 'Double wall',
        leak_detection: 'Automatic tank gauging',
        corrosion_protection: 'Sacrificial anode',
        secondary_containment: true,
      },
      // 19.5 years old; protection 30 / 80 = 37.5.
      {
        tank_status: 'Currently in use',
        installation_date: '2005-07-01',
        capacity_gallons: 8_000,
        tank_wall_type: 'Single wall',
        leak_detection: 'Automatic tank gauging',
        corrosion_protection: null,
        secondary_containment: false,
      },
      // Inactive tanks count but do not enter ages, capacity or protection.
      { ...bare, tank_status: 'Closed', installation_date: '1980-03-15', capacity_gallons: 4_000, tank_wall_type: 'Single wall' },
      { ...bare, tank_status: 'Temporarily out of service', capacity_gallons: 6_000 },
    ];
    const releases = [{ status_class: 'Open' as const }, { status_class: 'No Further Action' as const }, { status_class: 'Other' as const }];
    expect(summarizeFacility(tanks, releases, asOf)).toEqual({
      total_tank_count: 4,
      active_tank_count: 2,
      inactive_tank_count: 2,
      tos_tank_count: 1,
      avg_tank_age: 24.8, // (30.002 + 19.505) / 2 = 24.753
      max_tank_age: 30,
      oldest_tank_year: 1995,
      newest_tank_year: 2005,
      total_capacity: 18_000,
      protection_score: 69,
      has_leak: true,
      total_leak_count: 3,
      open_leak_count: 1,
    });
  });

  it('falls back to all tanks for ages when none is active, and keeps capacity to active tanks', () => {
    const tanks: TankLike[] = [
      { ...bare, tank_status: 'Closed', installation_date: '1970-01-01', capacity_gallons: 5_000 },
      { ...bare, tank_status: 'Closed', installation_date: '1985-06-15', capacity_gallons: 5_000 },
      { ...bare, tank_status: null, capacity_gallons: 1_000 },
    ];
    const { summary, ageBasis } = deriveFacility(tanks, [], asOf);
    expect(summary).toMatchObject({
      total_tank_count: 3,
      active_tank_count: 0,
      inactive_tank_count: 3,
      tos_tank_count: 0,
      avg_tank_age: 47.3, // (55.002 + 39.549) / 2
      max_tank_age: 55,
      oldest_tank_year: 1970,
      newest_tank_year: 1985,
      total_capacity: 0,
      protection_score: null,
      has_leak: false,
      total_leak_count: 0,
      open_leak_count: 0,
    });
    expect(ageBasis.count).toBe(2);
    expect(ageBasis.sumYears).toBeCloseTo(94.551, 3);
  });

  it('leaves ages empty when the active tanks have no dates, even if closed ones do', () => {
    const tanks: TankLike[] = [
      { ...bare, tank_status: 'Currently in use', capacity_gallons: 2_500 },
      { ...bare, tank_status: 'Closed', installation_date: '1960-01-01' },
    ];
    expect(summarizeFacility(tanks, [], asOf)).toMatchObject({
      avg_tank_age: null,
      max_tank_age: null,
      oldest_tank_year: null,
      newest_tank_year: null,
      total_capacity: 2_500,
    });
  });

  it('gives zeros and nulls for a facility without tanks', () => {
    expect(summarizeFacility([], [], asOf)).toEqual({
      total_tank_count: 0,
      active_tank_count: 0,
      inactive_tank_count: 0,
      tos_tank_count: 0,
      avg_tank_age: null,
      max_tank_age: null,
      oldest_tank_year: null,
      newest_tank_year: null,
      total_capacity: 0,
      protection_score: null,
      has_leak: false,
      total_leak_count: 0,
      open_leak_count: 0,
    });
  });
});

describe('tank ages', () => {
  it('counts years of 365.2425 days, treats future dates as new and bad dates as unknown', () => {
    expect(yearsSince('2015-01-01', asOf)).toBeCloseTo(10.0, 2);
    expect(yearsSince('2030-01-01', asOf)).toBe(0);
    expect(yearsSince('01-JAN-1970', asOf)).toBeNull();
    expect(yearsSince(null, asOf)).toBeNull();
  });

  it('puts ages in the dashboard bands', () => {
    expect([0, 9.99, 10, 29.5, 39.9, 40, 80].map(ageBand)).toEqual(['0-9', '0-9', '10-19', '20-29', '30-39', '40+', '40+']);
  });
});
