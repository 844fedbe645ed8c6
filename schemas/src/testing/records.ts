/**
 * Dataset records with every optional field null, for tests and benchmarks that seed the
 * facilities, tanks and releases tables by hand (`@ust/schemas/testing`): beside the record
 * schemas, so every package's tests can use them.
 */
import type { FacilityRecord, ReleaseRecord, TankRecord } from '../dataset.js';
import type { WatchAlert } from '../watchlists.js';

const provenance = { source: 'test/facility.csv', source_line: 2, import_id: 'test-import', version: 1 };

export function facilityRecord(fields: Partial<FacilityRecord> & Pick<FacilityRecord, 'facility_id' | 'state'>): FacilityRecord {
  return {
    source_facility_id: fields.facility_id,
    name: null,
    address: null,
    city: null,
    county: null,
    zip_code: null,
    latitude: null,
    longitude: null,
    coordinate_source: null,
    address_match_type: null,
    coordinate_repair: null,
    // A test that gives coordinates means the source's own.
    located_by: fields.latitude != null && fields.longitude != null ? 'coordinates' : null,
    fips: null,
    mapping_method: null,
    owner_type: null,
    facility_type: null,
    facility_status: null,
    open_usts: null,
    closed_usts: null,
    tos_usts: null,
    land_use: null,
    population_1500ft: null,
    private_wells_1500ft: null,
    within_spa: null,
    spa_pws_facility_id: null,
    spa_water_type: null,
    spa_facility_type: null,
    within_whpa: null,
    whpa_pws_facility_id: null,
    whpa_water_type: null,
    whpa_facility_type: null,
    within_100yr_floodplain: null,
    epa_region: null,
    tribe: null,
    date_of_last_inspection: null,
    ...provenance,
    ...fields,
  };
}

export function tankRecord(fields: Partial<TankRecord> & Pick<TankRecord, 'tank_id' | 'facility_id' | 'state'>): TankRecord {
  return {
    source_tank_id: fields.tank_id.split('/').pop() ?? fields.tank_id,
    tank_status: null,
    source_tank_status: null,
    installation_date: null,
    removal_date: null,
    capacity_gallons: null,
    substances: null,
    tank_wall_type: null,
    material: null,
    corrosion_protection: null,
    secondary_containment: null,
    leak_detection: null,
    ...provenance,
    source: 'test/tank.csv',
    ...fields,
  };
}

export function releaseRecord(fields: Partial<ReleaseRecord> & Pick<ReleaseRecord, 'release_id' | 'state' | 'status_class'>): ReleaseRecord {
  return {
    lust_id: fields.release_id,
    facility_id: null,
    name: null,
    address: null,
    city: null,
    county: null,
    zip_code: null,
    latitude: null,
    longitude: null,
    coordinate_source: null,
    address_match_type: null,
    coordinate_repair: null,
    // A test that gives coordinates means the source's own.
    located_by: fields.latitude != null && fields.longitude != null ? 'coordinates' : null,
    fips: null,
    reported_date: null,
    nfa_date: null,
    status: fields.status_class,
    substance: null,
    population_within_1500ft: null,
    domestic_wells_within_1500ft: null,
    land_use: null,
    within_spa: null,
    spa_pws_facility_id: null,
    spa_water_type: null,
    spa_facility_type: null,
    within_whpa: null,
    whpa_pws_facility_id: null,
    whpa_water_type: null,
    whpa_facility_type: null,
    within_100yr_floodplain: null,
    closed_with_residual_contamination: null,
    epa_region: null,
    tribe: null,
    ...provenance,
    source: 'test/release.csv',
    ...fields,
  };
}

/** An alert on a watched facility (a release newly reported), as the alert job stores it; `fields` override. */
export function watchAlertRecord(fields: Partial<Omit<WatchAlert, 'unread'>> & Pick<WatchAlert, 'id' | 'created_at'>): Omit<WatchAlert, 'unread'> {
  return {
    watchlist_id: 'wl-1',
    watchlist_name: 'Book',
    item_id: 'wi-1',
    item_kind: 'facility',
    item_label: 'DOVER FUEL',
    change: 'release',
    summary: '1 release newly reported: 0 releases (0 open) → 1 release (1 open)',
    facilities: [{ facility_id: 'DE-1', name: 'DOVER FUEL', old_value: '0 releases (0 open)', new_value: '1 release (1 open)' }],
    high_risk: false,
    dataset_version: 7,
    base_version: 6,
    import_id: 'imp-1',
    import_label: 'DE.xlsx',
    ...fields,
  };
}
