/**
 * Protection score (0-100): how well a tank is built and watched to prevent or catch a release.
 * docs/data-model.md ('Protection score') is the reference; keep both in step.
 *
 * Each known factor scores 1 (protective) or 0; unknown factors are left out and the weights of
 * the known ones are scaled up to 100, so a tank is judged on what the source says about it,
 * never penalised for a field the state does not report.
 */
import type { TankRecord } from '@ust/schemas';

export type ProtectionInputs = Pick<TankRecord, 'tank_wall_type' | 'corrosion_protection' | 'secondary_containment' | 'leak_detection'>;

/**
 * Weights sum to 100. Leak detection and double walls weigh most: federal rules (40 CFR 280
 * subparts B and D) lean on them to stop a leak reaching the ground or to find it within a
 * month; corrosion protection and secondary containment of piping and sumps come next.
 */
export const PROTECTION_WEIGHTS = {
  double_wall: 30,
  leak_detection: 30,
  corrosion_protection: 20,
  secondary_containment: 20,
} as const;

export type ProtectionFactor = keyof typeof PROTECTION_WEIGHTS;

/** 1 protective, 0 not, null unknown. */
export type FactorValue = 0 | 1 | null;

/** 'None' / 'No' (any case) means the source says there is none: a known 0, not unknown. */
const SAYS_NONE = /^\s*(none|no|not installed)\s*$/i;

export function wallTypeFactor(wallType: string | null): FactorValue {
  if (wallType === null) return null;
  // 'Jacketed' tanks have an outer wall around the primary one: double wall for this purpose.
  if (/double|jacket/i.test(wallType)) return 1;
  if (/single/i.test(wallType)) return 0;
  return null;
}

/** Any named method counts ('Sacrificial anode', 'Impressed current', 'Cathodic not required' ...). */
export function namedMethodFactor(method: string | null): FactorValue {
  if (method === null || method.trim() === '') return null;
  return SAYS_NONE.test(method) ? 0 : 1;
}

export function tankProtectionFactors(tank: ProtectionInputs): Record<ProtectionFactor, FactorValue> {
  return {
    double_wall: wallTypeFactor(tank.tank_wall_type),
    leak_detection: namedMethodFactor(tank.leak_detection),
    corrosion_protection: namedMethodFactor(tank.corrosion_protection),
    secondary_containment: tank.secondary_containment === null ? null : tank.secondary_containment ? 1 : 0,
  };
}

/** 0-100 for one tank (unrounded), or null when none of the four factors is known. */
export function tankProtectionScore(tank: ProtectionInputs): number | null {
  let knownWeight = 0;
  let earned = 0;
  const factors = tankProtectionFactors(tank);
  for (const factor of Object.keys(PROTECTION_WEIGHTS) as ProtectionFactor[]) {
    const value = factors[factor];
    if (value === null) continue;
    knownWeight += PROTECTION_WEIGHTS[factor];
    earned += PROTECTION_WEIGHTS[factor] * value;
  }
  return knownWeight === 0 ? null : (100 * earned) / knownWeight;
}

/**
 * The facility's score: the mean of its tanks' scores, rounded to a whole number, over the
 * given tanks that have at least one known factor; null when none has. The caller picks the
 * tanks (facility-summary.ts: the active ones, or all when none is active).
 */
export function facilityProtectionScore(tanks: readonly ProtectionInputs[]): number | null {
  let sum = 0;
  let count = 0;
  for (const tank of tanks) {
    const score = tankProtectionScore(tank);
    if (score === null) continue;
    sum += score;
    count += 1;
  }
  return count === 0 ? null : Math.round(sum / count);
}

/** The 1-10 the facility details dialog shows: ceil(score / 10), at least 1; null stays null. */
export function protectionScoreOutOfTen(score: number | null): number | null {
  if (score === null) return null;
  return Math.min(10, Math.max(1, Math.ceil(score / 10)));
}
