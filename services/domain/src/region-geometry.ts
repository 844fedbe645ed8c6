/**
 * State and county shapes for the region GeoJSON documents, from us-atlas (Census cartographic
 * boundaries at 1:10,000,000). That scale is already simplified; rounding to 3 decimals (about
 * 110 m, far below the scale's own accuracy) and dropping the points that rounding makes
 * repeat keep the counties document small (its size: docs/data-model.md, 'Cache layout').
 */
import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { RegionLevel } from '@ust/schemas';

export type { RegionLevel };

export interface RegionShape {
  /** 2-digit state FIPS or 5-digit county FIPS (the us-atlas id). */
  fips: string;
  /** As us-atlas spells it (county names come without 'County'). */
  name: string;
  geometry: Polygon | MultiPolygon;
}

/** Decimals kept in coordinates. @defaultValue 3 */
export const REGION_COORDINATE_DECIMALS = 3;

type Topology = Parameters<typeof feature>[0];
type AtlasFeature = { id?: string | number; properties: { name: string } | null; geometry: Polygon | MultiPolygon | null };

const memoised = new Map<RegionLevel, readonly RegionShape[]>();

/** Every state (56 incl. DC and territories) or county (3,231) of us-atlas, sorted by FIPS. */
export function loadRegionShapes(level: RegionLevel): readonly RegionShape[] {
  let shapes = memoised.get(level);
  if (!shapes) {
    shapes = Object.freeze(readShapes(level));
    memoised.set(level, shapes);
  }
  return shapes;
}

function readShapes(level: RegionLevel): RegionShape[] {
  const require = createRequire(import.meta.url);
  const topology = require(level === 'states' ? 'us-atlas/states-10m.json' : 'us-atlas/counties-10m.json') as Topology;
  const collection = feature(topology, topology.objects[level]!) as unknown as { features: AtlasFeature[] };
  const shapes: RegionShape[] = [];
  for (const atlas of collection.features) {
    if (atlas.id === undefined || !atlas.geometry) continue;
    shapes.push({
      fips: String(atlas.id),
      name: atlas.properties?.name ?? String(atlas.id),
      geometry: quantizeGeometry(atlas.geometry, REGION_COORDINATE_DECIMALS),
    });
  }
  return shapes.sort((a, b) => a.fips.localeCompare(b.fips));
}

/**
 * Rounds every coordinate and drops points that become repeats. A ring that collapses below
 * four positions is dropped (a speck of an island), but never the last polygon of a shape:
 * then the shape keeps its rounded ring with repeats, so every region stays on the map.
 */
export function quantizeGeometry(geometry: Polygon | MultiPolygon, decimals: number): Polygon | MultiPolygon {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept: Position[][][] = [];
  for (const polygon of polygons) {
    const rings = polygon.map((ring) => quantizeRing(ring, decimals));
    const [outer, ...holes] = rings;
    if (!outer || outer.length < 4) continue;
    kept.push([outer, ...holes.filter((hole) => hole.length >= 4)]);
  }
  if (kept.length === 0) {
    const first = polygons[0] ?? [];
    kept.push(first.map((ring) => ring.map((position) => roundPosition(position, decimals))));
  }
  return kept.length === 1 ? { type: 'Polygon', coordinates: kept[0]! } : { type: 'MultiPolygon', coordinates: kept };
}

function roundPosition(position: Position, decimals: number): Position {
  const factor = 10 ** decimals;
  return [Math.round(position[0]! * factor) / factor, Math.round(position[1]! * factor) / factor];
}

function quantizeRing(ring: Position[], decimals: number): Position[] {
  const out: Position[] = [];
  for (const position of ring) {
    const rounded = roundPosition(position, decimals);
    const last = out[out.length - 1];
    if (last && last[0] === rounded[0] && last[1] === rounded[1]) continue;
    out.push(rounded);
  }
  return out;
}
