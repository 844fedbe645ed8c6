/**
 * The "Data coverage" layer's features: each state shape that has coverage, with its class and
 * USPS code (the popup looks the rest up by code). States are joined by FIPS, the shapes' own key.
 */
import type { StateCoverage } from '@ust/schemas';
import { coverageByFips } from '../data-coverage/coverage-format';
import type { CoverageFeatures } from './map-overlays';
import type { RegionFeatures } from './region-geometry';

export function coverageFeatures(states: RegionFeatures, coverage: readonly StateCoverage[]): CoverageFeatures {
  const byFips = coverageByFips(coverage);
  const features: CoverageFeatures['features'] = [];
  for (const shape of states.features) {
    const state = byFips.get(shape.properties.fips);
    if (state) features.push({ type: 'Feature', id: shape.id, geometry: shape.geometry, properties: { coverage: state.coverage, state: state.state } });
  }
  return { type: 'FeatureCollection', features };
}
