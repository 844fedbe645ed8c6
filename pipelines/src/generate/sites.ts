/**
 * Where generated facilities and releases are, and what they are called. A facility's site is
 * a pure function of (state seed, facility number), so a release can name and place the
 * facility it belongs to without the generator keeping a state's facilities in memory.
 */
import { loadZipCentroids, type CountyLocator, type ZipCentroid } from '@ust/domain';
import { mixSeed, Random } from './random.js';
import { BRANDS, FACILITY_KINDS, FACILITY_TYPES, LAND_USES, OWNER_TYPES, STREETS, STREET_SUFFIXES, SURNAMES, type FacilityKind } from './vocabulary.js';

export interface Location {
  latitude: number;
  longitude: number;
  zipCode: string;
  city: string | null;
  county: string;
  fips: string;
}

export interface Site extends Location {
  name: string;
  address: string;
  ownerType: string;
  facilityType: string;
  landUse: string;
  population: number;
  privateWells: number;
  withinSpa: boolean;
  withinWhpa: boolean;
  withinFloodplain: boolean;
  waterType: string | null;
}

/** About 2 km: facilities cluster around their ZIP's centre like real ones along its roads. */
const JITTER_DEGREES = 0.02;
const ATTEMPTS = 12;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Places points in one state: near a random ZIP centroid, inside a county of that state. */
export class StatePlacer {
  readonly state: string;
  readonly #locator: CountyLocator;
  readonly #zips: readonly ZipCentroid[];

  constructor(locator: CountyLocator, state: string) {
    this.state = state;
    this.#locator = locator;
    this.#zips = loadZipCentroids(locator).filter((zip) => zip.state === state);
    if (this.#zips.length === 0) throw new Error(`No ZIP centroid lies in a county of ${state}`);
  }

  place(random: Random): Location {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const zip = random.pick(this.#zips);
      const latitude = round6(zip.latitude + JITTER_DEGREES * random.normal());
      const longitude = round6(zip.longitude + (JITTER_DEGREES * random.normal()) / Math.cos((zip.latitude * Math.PI) / 180));
      const county = this.#locator.countyAt(latitude, longitude);
      // Jitter can push a coastal or border ZIP into the sea or the next state: draw again.
      if (county?.state === this.state) {
        return { latitude, longitude, zipCode: zip.zip, city: zip.city, county: county.name, fips: county.fips };
      }
    }
    // The centroid itself always lies in a county of this state (loadZipCentroids checks).
    const zip = random.pick(this.#zips);
    return { latitude: zip.latitude, longitude: zip.longitude, zipCode: zip.zip, city: zip.city, county: zip.county, fips: zip.fips };
  }
}

function facilityName(random: Random, kind: FacilityKind, place: string, n: number): string {
  const surname = random.pick(SURNAMES);
  switch (kind) {
    case 'retail':
      return random.chance(0.6) ? `${random.pick(BRANDS)} #${1000 + (n % 9000)}` : `${place} ${random.pick(['Fuel Stop', 'Quick Mart', 'Gas & Go'])}`;
    case 'fleet':
      return random.chance(0.5) ? `${surname} Trucking Terminal` : `${place} Fleet Garage`;
    case 'commercial':
      return `${surname} ${random.pick(['Auto Repair', 'Tire & Lube', 'Car Wash', 'Hardware'])}`;
    case 'industrial':
      return `${surname} ${random.pick(['Manufacturing', 'Concrete', 'Lumber', 'Freight'])}`;
    case 'government':
      return `${place} ${random.pick(['Public Works', 'Highway Garage', 'School Bus Depot', 'Fire Station'])}`;
    case 'agricultural':
      return `${surname} ${random.pick(['Farm', 'Farm Supply', 'Grain Co-op'])}`;
    case 'marina':
      return `${place} Marina`;
    case 'airport':
      return `${place} Municipal Airport`;
  }
}

/** Labels a facility site: the same (seed, n) always gives the same site. */
export function facilitySite(placer: StatePlacer, stateSeed: number, n: number): Site {
  const random = new Random(mixSeed(stateSeed, n));
  const location = placer.place(random);
  const kind = FACILITY_KINDS.sample(random);
  const place = location.city ?? location.county;
  const withinSpa = random.chance(0.45);
  const withinWhpa = random.chance(0.12);
  // Fields listed one by one: spreading `location` here made this the generator's hot spot.
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    zipCode: location.zipCode,
    city: location.city,
    county: location.county,
    fips: location.fips,
    name: facilityName(random, kind, place, n),
    address: `${random.int(1, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_SUFFIXES)}`,
    ownerType: kind === 'government' ? 'Local government' : OWNER_TYPES.sample(random),
    facilityType: FACILITY_TYPES[kind],
    landUse: LAND_USES.sample(random),
    // Log-normal: a median of about 500 people within 1,500 ft, a long urban tail.
    population: Math.min(40_000, Math.round(Math.exp(6.2 + 1.2 * random.normal()))),
    privateWells: random.chance(0.6) ? 0 : 1 + random.geometric(6),
    withinSpa,
    withinWhpa,
    withinFloodplain: random.chance(0.07),
    waterType: withinSpa || withinWhpa ? (random.chance(0.6) ? 'GW' : 'SW') : null,
  };
}
