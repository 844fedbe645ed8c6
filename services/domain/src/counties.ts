/**
 * County and state lookups against the us-atlas counties (Census cartographic boundaries,
 * 1:10,000,000, clipped to the shoreline, so lakes and the sea belong to no county).
 */
import { createRequire } from 'node:module';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import { countyNameKey, isIndependentCity } from './county-names.js';
import { PolygonGrid, type Ring } from './point-in-polygon.js';
import { stateCodeOfName, stateFipsOf, STATE_CODES } from './state-codes.js';

export interface CountyInfo {
  /** 5-digit county FIPS. */
  fips: string;
  /** USPS code, e.g. 'DE'. */
  state: string;
  /** As us-atlas spells it, without ' County' (e.g. 'Kent', 'Orleans', 'Doña Ana'). */
  name: string;
}

export interface CountyLocator {
  /** The county whose polygon contains the point, or null (water, outside the US). */
  countyAt(latitude: number, longitude: number): CountyInfo | null;
  /**
   * 5-digit FIPS by state code and county name; tolerant of 'County'/'Parish' suffixes, case,
   * 'St.'/'Saint', spaces ('De Kalb' = 'DeKalb'), and DC ('District of Columbia' /
   * 'Washington'); null when unknown.
   */
  countyByName(state: string, name: string): string | null;
  /** The state (USPS code) containing the point, or null. */
  stateAt(latitude: number, longitude: number): string | null;
  /** Every county (3,231 incl. the territories present in us-atlas), sorted by FIPS. */
  counties(): readonly CountyInfo[];
}

type Topology = Parameters<typeof feature>[0];
type CountyFeature = Feature<Polygon | MultiPolygon, { name: string }>;

let memoised: CountyLocator | undefined;

/** Builds the locator on first call (about a second) and returns the same one afterwards. */
export function loadCountyLocator(): CountyLocator {
  memoised ??= buildCountyLocator();
  return memoised;
}

function buildCountyLocator(): CountyLocator {
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/counties-10m.json') as Topology;
  const collection = feature(topology, topology.objects['counties']!) as unknown as { features: CountyFeature[] };
  const counties: CountyInfo[] = [];
  const polygons: Ring[][] = [];
  for (const county of collection.features) {
    const fips = String(county.id);
    const state = STATE_CODES[fips.slice(0, 2)];
    if (!state || !county.geometry) continue;
    counties.push(Object.freeze({ fips, state: state.code, name: county.properties.name }));
    polygons.push(county.geometry.type === 'Polygon' ? county.geometry.coordinates : county.geometry.coordinates.flat());
  }
  const grid = new PolygonGrid(polygons);
  const byName = indexByName(counties);
  const sorted = Object.freeze([...counties].sort((a, b) => a.fips.localeCompare(b.fips)));

  const countyAt = (latitude: number, longitude: number): CountyInfo | null => {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    return counties[grid.find(longitude, latitude)] ?? null;
  };
  return {
    countyAt,
    stateAt: (latitude, longitude) => countyAt(latitude, longitude)?.state ?? null,
    countyByName: (state, name) => findByName(byName, state, name),
    counties: () => sorted,
  };
}

/** 'state FIPS|name key' -> county FIPS codes sharing that name (a county and a city at most). */
function indexByName(counties: readonly CountyInfo[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const add = (stateFips: string, key: string, fips: string) => {
    const id = `${stateFips}|${key}`;
    const list = index.get(id) ?? [];
    if (!list.includes(fips)) list.push(fips);
    index.set(id, list.sort());
  };
  for (const county of counties) add(county.fips.slice(0, 2), countyNameKey(county.name), county.fips);
  // DC has one county-equivalent, which state files call 'Washington' or 'District of Columbia'.
  for (const alias of ['Washington', 'District of Columbia', 'DC', 'Washington DC']) add('11', countyNameKey(alias), '11001');
  return index;
}

function findByName(index: Map<string, string[]>, state: string, name: string): string | null {
  const stateFips = stateFipsOf(state) ?? stateFipsOf(stateCodeOfName(state) ?? '');
  if (!stateFips) return null;
  const key = countyNameKey(name);
  if (!key) return null;
  const exact = index.get(`${stateFips}|${key}`);
  // A bare name shared by a county and an independent city means the county.
  if (exact) return exact.find((fips) => !isIndependentCity(fips)) ?? exact[0] ?? null;
  if (key.endsWith('city')) {
    const cities = index.get(`${stateFips}|${key.slice(0, -'city'.length)}`) ?? [];
    return cities.find(isIndependentCity) ?? null;
  }
  return null;
}
