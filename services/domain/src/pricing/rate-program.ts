/**
 * One carrier program applied to a facility's rated tanks (docs/pricing.md, 'Formula'):
 *
 *   tank      = base x (1 + sum of loads)            additive programs
 *             = base x product of (1 + load)         multiplicative programs
 *   manual    = sum of tanks x (1 + tank-count load) x limits x deductible
 *   annual    = max(minimum, round(manual x (1 + schedule)))
 *
 * with schedule = the risk score's fraction of the program's cap. Nothing is rounded before
 * the end, so a hand calculation from the filing's tables gives the same dollar.
 */
import type { LimitContract, PipingConstruction, RatingProgram, SubstanceClass, TankConstruction } from '@ust/schemas';
import type { LeakDetection, RatedStatus } from './rating-variables.js';

export interface RatedTank {
  status: RatedStatus;
  /** ISO date or null. */
  installed: string | null;
  /** Whole years, or null when the installation date is unknown. */
  age: number | null;
  construction: TankConstruction;
  leak: LeakDetection;
  piping: PipingConstruction;
  substances: SubstanceClass[];
  capacity: number | null;
}

export interface Contract {
  perOccurrence: number;
  aggregate: number;
  deductible: number;
}

export interface ProgramPremium {
  /** Each rated tank's premium before facility factors, unrounded (for worked examples). */
  tankPremiums: number[];
  /** Manual premium: before the schedule and the minimum, whole dollars. */
  basePremium: number;
  annualPremium: number;
}

interface Band {
  up_to: number | null;
  value: number;
}

/** The band holding `x`; an unknown `x` (age without a date) takes the last, oldest band. */
function bandValue(bands: readonly Band[], x: number | null): number {
  const band = x === null ? bands.at(-1) : bands.find((b) => b.up_to === null || x <= b.up_to);
  return band!.value;
}

/** Float noise (254.99999999) must not decide a dollar. */
export function roundDollars(amount: number): number {
  return Math.round(Number(amount.toFixed(6)));
}

function tankBase(program: RatingProgram, tank: RatedTank, firstInstalled: string | null): number {
  const base = program.base;
  switch (base.kind) {
    case 'flat':
      return base.per_tank;
    case 'age':
      return bandValue(base.bands, tank.age);
    case 'age_and_wall':
      return bandValue(tank.construction.startsWith('double_wall') ? base.double_wall : base.single_wall, tank.age);
    case 'installation_basis':
      // An unknown date may be before the cutoff: the upgrade rate, the highest, is the safe one.
      if (tank.installed === null || tank.installed < base.cutoff) return base.upgrade;
      return firstInstalled !== null && firstInstalled < tank.installed ? base.replace : base.new;
  }
}

function capacityLoad(program: RatingProgram, tank: RatedTank, siteGallons: number | null): number {
  const gallons = program.capacity.basis === 'site' ? siteGallons : tank.capacity;
  return gallons === null ? program.capacity.unknown : bandValue(program.capacity.bands, Math.round(gallons));
}

function tankLoads(program: RatingProgram, tank: RatedTank, siteGallons: number | null, contract: LimitContract): number[] {
  const loads = [
    bandValue(program.age, tank.age),
    program.construction[tank.construction],
    // Several methods earn the best one's credit, never the sum.
    Math.min(...tank.leak.tank.map((method) => program.tank_leak_detection[method])),
    program.piping_construction[tank.piping],
    Math.min(...tank.leak.piping.map((method) => program.piping_leak_detection[method])),
    program.status[tank.status],
    // The riskiest substance stored governs.
    Math.max(...tank.substances.map((substance) => program.substance[substance])),
    capacityLoad(program, tank, siteGallons),
  ];
  if (program.limits.mode === 'load') loads.push(program.limits.contracts[contract]);
  return loads;
}

function combine(formula: RatingProgram['formula'], loads: readonly number[]): number {
  const factor = formula === 'additive' ? 1 + loads.reduce((sum, load) => sum + load, 0) : loads.reduce((product, load) => product * (1 + load), 1);
  return Math.max(0, factor);
}

function facilityFactor(program: RatingProgram, tankCount: number, contract: Contract): number {
  const key = `${contract.perOccurrence}/${contract.aggregate}` as LimitContract;
  const ilf = program.limits.mode === 'multiplier' ? program.limits.contracts[key] : 1;
  const deductible = bandValue(program.deductible.bands, contract.deductible);
  const limitsAndDeductible = program.deductible.mode === 'ilf_credit' ? ilf - deductible : ilf * deductible;
  return (1 + bandValue(program.tank_count, tankCount)) * Math.max(0, limitsAndDeductible);
}

/**
 * @param firstInstalled the earliest installation date of any tank the facility had, closed
 *   ones included (TOMICS tells a replacement from a new site by it)
 * @param scheduleFraction -1..1 of the program's schedule cap (the plan's risk_schedule)
 */
export function rateProgram(
  program: RatingProgram,
  tanks: readonly RatedTank[],
  firstInstalled: string | null,
  contract: Contract,
  scheduleFraction: number,
): ProgramPremium {
  const key = `${contract.perOccurrence}/${contract.aggregate}` as LimitContract;
  const known = tanks.filter((tank) => tank.capacity !== null);
  const siteGallons = known.length > 0 ? known.reduce((sum, tank) => sum + tank.capacity!, 0) : null;
  const tankPremiums = tanks.map((tank) => tankBase(program, tank, firstInstalled) * combine(program.formula, tankLoads(program, tank, siteGallons, key)));
  const manual = tankPremiums.reduce((sum, premium) => sum + premium, 0) * facilityFactor(program, tanks.length, contract);
  const scheduled = manual * (1 + scheduleFraction * program.schedule.cap);
  return {
    tankPremiums,
    basePremium: roundDollars(manual),
    annualPremium: Math.max(roundDollars(program.minimum_premium), roundDollars(scheduled)),
  };
}
