/**
 * Facility and release records from a generated site. Field order is fixed so every record
 * of a table has the same shape (and serialises identically for the same seed).
 */
import type { FacilityRecord, ReleaseRecord } from '@ust/schemas';
import type { Provenance } from './provenance.js';
import type { Location, Site } from './sites.js';
import type { FacilityTanks } from './tanks.js';

/** Says where generated coordinates come from, in the field real files use for the same. */
export const GENERATED_COORDINATE_SOURCE = 'Generated near ZIP centroid';

export interface FacilityDraw {
  facilityId: string;
  n: number;
  state: string;
  epaRegion: number;
  site: Site;
  tanks: FacilityTanks;
  lastInspection: string | null;
}

export function facilityRecord(draw: FacilityDraw, provenance: Provenance): FacilityRecord {
  const { site, tanks } = draw;
  const facilityStatus = tanks.inUse > 0 ? 'Operating' : tanks.outOfService > 0 ? 'Temporary Closed' : 'Permanent Closed';
  return {
    facility_id: draw.facilityId,
    source_facility_id: String(draw.n),
    name: site.name,
    address: site.address,
    city: site.city,
    county: site.county,
    state: draw.state,
    zip_code: site.zipCode,
    latitude: site.latitude,
    longitude: site.longitude,
    coordinate_source: GENERATED_COORDINATE_SOURCE,
    address_match_type: null,
    coordinate_repair: null,
    located_by: 'coordinates',
    fips: site.fips,
    mapping_method: 'point in county',
    owner_type: site.ownerType,
    facility_type: site.facilityType,
    facility_status: facilityStatus,
    open_usts: tanks.inUse,
    closed_usts: tanks.closed,
    tos_usts: tanks.outOfService,
    land_use: site.landUse,
    population_1500ft: site.population,
    private_wells_1500ft: site.privateWells,
    within_spa: site.withinSpa,
    spa_pws_facility_id: null,
    spa_water_type: site.withinSpa ? site.waterType : null,
    spa_facility_type: site.withinSpa ? (site.waterType === 'GW' ? 'Well' : 'Intake') : null,
    within_whpa: site.withinWhpa,
    whpa_pws_facility_id: null,
    whpa_water_type: site.withinWhpa ? 'GW' : null,
    whpa_facility_type: site.withinWhpa ? 'Well' : null,
    within_100yr_floodplain: site.withinFloodplain,
    epa_region: draw.epaRegion,
    tribe: null,
    date_of_last_inspection: draw.lastInspection,
    source: provenance.source,
    source_line: provenance.source_line,
    import_id: provenance.import_id,
    version: provenance.version,
  };
}

export interface ReleaseDraw {
  n: number;
  state: string;
  epaRegion: number;
  /** The facility's id and site, or null with a site of the release's own. */
  facilityId: string | null;
  name: string;
  address: string | null;
  place: Location;
  receptors: Pick<Site, 'population' | 'privateWells' | 'landUse' | 'withinSpa' | 'withinWhpa' | 'withinFloodplain' | 'waterType'>;
  open: boolean;
  reportedDate: string;
  nfaDate: string | null;
  substance: string | null;
  residualContamination: boolean | null;
}

export function releaseRecord(draw: ReleaseDraw, provenance: Provenance): ReleaseRecord {
  const { place, receptors } = draw;
  return {
    release_id: `GEN-${draw.state}-R${draw.n}`,
    lust_id: `R${draw.n}`,
    facility_id: draw.facilityId,
    name: draw.name,
    address: draw.address,
    city: place.city,
    county: place.county,
    state: draw.state,
    zip_code: place.zipCode,
    latitude: place.latitude,
    longitude: place.longitude,
    coordinate_source: GENERATED_COORDINATE_SOURCE,
    address_match_type: null,
    coordinate_repair: null,
    located_by: 'coordinates',
    fips: place.fips,
    reported_date: draw.reportedDate,
    nfa_date: draw.nfaDate,
    status: draw.open ? 'Open' : 'No Further Action',
    status_class: draw.open ? 'Open' : 'No Further Action',
    substance: draw.substance,
    population_within_1500ft: receptors.population,
    domestic_wells_within_1500ft: receptors.privateWells,
    land_use: receptors.landUse,
    within_spa: receptors.withinSpa,
    spa_pws_facility_id: null,
    spa_water_type: receptors.withinSpa ? receptors.waterType : null,
    spa_facility_type: receptors.withinSpa ? (receptors.waterType === 'GW' ? 'Well' : 'Intake') : null,
    within_whpa: receptors.withinWhpa,
    whpa_pws_facility_id: null,
    whpa_water_type: receptors.withinWhpa ? 'GW' : null,
    whpa_facility_type: receptors.withinWhpa ? 'Well' : null,
    within_100yr_floodplain: receptors.withinFloodplain,
    closed_with_residual_contamination: draw.residualContamination,
    epa_region: draw.epaRegion,
    tribe: null,
    source: provenance.source,
    source_line: provenance.source_line,
    import_id: provenance.import_id,
    version: provenance.version,
  };
}
