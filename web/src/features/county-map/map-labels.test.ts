import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { cityLabels, placeLabels } from './map-labels';
import type { RegionFeatures } from './region-geometry';
import { US_CITIES } from './us-cities';

/** The shapes the map loads (us-atlas), read here from the package. */
function atlasRegions(): Record<'states' | 'counties', RegionFeatures> {
  const file = path.resolve(import.meta.dirname, '../../../node_modules/us-atlas/counties-10m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<Record<'states' | 'counties', GeometryCollection<{ name: string }>>>;
  const level = (name: 'states' | 'counties'): RegionFeatures => {
    const collection = feature(topology, topology.objects[name]);
    return {
      type: 'FeatureCollection',
      features: collection.features
        .filter((each) => each.geometry !== null)
        .map((each) => ({
          type: 'Feature',
          properties: { fips: String(each.id), name: each.properties.name },
          geometry: each.geometry as Polygon | MultiPolygon,
        })),
    };
  };
  return { states: level('states'), counties: level('counties') };
}

describe('placeLabels', () => {
  const labels = placeLabels(atlasRegions());
  const pointOf = (collection: typeof labels.states, fips: string) => collection.features.find((each) => each.properties.fips === fips)!.geometry.coordinates;

  it('names every state and county once', () => {
    expect(labels.states.features).toHaveLength(56);
    expect(labels.counties.features.length).toBeGreaterThan(3200);
    expect(new Set(labels.counties.features.map((each) => each.properties.fips)).size).toBe(labels.counties.features.length);
  });

  it('puts a curved or island state’s name on its mainland', () => {
    // Michigan's lower peninsula, Florida's peninsula, Hawaii's Big Island.
    const [michiganX, michiganY] = pointOf(labels.states, '26');
    expect(michiganX).toBeGreaterThan(-86.5);
    expect(michiganY).toBeLessThan(44.5);
    const [floridaX, floridaY] = pointOf(labels.states, '12');
    expect(floridaX).toBeGreaterThan(-82.5);
    expect(floridaY).toBeLessThan(29.5);
    const [hawaiiX, hawaiiY] = pointOf(labels.states, '15');
    expect(hawaiiX).toBeGreaterThan(-156.1);
    expect(hawaiiY).toBeLessThan(20.3);
  });

  it('labels Sussex County, Delaware, inside the county', () => {
    const [x, y] = pointOf(labels.counties, '10005');
    expect(x).toBeGreaterThan(-75.75);
    expect(x).toBeLessThan(-75.05);
    expect(y).toBeGreaterThan(38.45);
    expect(y).toBeLessThan(38.95);
  });

  it('writes only characters of the glyph range the app serves (0-255)', () => {
    const names = [...labels.states.features, ...labels.counties.features, ...labels.cities.features].map((each) => each.properties.name);
    const outside = names.filter((name) => [...name].some((character) => character.codePointAt(0)! > 255));
    expect(outside).toEqual([]);
  });
});

describe('cityLabels', () => {
  it('ranks the cities by population, the largest first', () => {
    const cities = cityLabels([
      ['Smaller', 'DE', -75.5, 39.7, 70_000],
      ['Larger', 'DE', -75.5, 39.2, 90_000],
    ]);
    expect(cities.features.map((each) => [each.properties.name, each.properties.rank])).toEqual([
      ['Larger', 1],
      ['Smaller', 2],
    ]);
  });

  it('holds the 200 largest cities, each in the United States', () => {
    expect(US_CITIES).toHaveLength(200);
    expect(cityLabels().features[0]?.properties).toEqual({ name: 'New York City', rank: 1 });
    for (const [, , longitude, latitude] of US_CITIES) {
      expect(longitude).toBeGreaterThan(-170);
      expect(longitude).toBeLessThan(-65);
      expect(latitude).toBeGreaterThan(18);
      expect(latitude).toBeLessThan(72);
    }
  });
});
