/**
 * The place names the map writes over its regions: states and counties at their label points
 * (label-points.ts), and the largest cities (us-cities.ts) with a rank that decides from which
 * zoom each one shows (layers.ts, CITY_RANK_BY_ZOOM).
 */
import type { FeatureCollection, Point } from 'geojson';
import { labelPointOf } from './label-points';
import type { RegionLevel } from '../../api/region-data';
import type { RegionFeatures } from './region-geometry';
import { US_CITIES, type UsCity } from './us-cities';

export interface RegionLabelProperties {
  fips: string;
  name: string;
}

export interface CityLabelProperties {
  name: string;
  /** 1 for the largest city. */
  rank: number;
}

export type RegionLabels = FeatureCollection<Point, RegionLabelProperties>;
export type CityLabels = FeatureCollection<Point, CityLabelProperties>;

/**
 * A label point's precision in degrees: about a kilometre for a county, five for a state, far
 * finer than a label at the zooms that show each, and coarse enough to place them all at once.
 */
export const LABEL_POINT_PRECISION = { states: 0.05, counties: 0.01 } as const;

/** Every name the map writes, computed once per session from the static shapes. */
export interface PlaceLabels {
  states: RegionLabels;
  counties: RegionLabels;
  cities: CityLabels;
}

export function placeLabels(regions: Record<RegionLevel, RegionFeatures>): PlaceLabels {
  return {
    states: regionLabels(regions.states, LABEL_POINT_PRECISION.states),
    counties: regionLabels(regions.counties, LABEL_POINT_PRECISION.counties),
    cities: cityLabels(),
  };
}

export function regionLabels(regions: RegionFeatures, precision: number): RegionLabels {
  return {
    type: 'FeatureCollection',
    features: regions.features.map((region) => ({
      type: 'Feature',
      properties: { fips: region.properties.fips, name: region.properties.name },
      geometry: { type: 'Point', coordinates: labelPointOf(region.geometry, precision) },
    })),
  };
}

/** The cities in population order, each with its rank. */
export function cityLabels(cities: readonly UsCity[] = US_CITIES): CityLabels {
  return {
    type: 'FeatureCollection',
    features: [...cities]
      .sort((a, b) => b[4] - a[4])
      .map(([name, , longitude, latitude], index) => ({
        type: 'Feature',
        properties: { name, rank: index + 1 },
        geometry: { type: 'Point', coordinates: [longitude, latitude] },
      })),
  };
}
