/**
 * Facility data -> rating variables. The tank fields are TankRecord's (schemas/src/dataset.ts),
 * whose values come from EPA template and UST Finder exports; docs/pricing.md lists the
 * mapping. The rule throughout: a credit needs evidence and so does a debit, so a value the
 * data does not state maps to `unknown`, which every program rates neutral.
 */
import type { PipingConstruction, PipingLeakMethod, SubstanceClass, TankConstruction, TankLeakMethod, TankRecord } from '@ust/schemas';

/** What quoteFacility needs of a tank; a TankRecord fits as it is. */
export type PricingTank = Pick<TankRecord, 'installation_date' | 'tank_status' | 'tank_wall_type' | 'leak_detection' | 'substances' | 'capacity_gallons'> &
  Partial<Pick<TankRecord, 'material' | 'corrosion_protection' | 'secondary_containment'>> & {
    /** Not in the facility data today; unknown when absent. */
    piping_construction?: PipingConstruction | null;
  };

export type RatedStatus = 'in_use' | 'temporarily_out_of_service';

/**
 * Temporarily out of service tanks are rated: federal financial responsibility (40 CFR 280.90,
 * 280.70) lasts until a tank is permanently closed. Closed tanks and tanks of unknown status
 * are not rated.
 */
export function ratedStatus(status: string | null): RatedStatus | null {
  if (status === 'Currently in use') return 'in_use';
  if (status === 'Temporarily out of service') return 'temporarily_out_of_service';
  return null;
}

/** Whole years from installation to `asOf` (UTC); null when the date is unknown; never negative. */
export function ageInYears(installationDate: string | null, asOf: Date): number | null {
  if (!installationDate) return null;
  const [year, month, day] = installationDate.split('-').map(Number) as [number, number, number];
  let age = asOf.getUTCFullYear() - year;
  const beforeAnniversary = asOf.getUTCMonth() + 1 < month || (asOf.getUTCMonth() + 1 === month && asOf.getUTCDate() < day);
  if (beforeAnniversary) age -= 1;
  return Math.max(0, age);
}

type Material = 'jacketed_steel' | 'lined_steel' | 'composite' | 'fiberglass' | 'cathodic_steel' | 'bare_steel' | 'steel' | 'unknown';

// Order matters: 'Fiberglass jacketed steel' is a jacket, 'Protected steel fiberglass lined' a lining.
const MATERIALS: readonly (readonly [RegExp, Material])[] = [
  [/jacket/i, 'jacketed_steel'],
  [/lined|lining/i, 'lined_steel'],
  [/composite|clad/i, 'composite'],
  [/fiberglass|\bfrp\b|plastic|polyethylene/i, 'fiberglass'],
  // Before 'protected': 'Unprotected Steel' is bare.
  [/unprotected|bare/i, 'bare_steel'],
  [/cathodic|\bprotected|impressed|anode|sti-?p3/i, 'cathodic_steel'],
  [/steel/i, 'steel'],
];

function materialOf(tank: PricingTank): Material {
  const named = MATERIALS.find(([pattern]) => pattern.test(tank.material ?? ''))?.[1] ?? 'unknown';
  if (named !== 'steel' && named !== 'unknown') return named;
  // Plain or unnamed steel: the corrosion-protection methods say which steel it is.
  const protection = tank.corrosion_protection ?? '';
  if (/sacrificial anode|impressed current/i.test(protection)) return 'cathodic_steel';
  if (/interior lining/i.test(protection)) return 'lined_steel';
  if (named === 'steel' && /^\s*none\s*$/i.test(protection)) return 'bare_steel';
  return named;
}

/**
 * Double wall: the wall type says double or jacketed (a jacket is an outer wall, as in
 * protection-score.ts), the material says jacketed or double-wall, or (Delaware's Yes/No
 * column) the tank has secondary containment and no wall type.
 */
function isDoubleWall(tank: PricingTank): boolean {
  if (tank.tank_wall_type) return /double|jacket/i.test(tank.tank_wall_type);
  return /jacket|dbl-wall|double/i.test(tank.material ?? '') || tank.secondary_containment === true;
}

export function tankConstruction(tank: PricingTank): TankConstruction {
  const material = materialOf(tank);
  if (isDoubleWall(tank)) {
    if (material === 'fiberglass') return 'double_wall_frp';
    return material === 'unknown' ? 'double_wall_unknown' : 'double_wall_steel';
  }
  if (material === 'jacketed_steel') return 'double_wall_steel';
  return material === 'steel' ? 'unknown' : material;
}

const TANK_METHODS: Readonly<Record<string, TankLeakMethod>> = {
  'interstitial monitoring': 'interstitial',
  'continuous in-tank leak detection': 'continuous_in_tank',
  'automatic tank gauging': 'automatic_tank_gauging',
  'statistical inventory reconciliation': 'statistical_inventory_reconciliation',
  'tank tightness testing': 'tightness_testing',
  'subpart k tightness testing': 'tightness_testing',
  'manual tank gauging': 'manual_gauging',
  'inventory control': 'inventory_control',
  'groundwater monitoring': 'groundwater_monitoring',
  'vapor monitoring': 'vapor_monitoring',
};

const PIPING_METHODS: Readonly<Record<string, PipingLeakMethod>> = {
  'automated interstitial monitoring': 'interstitial',
  'interstitial monitoring': 'interstitial',
  'line leak detector': 'line_leak_detector',
  'annual line test': 'line_tightness_test',
  'line test every 3 years': 'line_tightness_test',
  'subpart k line test': 'line_tightness_test',
  'groundwater monitoring': 'external_monitoring',
  'vapor monitoring': 'external_monitoring',
  'statistical inventory reconciliation': 'statistical_inventory_reconciliation',
};

export interface LeakDetection {
  tank: (TankLeakMethod | 'none' | 'unknown')[];
  piping: (PipingLeakMethod | 'none' | 'unknown')[];
}

/**
 * `leak_detection` lists tank methods and 'Piping: ...' methods, '; '-joined; 'None' means the
 * source answered No to every method of both (pipelines/src/read/normalise/tank-equipment.ts).
 */
export function leakDetection(text: string | null): LeakDetection {
  if (text === null || text.trim() === '') return { tank: ['unknown'], piping: ['unknown'] };
  if (/^\s*none\s*$/i.test(text)) return { tank: ['none'], piping: ['none'] };
  const tank = new Set<TankLeakMethod>();
  const piping = new Set<PipingLeakMethod>();
  for (const part of text
    .split(';')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)) {
    if (part.startsWith('piping:')) piping.add(PIPING_METHODS[part.slice('piping:'.length).trim()] ?? 'other');
    else tank.add(TANK_METHODS[part] ?? 'other');
  }
  return { tank: tank.size > 0 ? [...tank] : ['unknown'], piping: piping.size > 0 ? [...piping] : ['unknown'] };
}

const SUBSTANCES: readonly (readonly [RegExp, SubstanceClass])[] = [
  [/gasoline|gasohol|ethanol/i, 'gasoline'],
  [/diesel(?! exhaust)/i, 'diesel'],
  [/fuel oil|heating oil|kerosene|\boil\b/i, 'fuel_oil'],
  [/\bav ?gas\b|aviation|\bjet\b/i, 'aviation'],
];

/** Every class a tank's substances name ('Diesel/Fuel Oil' is both); 'other' when none matches. */
export function substanceClasses(substances: string | null): SubstanceClass[] {
  if (substances === null || substances.trim() === '') return ['unknown'];
  const classes = SUBSTANCES.filter(([pattern]) => pattern.test(substances)).map(([, name]) => name);
  return classes.length > 0 ? classes : ['other'];
}
