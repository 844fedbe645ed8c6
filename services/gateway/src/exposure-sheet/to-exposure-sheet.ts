import { ageInYears, drawCountyLocator } from '@ust/domain';
import type { DatasetBuildMeta } from '@ust/read-model';
import { riskValidationOf, type ExposureSheet } from '@ust/schemas';
import type { FacilityWithTanksAndReleases } from '../queries/facilities/get-facility-with-tanks-and-releases.js';
import { liveBuildScoring } from '../routes/facilities/live-build-scoring.js';
import { toFacilityDetails } from '../routes/facilities/to-facility-details.js';
import { riskModelCard } from '../risk-model-card.js';

/**
 * A facility's exposure sheet. The risk score and the quotes are the facility details dialog's
 * (toFacilityDetails, same records, same `asOf`), so the sheet never disagrees with the dialog.
 */
export function toExposureSheet(found: FacilityWithTanksAndReleases, meta: DatasetBuildMeta | null): ExposureSheet {
  const { facility, tanks, releases } = found;
  const { asOf } = liveBuildScoring(meta);
  const details = toFacilityDetails(found, meta);
  return {
    facility: {
      facility_id: facility.facility_id,
      source_facility_id: facility.source_facility_id,
      name: facility.name,
      address: facility.address,
      city: facility.city,
      state: facility.state,
      zip_code: facility.zip_code,
      county: facility.county,
      fips: facility.fips,
      latitude: facility.latitude,
      longitude: facility.longitude,
      located_by: details.located_by,
      location_note: details.location_note,
      facility_status: facility.facility_status,
      owner_type: facility.owner_type,
      source: facility.source,
      source_line: facility.source_line,
      import_id: facility.import_id,
      is_generated: details.is_generated,
    },
    as_of: { dataset_version: meta?.dataset_version ?? 0, generated_at: meta?.generated_at ?? null, import_id: meta?.import_id ?? null },
    tanks: tanks.map((tank) => ({
      tank_id: tank.source_tank_id,
      status: tank.tank_status,
      installation_date: tank.installation_date,
      install_year: tank.installation_date ? Number(tank.installation_date.slice(0, 4)) : null,
      age_years: ageInYears(tank.installation_date, asOf),
      removal_date: tank.removal_date,
      material: tank.material,
      tank_wall_type: tank.tank_wall_type,
      corrosion_protection: tank.corrosion_protection,
      secondary_containment: tank.secondary_containment,
      leak_detection: tank.leak_detection,
      substances: tank.substances,
      capacity_gallons: tank.capacity_gallons,
    })),
    releases: releases.map((release) => ({
      release_id: release.release_id,
      lust_id: release.lust_id,
      status: release.status,
      status_class: release.status_class,
      reported_date: release.reported_date,
      nfa_date: release.nfa_date,
      substance: release.substance,
    })),
    leak_data: details.leak_data,
    receptors: {
      population_1500ft: facility.population_1500ft,
      private_wells_1500ft: facility.private_wells_1500ft,
      within_spa: facility.within_spa,
      spa_water_type: facility.spa_water_type,
      within_whpa: facility.within_whpa,
      whpa_water_type: facility.whpa_water_type,
      within_100yr_floodplain: facility.within_100yr_floodplain,
    },
    risk: details.risk,
    risk_validation: riskValidationOf(riskModelCard(), details.risk.model_version),
    pricing: details.pricing,
    locator: drawCountyLocator(facility.fips, facility.latitude, facility.longitude),
  };
}
