import type { AnalyticsStore } from '@ust/platform';
import type { PricingTank } from '@ust/domain';

export type PricingTankRow = PricingTank & { facility_id: string };

/** The rating variables of the tanks of facilities `first` to `last` (inclusive), for quotes; with `only`, of those facilities alone. */
export async function getPricingTanksOfFacilityRange(store: AnalyticsStore, first: string, last: string, only?: readonly string[]): Promise<PricingTankRow[]> {
  return store.query<PricingTankRow>(
    `SELECT facility_id, installation_date, tank_status, tank_wall_type, leak_detection, substances, capacity_gallons,
            material, corrosion_protection, secondary_containment
     FROM tanks FINAL
     WHERE facility_id >= {first:String} AND facility_id <= {last:String} ${only ? 'AND facility_id IN {only:Array(String)}' : ''}`,
    { first, last, ...(only ? { only } : {}) },
  );
}
