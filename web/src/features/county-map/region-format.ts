/**
 * The words and figures of the map's hover card, region panel and facility table (SPEC.md
 * section 2): which figures show for which level, the list titles, and the spellings of
 * missing values (N/A, Unknown, 'No address').
 */
import type { FacilityListItem, RegionProperties } from '@ust/schemas';
import { formatCount, formatPercent } from './map-metrics';
import type { RegionLevel } from './region-data';

export interface Figure {
  label: string;
  value: string;
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const NOT_AVAILABLE = 'N/A';

function orNotAvailable(value: number | null, format: (value: number) => string): string {
  return value === null || !Number.isFinite(value) ? NOT_AVAILABLE : format(value);
}

/** Releases over facilities, as a percentage: the states' 'revised leak rate'. */
export function revisedLeakRate(region: RegionProperties): number | null {
  return region.total_facilities > 0 ? (region.total_releases / region.total_facilities) * 100 : null;
}

/** States carry release figures when the dataset has releases for them. */
function showsReleases(region: RegionProperties, level: RegionLevel): boolean {
  return level === 'states' && region.has_release_data;
}

/** The hover card: the facility figures, and release figures for states that have them. */
export function hoverFigures(region: RegionProperties, level: RegionLevel): Figure[] {
  const figures: Figure[] = [
    { label: 'Facilities', value: formatCount(region.total_facilities) },
    { label: 'Facilities with Leaks', value: formatCount(region.facilities_with_leaks) },
    { label: 'Leak Rate', value: formatPercent(region.leak_rate) },
    { label: 'Total Tanks', value: formatCount(region.total_tanks) },
    { label: 'Avg Tank Age', value: orNotAvailable(region.avg_tank_age, (age) => `${oneDecimal.format(age)} years`) },
    { label: 'Protection Score', value: orNotAvailable(region.avg_protection_score, (score) => `${oneDecimal.format(score)}/100`) },
  ];
  if (showsReleases(region, level)) {
    figures.push(
      { label: 'Total Releases', value: formatCount(region.total_releases) },
      { label: 'Open Releases', value: formatCount(region.open_releases) },
      { label: 'Open Release Rate', value: formatPercent(region.open_release_rate) },
      { label: 'Revised Leak Rate', value: orNotAvailable(revisedLeakRate(region), formatPercent) },
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
  figures.push(
    { label: 'Active Tanks', value: formatCount(region.active_tanks) },
    { label: 'Avg Risk Score', value: orNotAvailable(region.avg_risk_score, (score) => `${oneDecimal.format(score)}/10`) },
  );
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

/** SPEC.md section 2: the facility table's columns, in order. */
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
] as const;

const coordinate = (value: number) => value.toFixed(4);
const capacity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function text(value: string | null, missing: string): string {
  return value && value.trim() ? value : missing;
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
    orNotAvailable(item.Latitude, coordinate),
    orNotAvailable(item.Longitude, coordinate),
    text(item.FIPS, NOT_AVAILABLE),
    text(item.MAPPING_METHOD, 'Unknown'),
    item.HAS_LEAK ? 'Yes' : 'No',
    formatCount(item.TOTAL_TANK_COUNT),
    formatCount(item.ACTIVE_TANK_COUNT),
    orNotAvailable(item.AVG_TANK_AGE, (age) => oneDecimal.format(age)),
    orNotAvailable(item.MAX_TANK_AGE, (age) => oneDecimal.format(age)),
    orNotAvailable(item.PROTECTION_SCORE, (score) => oneDecimal.format(score)),
    formatCount(item.TOTAL_LEAK_COUNT),
    capacity.format(item.TOTAL_CAPACITY),
  ];
}
