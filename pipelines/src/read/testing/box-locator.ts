/**
 * A CountyLocator over rectangles, for unit tests of the coordinate rules: each county is a
 * latitude/longitude box, so a test states exactly which points are inside.
 */
import type { CountyInfo, CountyLocator } from '@ust/domain';

export interface BoxCounty extends CountyInfo {
  south: number;
  north: number;
  west: number;
  east: number;
}

export function boxLocator(boxes: readonly BoxCounty[]): CountyLocator {
  const info = (box: BoxCounty): CountyInfo => ({ fips: box.fips, state: box.state, name: box.name });
  const countyAt = (latitude: number, longitude: number) => {
    const box = boxes.find((b) => latitude >= b.south && latitude <= b.north && longitude >= b.west && longitude <= b.east);
    return box ? info(box) : null;
  };
  return {
    countyAt,
    stateAt: (latitude, longitude) => countyAt(latitude, longitude)?.state ?? null,
    countyByName: (state, name) =>
      boxes.find((b) => b.state === state && b.name.toLowerCase().replace(/\s/g, '') === name.toLowerCase().replace(/\s|county$/g, ''))?.fips ?? null,
    counties: () => boxes.map(info),
  };
}

/** Two neighbouring states and a one-county district, roughly where they are. */
export const TEST_COUNTIES: readonly BoxCounty[] = [
  { fips: '23019', state: 'ME', name: 'Penobscot', south: 44.5, north: 46.0, west: -69.5, east: -68.0 },
  { fips: '23029', state: 'ME', name: 'Washington', south: 44.5, north: 46.0, west: -68.0, east: -67.0 },
  { fips: '33007', state: 'NH', name: 'Coos', south: 44.0, north: 45.3, west: -71.6, east: -71.0 },
  { fips: '11001', state: 'DC', name: 'District of Columbia', south: 38.79, north: 39.0, west: -77.12, east: -76.91 },
  { fips: '17037', state: 'IL', name: 'DeKalb', south: 41.6, north: 42.2, west: -89.0, east: -88.6 },
];
