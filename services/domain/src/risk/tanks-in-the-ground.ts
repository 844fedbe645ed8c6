import { TANK_STATUS } from '../facility-summary.js';
import type { RiskTank } from './risk-types.js';

/** Every tank not closed may hold product: active, temporarily out of service, or of unknown status. */
export function tanksInTheGround<Tank extends RiskTank>(tanks: readonly Tank[]): Tank[] {
  return tanks.filter((tank) => tank.tank_status !== TANK_STATUS.closed);
}
