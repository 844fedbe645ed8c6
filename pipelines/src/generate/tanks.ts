/**
 * A facility's tanks. Counts are drawn against the state's remaining budget, so each state ends
 * with exactly its planned tanks and active tanks while facilities still differ: most have one
 * to four tanks, a few a dozen (geometric), and a facility is either operating (most of its
 * tanks active) or closed (all closed), as in UST Finder.
 */
import type { TankRecord } from '@ust/schemas';
import { normalYear, randomDateIn, LAST_YEAR } from './dates.js';
import type { Random } from './random.js';
import type { Provenance } from './provenance.js';
import {
  ACTIVE_SUBSTANCES,
  CAPACITIES,
  CLOSED_SUBSTANCES,
  DOUBLE_WALL_MATERIALS,
  SINGLE_WALL_LEAK_DETECTION,
  SINGLE_WALL_MATERIALS,
  TANK_STATUS,
} from './vocabulary.js';

/** What is left to generate in one state. */
export interface TankBudget {
  facilities: number;
  tanks: number;
  activeTanks: number;
}

/** Share of an operating facility's tanks that are active (the rest were replaced and closed). */
const ACTIVE_AT_OPERATING = 0.92;
/** Share of active tanks that are temporarily out of service. */
const OUT_OF_SERVICE = 0.04;

export interface FacilityTanks {
  tanks: TankRecord[];
  inUse: number;
  outOfService: number;
  closed: number;
}

/** Draws one facility's tanks and takes them from the budget. */
export function drawTanks(random: Random, budget: TankBudget, facilityId: string, state: string, provenance: Provenance): FacilityTanks {
  const count = tankCount(random, budget);
  const operating = random.chance(budget.activeTanks / (budget.tanks * ACTIVE_AT_OPERATING));
  // Tanks of one facility were often installed together: one era per facility.
  const activeEra = normalYear(random, 2001, 9, 1965, LAST_YEAR);
  const closedEra = normalYear(random, 1984, 8, 1950, 2014);
  const result: FacilityTanks = { tanks: [], inUse: 0, outOfService: 0, closed: 0 };
  for (let k = 1; k <= count; k++) {
    // Forced choices at the end of a state's budget keep its active count exact.
    const active = budget.activeTanks >= budget.tanks || (budget.activeTanks > 0 && operating && random.chance(ACTIVE_AT_OPERATING));
    budget.tanks--;
    if (active) budget.activeTanks--;
    const status = !active ? TANK_STATUS.closed : random.chance(OUT_OF_SERVICE) ? TANK_STATUS.outOfService : TANK_STATUS.inUse;
    if (status === TANK_STATUS.inUse) result.inUse++;
    else if (status === TANK_STATUS.outOfService) result.outOfService++;
    else result.closed++;
    result.tanks.push(tankRecord(random, { facilityId, state, k, active, status, activeEra, closedEra }, provenance));
  }
  budget.facilities--;
  return result;
}

function tankCount(random: Random, budget: TankBudget): number {
  if (budget.facilities <= 1) return budget.tanks;
  const mean = budget.tanks / budget.facilities;
  const drawn = 1 + random.geometric(mean - 1);
  // Leave at least one tank for every facility still to come.
  return Math.max(1, Math.min(drawn, budget.tanks - (budget.facilities - 1)));
}

interface TankDraw {
  facilityId: string;
  state: string;
  k: number;
  active: boolean;
  status: (typeof TANK_STATUS)[keyof typeof TANK_STATUS];
  activeEra: number;
  closedEra: number;
}

function tankRecord(random: Random, draw: TankDraw, provenance: Provenance): TankRecord {
  const { active } = draw;
  const era = active ? draw.activeEra : draw.closedEra;
  const installed = random.chance(0.7) ? era : active ? normalYear(random, 2001, 11, 1960, LAST_YEAR) : normalYear(random, 1984, 10, 1950, 2016);
  // Double walls became the rule after the 1988 federal rules and the 2015 update.
  const doubleWall = random.chance(installed < 1985 ? 0.04 : installed < 1995 ? 0.3 : installed < 2005 ? 0.7 : 0.95);
  const material = (doubleWall ? DOUBLE_WALL_MATERIALS : SINGLE_WALL_MATERIALS).sample(random);
  const removed = active ? null : Math.min(LAST_YEAR, Math.max(installed + 1, 1986, installed + 8 + random.geometric(12)));
  return {
    tank_id: `${draw.facilityId}/${draw.k}`,
    facility_id: draw.facilityId,
    source_tank_id: String(draw.k),
    state: draw.state,
    tank_status: draw.status.normalised,
    source_tank_status: draw.status.source,
    installation_date: randomDateIn(installed, random),
    removal_date: removed === null ? null : randomDateIn(removed, random),
    capacity_gallons: CAPACITIES.sample(random),
    substances: (active ? ACTIVE_SUBSTANCES : CLOSED_SUBSTANCES).sample(random),
    tank_wall_type: doubleWall ? 'Double wall' : 'Single wall',
    material,
    corrosion_protection: corrosionProtection(random, material, active),
    secondary_containment: doubleWall,
    leak_detection: !active ? null : doubleWall ? 'Interstitial monitoring' : SINGLE_WALL_LEAK_DETECTION.sample(random),
    source: provenance.source,
    source_line: provenance.source_line,
    import_id: provenance.import_id,
    version: provenance.version,
  };
}

function corrosionProtection(random: Random, material: string, active: boolean): string | null {
  if (material !== 'Steel' && material !== 'Coated and cathodically protected steel') return 'Non-corrodible material';
  if (material === 'Coated and cathodically protected steel') return 'Cathodic protection';
  if (!active) return random.chance(0.5) ? null : 'None';
  return random.chance(0.7) ? 'Cathodic protection' : 'Lined interior';
}
