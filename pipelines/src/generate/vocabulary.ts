/**
 * Fixed word lists and weights for generated records. Names are invented (no real brand) so
 * that a generated facility can never be mistaken for a real one; value spellings follow EPA
 * UST Finder (substances, tank statuses), so generated and real records chart together.
 * Capacity weights follow the tribal UST Finder file (pipelines/fixtures/ust-finder-tribal, 8,530 tanks).
 */
import { Weighted } from './random.js';

export const BRANDS = [
  'Acme Fuel',
  'Bluebird Gas',
  'Cardinal Petro',
  'Eagle Stop',
  'Prairie Oil',
  'Summit Gas',
  'Red Barn Fuel',
  'Northstar Petro',
  'Liberty Gas',
  'Keystone Fuel',
  'Pioneer Oil',
  'Sunrise Mart',
  'Harbor Fuel',
  'Canyon Gas',
] as const;
export const SURNAMES = [
  'Anderson',
  'Baker',
  'Carter',
  'Dawson',
  'Ellis',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibarra',
  'Jensen',
  'Keller',
  'Lopez',
  'Miller',
  'Nguyen',
  'Olsen',
  'Parker',
  'Quinn',
  'Reyes',
  'Schmidt',
  'Turner',
  'Walsh',
  'Young',
] as const;
export const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Pine',
  'Washington',
  'Lincoln',
  'Park',
  'Lake',
  'Hill',
  'Church',
  'Mill',
  'River',
  'Market',
  'Center',
  'Railroad',
  'Depot',
  'Industrial',
  'Airport',
  'Highland',
  'Valley',
] as const;
export const STREET_SUFFIXES = ['St', 'Ave', 'Rd', 'Blvd', 'Hwy', 'Dr', 'Ln', 'Pike'] as const;

/** Facility kinds: the UST Finder facility type, and how a name is made for it. */
export type FacilityKind = 'retail' | 'fleet' | 'commercial' | 'industrial' | 'government' | 'agricultural' | 'marina' | 'airport';
export const FACILITY_KINDS = new Weighted<FacilityKind>([
  ['retail', 52],
  ['fleet', 11],
  ['commercial', 12],
  ['industrial', 8],
  ['government', 8],
  ['agricultural', 5],
  ['marina', 2],
  ['airport', 2],
]);
export const FACILITY_TYPES: Record<FacilityKind, string> = {
  retail: 'Retail fuel sales',
  fleet: 'Fleet fueling',
  commercial: 'Commercial',
  industrial: 'Industrial',
  government: 'Government',
  agricultural: 'Agricultural',
  marina: 'Marina',
  airport: 'Airport',
};
export const OWNER_TYPES = new Weighted<string>([
  ['Private', 86],
  ['Local government', 7],
  ['State government', 3],
  ['Federal government', 2],
  ['Tribal', 0.5],
  ['Unknown', 1.5],
]);

/** NLCD classes, as UST Finder's LandUse field reports them. */
export const LAND_USES = new Weighted<string>([
  ['Developed, High Intensity', 18],
  ['Developed, Medium Intensity', 30],
  ['Developed, Low Intensity', 26],
  ['Developed, Open Space', 9],
  ['Cultivated Crops', 7],
  ['Pasture/Hay', 4],
  ['Deciduous Forest', 3],
  ['Shrub/Scrub', 3],
]);

export const ACTIVE_SUBSTANCES = new Weighted<string>([
  ['Gasoline (containing <=10% ethanol)', 58],
  ['Diesel', 24],
  ['Used Oil', 4],
  ['Heating Oil', 3],
  ['Kerosene', 2],
  ['Gasoline Containing >10% Ethanol', 2],
  ['Diesel; Gasoline (containing <=10% ethanol)', 3],
  ['Av Gas', 1],
  ['Jet Fuel', 0.5],
  ['Hazardous Substance', 1],
  ['Other', 1.5],
]);
export const CLOSED_SUBSTANCES = new Weighted<string>([
  ['Gasoline (containing <=10% ethanol)', 48],
  ['Diesel', 20],
  ['Heating Oil', 10],
  ['Used Oil', 6],
  ['Kerosene', 4],
  ['Unknown Petroleum', 6],
  ['Hazardous Substance', 2],
  ['Other', 2],
  ['Av Gas', 1],
  ['Unknown', 1],
]);
export const RELEASE_SUBSTANCES = new Weighted<string | null>([
  ['Gasoline (containing <=10% ethanol)', 40],
  ['Unknown Petroleum', 20],
  ['Diesel', 12],
  ['Diesel; Gasoline (containing <=10% ethanol)', 6],
  ['Heating Oil', 6],
  ['Used Oil', 4],
  ['Kerosene', 2],
  ['Gasoline Containing >10% Ethanol', 1],
  ['Hazardous Substance', 1],
  [null, 8],
]);

export const CAPACITIES = new Weighted<number>([
  [550, 731],
  [1_000, 1_265],
  [2_000, 727],
  [3_000, 256],
  [4_000, 579],
  [5_000, 284],
  [6_000, 553],
  [8_000, 537],
  [10_000, 1_184],
  [12_000, 659],
  [15_000, 200],
  [20_000, 307],
]);

export const SINGLE_WALL_MATERIALS = new Weighted<string>([
  ['Steel', 65],
  ['Coated and cathodically protected steel', 15],
  ['Fiberglass reinforced plastic', 20],
]);
export const DOUBLE_WALL_MATERIALS = new Weighted<string>([
  ['Fiberglass reinforced plastic', 55],
  ['Composite (steel with fiberglass)', 25],
  ['Steel', 20],
]);
export const SINGLE_WALL_LEAK_DETECTION = new Weighted<string>([
  ['Automatic tank gauging', 60],
  ['Statistical inventory reconciliation', 25],
  ['Groundwater monitoring', 10],
  ['Vapor monitoring', 5],
]);

/** UST Finder's tank status spellings, and the normalised status the schema keeps. */
export const TANK_STATUS = {
  inUse: { normalised: 'Currently in use', source: 'Currently in Use' },
  outOfService: { normalised: 'Temporarily out of service', source: 'Temporarily Out of Use' },
  closed: { normalised: 'Closed', source: 'Permanently Out of Use' },
} as const;
