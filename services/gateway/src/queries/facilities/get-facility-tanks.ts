import type { AnalyticsStore } from '@ust/platform';
import type { TankRecord } from '@ust/schemas';

/** A facility's tanks, current versions, in tank order. */
export function getFacilityTanks(store: AnalyticsStore, facilityId: string): Promise<TankRecord[]> {
  return store.query<TankRecord>('SELECT * FROM tanks FINAL WHERE facility_id = {id:String} ORDER BY tank_id', { id: facilityId });
}
