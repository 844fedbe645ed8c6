import { useEffect, useMemo, useRef, useState } from 'react';
import { useCountiesFacilitiesQueries } from '../../api';
import { pinFeatures } from './map-features';
import type { PinFeatures } from './map-overlays';
import type { RegionFigures } from '../../api/region-data';
import { boundsOf, type MapGeometry, type RegionFeatures } from './region-geometry';
import { countiesInView, VIEWPORT_SETTLE_MS, type CountyBox, type MapViewport } from './viewport-counties';

function countyBoxes(counties: RegionFeatures): CountyBox[] {
  return counties.features.map((county) => {
    const [[west, south], [east, north]] = boundsOf(county.geometry);
    return { fips: county.properties.fips, box: [west, south, east, north] };
  });
}

/**
 * The facilities of the counties in view, once the map is zoomed in (viewport-counties.ts):
 * pins without a click. The map reports each view it settles on; the counties are worked out
 * after it has stayed put for a moment, and each county's list is cached like the panel's.
 */
export function useViewportPins(geometry: MapGeometry | undefined, figures: RegionFigures | undefined) {
  const [view, setView] = useState<MapViewport | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const boxes = useMemo(() => (geometry ? countyBoxes(geometry.regions.counties) : []), [geometry]);
  const fipsCodes = useMemo(() => {
    // County figures say which counties have no facilities: those need no call.
    const empty = (fips: string) => figures?.level === 'counties' && figures.byFips.get(fips)?.total_facilities === 0;
    return countiesInView(boxes, view, empty);
  }, [boxes, view, figures]);
  const facilities = useCountiesFacilitiesQueries(fipsCodes);
  const pins: PinFeatures | null = useMemo(() => (facilities.length > 0 ? pinFeatures(facilities) : null), [facilities]);

  return {
    pins,
    facilities,
    /** The map settled on a view. */
    onViewChange(next: MapViewport) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setView(next), VIEWPORT_SETTLE_MS);
    },
  };
}
