import { useMemo, useState } from 'react';
import { useFacilityDensityQuery, type DensityResolution } from '../../api';
import { densityFeatures, densityResolutionFor } from './map-features';
import { INITIAL_VIEW } from './RiskMap';

/** The density heat map's cells, at the H3 resolution the map's zoom calls for; fetched only while shown. */
export function useFacilityDensity(show: boolean) {
  const [resolution, setResolution] = useState<DensityResolution>(densityResolutionFor(INITIAL_VIEW.zoom));
  const density = useFacilityDensityQuery(resolution, show);
  const cells = useMemo(() => (density.data ? densityFeatures(density.data) : null), [density.data]);
  return { cells, isFetching: density.isFetching, setResolution };
}
