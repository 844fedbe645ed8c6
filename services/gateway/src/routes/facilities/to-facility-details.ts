import { calculateRiskScore, deriveFacility, protectionScoreOutOfTen, quoteFacility } from '@ust/domain';
import type { DatasetBuildMeta } from '@ust/read-model';
import { approximateLocationLabel, type FacilityDetails, type FacilityRecord } from '@ust/schemas';
import type { FacilityWithTanksAndReleases } from '../../queries/facilities/get-facility-with-tanks-and-releases.js';
import { liveBuildScoring } from './live-build-scoring.js';

/** The facility record fields that are not among the dialog's named fields, in UST Finder names. */
const OTHER_FIELDS: Array<[label: string, field: keyof FacilityRecord]> = [
  ['Coordinate_Source', 'coordinate_source'],
  ['Address_Match_Type', 'address_match_type'],
  ['Coordinate_Repair', 'coordinate_repair'],
  ['Mapping_Method', 'mapping_method'],
  ['Facility_Status', 'facility_status'],
  ['Facility_Type', 'facility_type'],
  ['Owner_Type', 'owner_type'],
  ['Open_USTs', 'open_usts'],
  ['Closed_USTs', 'closed_usts'],
  ['TOS_USTs', 'tos_usts'],
  ['LandUse', 'land_use'],
  ['Population_1500ft', 'population_1500ft'],
  ['Private_Wells_1500ft', 'private_wells_1500ft'],
  ['Within_SPA', 'within_spa'],
  ['SPA_PWS_FacilityID', 'spa_pws_facility_id'],
  ['SPA_Water_Type', 'spa_water_type'],
  ['SPA_Facility_Type', 'spa_facility_type'],
  ['Within_WHPA', 'within_whpa'],
  ['WHPA_PWS_FacilityID', 'whpa_pws_facility_id'],
  ['WHPA_Water_Type', 'whpa_water_type'],
  ['WHPA_Facility_Type', 'whpa_facility_type'],
  ['Within_100yr_Floodplain', 'within_100yr_floodplain'],
  ['EPA_Region', 'epa_region'],
  ['Tribe', 'tribe'],
  ['Date_of_Last_Inspection', 'date_of_last_inspection'],
  ['Source_Facility_ID', 'source_facility_id'],
];

/**
 * The details body, as of the live build (`meta`): its clock and its risk model (liveBuildScoring). The derived
 * fields and the risk score come from the same @ust/domain functions the rebuild stores in
 * facility_summary, so the dialog and the lists agree. Before any build: now and the default
 * model. `leakReported` false (the state's source has no release table) makes HAS_LEAK null
 * rather than false (docs/decisions/0037-leaks-not-reported.md); before any build a facility's
 * leaks read as its releases say.
 */
export function toFacilityDetails(found: FacilityWithTanksAndReleases, meta: DatasetBuildMeta | null): FacilityDetails {
  const { facility, tanks, releases } = found;
  const { asOf, riskModel } = liveBuildScoring(meta);
  const leakReported = found.leakReported ?? true;
  const { summary } = deriveFacility(tanks, releases, asOf);
  const risk = calculateRiskScore({ tanks, releases, receptors: facility, asOf }, riskModel);
  // The dialog's Insurance Pricing Analysis: the same quotes the search shows, with base
  // premium, limit and deductible (indicative estimates, docs/pricing.md).
  const pricing = quoteFacility({ facility_id: facility.facility_id, state: facility.state, risk_score: risk.score }, tanks, { asOf });
  return {
    Facility_ID: facility.facility_id,
    Name: facility.name,
    Address: facility.address,
    City: facility.city,
    State: facility.state,
    Zip_Code: facility.zip_code,
    County: facility.county,
    FIPS: facility.fips,
    Latitude: facility.latitude,
    Longitude: facility.longitude,
    located_by: facility.located_by,
    location_note: approximateLocationLabel(facility),
    TOTAL_TANK_COUNT: summary.total_tank_count,
    ACTIVE_TANK_COUNT: summary.active_tank_count,
    INACTIVE_TANK_COUNT: summary.inactive_tank_count,
    HAS_LEAK: leakReported ? summary.has_leak : null,
    leak_data: leakReported ? 'reported' : 'not_reported',
    TOTAL_LEAK_COUNT: summary.total_leak_count,
    PROTECTION_SCORE: protectionScoreOutOfTen(summary.protection_score),
    PROTECTION_SCORE_100: summary.protection_score,
    calculated_risk_score: risk.score,
    risk,
    pricing,
    AVERAGE_TANK_AGE: summary.avg_tank_age,
    OLDEST_TANK_YEAR: summary.oldest_tank_year,
    NEWEST_TANK_YEAR: summary.newest_tank_year,
    other_fields: Object.fromEntries(OTHER_FIELDS.map(([label, field]) => [label, facility[field] as string | number | boolean | null])),
    tanks: tanks.map((tank) => ({
      Tank_ID: tank.source_tank_id,
      Tank_Status: tank.tank_status,
      Installation_Date: tank.installation_date,
      Removal_Date: tank.removal_date,
      Capacity: tank.capacity_gallons,
      Substances: tank.substances,
      Tank_Wall_Type: tank.tank_wall_type,
    })),
    releases: releases.map((release) => ({
      LUST_ID: release.lust_id,
      release_id: release.release_id,
      Reported_Date: release.reported_date,
      Status: release.status,
      Status_Class: release.status_class,
      Substance: release.substance,
    })),
    source: facility.source,
    is_generated: facility.source === 'generated',
    import_id: facility.import_id,
  };
}
