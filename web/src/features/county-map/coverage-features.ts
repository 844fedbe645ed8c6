/**
 * The "Data coverage" layer's features: every state shape with its class ('none' without any
 * record) and USPS code (the popup looks the rest up by code). States are joined by FIPS, the
 * shapes' own key.
 */
import type { StateCoverage } from '@ust/schemas';
import { coverageByFips } from '../data-coverage/coverage-format';
import type { CoverageFeatures } from './map-overlays';
import type { RegionFeatures } from './region-geometry';

export function coverageFeatures(states: RegionFeatures, coverage: readonly StateCoverage[]): CoverageFeatures {
  const byFips = coverageByFips(coverage);
  const features = states.features.map((shape): CoverageFeatures['features'][number] => {
    const state = byFips.get(shape.properties.fips);
    return { type: 'Feature', id: shape.id, geometry: shape.geometry, properties: { coverage: state?.coverage ?? 'none', state: state?.state ?? '' } };
  });
  return { type: 'FeatureCollection', features };
}
