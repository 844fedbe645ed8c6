/**
 * The map's static geometry: us-atlas states and counties (Census cartographic boundaries at
 * 1:10,000,000, the shapes the workers build the region figures from) and world-atlas land for
 * the local base styles. Vite emits the TopoJSON files as hashed assets, which the gateway serves
 * as immutable, so a browser downloads them once and never again until they change; the figures
 * come separately from /api/geojson-cached.
 */
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesTopologyUrl from 'us-atlas/counties-10m.json?url';
import landTopologyUrl from 'world-atlas/land-50m.json?url';
import type { RegionLevel } from '../../api/region-data';

export interface RegionFeatureProperties {
  /** 2-digit state or 5-digit county FIPS, as in the figures' GEO_ID. */
  fips: string;
  name: string;
}

export type RegionFeatures = FeatureCollection<Polygon | MultiPolygon, RegionFeatureProperties>;

export interface MapGeometry {
  regions: Record<RegionLevel, RegionFeatures>;
  /** State borders as lines, drawn over the counties. */
  stateBorders: FeatureCollection<Geometry>;
}

/**
 * MapLibre's feature-state needs numeric feature ids. A FIPS code read as a number is unique
 * across both levels (states 1-78, counties 1001-78030), so one id names a region everywhere.
 */
export function featureIdOf(fips: string): number {
  return Number.parseInt(fips, 10);
}

/** The FIPS code of a feature id, padded back to 2 (state) or 5 (county) digits. */
export function fipsOf(id: number, level: RegionLevel): string {
  return String(id).padStart(level === 'states' ? 2 : 5, '0');
}

/** [[west, south], [east, north]] of a region's outline, for fitting the map to it. */
export function boundsOf(geometry: Polygon | MultiPolygon): [[number, number], [number, number]] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const polygon of polygons) {
    for (const [longitude, latitude] of polygon[0] ?? []) {
      west = Math.min(west, longitude!);
      east = Math.max(east, longitude!);
      south = Math.min(south, latitude!);
      north = Math.max(north, latitude!);
    }
  }
  return [
    [west, south],
    [east, north],
  ];
}

type AtlasObjects = { counties: GeometryCollection<{ name: string }>; states: GeometryCollection<{ name: string }> };

async function fetchTopology<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Map geometry ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function regionFeatures(topology: Topology<AtlasObjects>, level: RegionLevel): RegionFeatures {
  const collection = feature(topology, topology.objects[level]) as FeatureCollection<Polygon | MultiPolygon | null, { name: string }>;
  const features: Feature<Polygon | MultiPolygon, RegionFeatureProperties>[] = [];
  for (const atlas of collection.features) {
    if (atlas.id === undefined || !atlas.geometry) continue;
    const fips = String(atlas.id);
    features.push({ type: 'Feature', id: featureIdOf(fips), properties: { fips, name: atlas.properties?.name ?? fips }, geometry: atlas.geometry });
  }
  return { type: 'FeatureCollection', features };
}

/** States and counties from one file (us-atlas's counties file holds both). */
export async function loadMapGeometry(signal?: AbortSignal): Promise<MapGeometry> {
  const topology = await fetchTopology<Topology<AtlasObjects>>(countiesTopologyUrl, signal);
  // Interior borders only: the coast is the land's edge, drawn by the fills.
  const borders = mesh(topology, topology.objects.states, (a, b) => a !== b);
  return {
    regions: { states: regionFeatures(topology, 'states'), counties: regionFeatures(topology, 'counties') },
    stateBorders: { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: borders }] },
  };
}

/**
 * Whether a polygon of the world's land can be seen around the United States: it reaches into
 * North America or the North Pacific (Alaska crosses the antimeridian; Guam and the Northern
 * Marianas lie at 145° E) and is not Eurasia or Africa (any point between 0° and 100° E). The
 * rest of the world is most of the file's points and would only cost the map's worker time.
 */
function nearTheUnitedStates(polygon: Position[][]): boolean {
  const ring = polygon[0] ?? [];
  const reachesUs = ring.some(([longitude, latitude]) => (longitude! < -50 || longitude! > 130) && latitude! > 5 && latitude! < 62);
  return reachesUs && !ring.some(([longitude]) => longitude! > 0 && longitude! < 100);
}

/** The land around the United States for the local Light and Dark styles (no tile server needed). */
export async function loadLand(signal?: AbortSignal): Promise<FeatureCollection<Geometry>> {
  const topology = await fetchTopology<Topology<{ land: GeometryCollection }>>(landTopologyUrl, signal);
  const land = feature(topology, topology.objects.land) as FeatureCollection<Polygon | MultiPolygon> | Feature<Polygon | MultiPolygon>;
  const features = land.type === 'FeatureCollection' ? land.features : [land];
  return {
    type: 'FeatureCollection',
    features: features.map((each) => {
      const polygons = each.geometry.type === 'Polygon' ? [each.geometry.coordinates] : each.geometry.coordinates;
      return { ...each, geometry: { type: 'MultiPolygon', coordinates: polygons.filter(nearTheUnitedStates) } };
    }),
  };
}
