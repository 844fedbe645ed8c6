/**
 * The words and figures of the map's hover card, region panel and facility table
 * (docs/product.md section 2): which figures show for which level, the list titles, and
 * the spellings of missing values (N/A, Unknown, 'No address').
 */
import type { FacilityListItem, RegionProperties } from '@ust/schemas';
import { formatCoordinate, formatCount, formatLeak, formatOneDecimal, formatPercent, formatYears, NOT_AVAILABLE, type Figure } from '../../components/format';
import type { RegionLevel } from '../../api/region-data';

/** A score out of `scale` with one decimal: '62.5/100'. */
function formatScore(value: number | null, scale: number): string {
  return value === null || !Number.isFinite(value) ? NOT_AVAILABLE : `${formatOneDecimal(value)}/${scale}`;
}

/** Releases over facilities, as a percentage: the states' 'revised leak rate'. */
export function revisedLeakRate(region: RegionProperties): number | null {
  return region.total_facilities > 0 && region.total_releases !== null ? (region.total_releases / region.total_facilities) * 100 : null;
}

/** What the hover card says for a leak figure of a region whose sources have no release table. */
export const NO_RELEASE_DATA_TEXT = 'No release data';

/** What it says for a region whose releases come without a facility table (IA): no leak rate exists. */
export const NO_FACILITY_DATA_TEXT = 'No facility data';

/**
 * A leak figure, or why there is none rather than 0
 * (docs/decisions/0037-leaks-not-reported.md): no release data, or releases without the
 * facilities they would be rated over.
 */
function leakFigure(region: RegionProperties, format: (value: number | null) => string, value: number | null): string {
  if (!region.has_release_data) return NO_RELEASE_DATA_TEXT;
  if (value === null && !region.has_facility_data) return NO_FACILITY_DATA_TEXT;
  return format(value);
}

/** States carry release figures when the dataset has releases for them. */
function showsReleases(region: RegionProperties, level: RegionLevel): boolean {
  return level === 'states' && region.has_release_data;
}

/** The hover card: the facility figures, and release figures for states that have them. */
export function hoverFigures(region: RegionProperties, level: RegionLevel): Figure[] {
  const figures: Figure[] = [
    { label: 'Facilities', value: formatCount(region.total_facilities) },
    { label: 'Facilities with Leaks', value: leakFigure(region, formatCount, region.facilities_with_leaks) },
    { label: 'Leak Rate', value: leakFigure(region, formatPercent, region.leak_rate) },
    { label: 'Total Tanks', value: formatCount(region.total_tanks) },
    { label: 'Avg Tank Age', value: formatYears(region.avg_tank_age) },
    { label: 'Protection Score', value: formatScore(region.avg_protection_score, 100) },
  ];
  if (showsReleases(region, level)) {
    figures.push(
      { label: 'Total Releases', value: formatCount(region.total_releases) },
      { label: 'Open Releases', value: formatCount(region.open_releases) },
      { label: 'Open Release Rate', value: formatPercent(region.open_release_rate) },
      { label: 'Revised Leak Rate', value: formatPercent(revisedLeakRate(region)) },
    );
  }
  return figures;
}

/** The detail panel: the hover figures plus closed releases for states, and the risk average. */
export function panelFigures(region: RegionProperties, level: RegionLevel): Figure[] {
  const figures = hoverFigures(region, level);
  if (showsReleases(region, level)) {
    const openAt = figures.findIndex((figure) => figure.label === 'Open Releases');
    figures.splice(openAt + 1, 0, { label: 'Closed Releases', value: formatCount(region.closed_releases) });
  }
  figures.push({ label: 'Active Tanks', value: formatCount(region.active_tanks) }, { label: 'Avg Risk Score', value: formatScore(region.avg_risk_score, 10) });
  return figures;
}

/** 'Los Angeles County' for counties, the state's name for states. */
export function regionTitle(region: RegionProperties, level: RegionLevel): string {
  return level === 'counties' ? `${region.COUNTY} County, ${region.STATE}` : region.NAME;
}

export function facilityListTitle(region: RegionProperties, level: RegionLevel, shown: number, total: number): string {
  return level === 'counties'
    ? `Facilities in ${region.COUNTY} County (${formatCount(shown)})`
    : `Sample Facilities in ${region.NAME} (${formatCount(shown)}/${formatCount(total)})`;
}

export const EMPTY_COUNTY_TEXT = 'No individual facility data available for this county';
export const LOADING_STATE_TEXT = 'Loading sample facility data for this state...';
export const LOADING_COUNTY_TEXT = 'Loading facilities for this county...';
export const EMPTY_STATE_TEXT = 'No individual facility data available for this state';

/** docs/product.md section 2: the facility table's columns, in order. */
export const FACILITY_COLUMNS = [
  'Facility ID',
  'Name',
  'Address',
  'City',
  'County',
  'State',
  'Zip Code',
  'Latitude',
  'Longitude',
  'FIPS',
  'Mapping Method',
  'Has Leak',
  'Total Tanks',
  'Active Tanks',
  'Avg Tank Age',
  'Max Tank Age',
  'Protection Score',
  'Total Leaks',
  'Total Capacity (gal)',
  'Risk Score',
] as const;

function text(value: string | null, missing: string): string {
  return value && value.trim() ? value : missing;
}

/** '39.2948 (approx.)' for a point placed at a ZIP or town. */
function approximately(coordinate: string, locatedBy: FacilityListItem['LOCATED_BY']): string {
  return locatedBy === 'zip' || locatedBy === 'place' ? `${coordinate} (approx.)` : coordinate;
}

/** One table row's cells, in FACILITY_COLUMNS order. */
export function facilityCells(item: FacilityListItem): string[] {
  return [
    item.Facility_ID,
    text(item.Name, NOT_AVAILABLE),
    text(item.Address, 'No address'),
    text(item.City, 'Unknown'),
    text(item.County, 'Unknown'),
    text(item.State, 'Unknown'),
    text(item.Zip_Code, NOT_AVAILABLE),
    // A ZIP centroid or town centre is not the site (docs/decisions/0110-located-by.md).
    approximately(formatCoordinate(item.Latitude, 4), item.LOCATED_BY),
    approximately(formatCoordinate(item.Longitude, 4), item.LOCATED_BY),
    text(item.FIPS, NOT_AVAILABLE),
    text(item.MAPPING_METHOD, 'Unknown'),
    formatLeak(item.HAS_LEAK),
    formatCount(item.TOTAL_TANK_COUNT),
    formatCount(item.ACTIVE_TANK_COUNT),
    formatOneDecimal(item.AVG_TANK_AGE),
    formatOneDecimal(item.MAX_TANK_AGE),
    formatOneDecimal(item.PROTECTION_SCORE),
    formatCount(item.TOTAL_LEAK_COUNT),
    formatCount(item.TOTAL_CAPACITY),
    item.RISK_SCORE === null ? NOT_AVAILABLE : `${item.RISK_SCORE}/10`,
  ];
}
