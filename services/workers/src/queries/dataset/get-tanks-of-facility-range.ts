import type { AnalyticsStore } from '@ust/platform';
import type { TankRecord } from '@ust/schemas';

export type TankInputRow = Pick<
  TankRecord,
  | 'facility_id'
  | 'tank_status'
  | 'installation_date'
  | 'capacity_gallons'
  | 'substances'
  | 'tank_wall_type'
  | 'corrosion_protection'
  | 'secondary_containment'
  | 'leak_detection'
>;

/** Tanks of the facilities from `first` to `last` (inclusive), a range of the tanks' sort key; with `only`, of those facilities alone (a page of some states' facilities spans others' ids). */
export async function getTanksOfFacilityRange(store: AnalyticsStore, first: string, last: string, only?: readonly string[]): Promise<TankInputRow[]> {
  return store.query<TankInputRow>(
    `SELECT facility_id, tank_status, installation_date, capacity_gallons, substances, tank_wall_type,
            corrosion_protection, secondary_containment, leak_detection
     FROM tanks FINAL
     WHERE facility_id >= {first:String} AND facility_id <= {last:String} ${only ? 'AND facility_id IN {only:Array(String)}' : ''}`,
    { first, last, ...(only ? { only } : {}) },
  );
}
