/** The GeoJSON the map's point layers draw: a region's facility pins and the density cells. */
import type { FacilityListItem } from '@ust/schemas';
import type { DensityResolution, FacilityDensity } from '../../api';
import type { DensityFeatures, PinFeatures } from './map-overlays';

/**
 * Pins for the listed facilities that have a point of their own. One placed at its ZIP's
 * centroid or its town's centre gets no pin (docs/decisions/0110-located-by.md): a pin says
 * "here", and many would pile up on one centroid; it stays in the region's list and totals.
 */
export function pinFeatures(facilities: readonly FacilityListItem[]): PinFeatures {
  const features: PinFeatures['features'] = [];
  for (const facility of facilities) {
    if (facility.Latitude === null || facility.Longitude === null) continue;
    if (facility.LOCATED_BY === 'zip' || facility.LOCATED_BY === 'place') continue;
    features.push({
      type: 'Feature',
      properties: {
        id: facility.Facility_ID,
        name: facility.Name ?? facility.Facility_ID,
        // Two booleans rather than a null: a null in a MapLibre 'case' condition fails the expression.
        has_leak: facility.HAS_LEAK === true,
        leak_reported: facility.HAS_LEAK !== null,
      },
      geometry: { type: 'Point', coordinates: [facility.Longitude, facility.Latitude] },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The selected region's pins and those in view, each facility once. */
export function mergePins(...sets: (PinFeatures | null)[]): PinFeatures | null {
  const present = sets.filter((set): set is PinFeatures => set !== null);
  if (present.length <= 1) return present[0] ?? null;
  const seen = new Set<string>();
  const features = present.flatMap((set) => set.features).filter((pin) => !seen.has(pin.properties.id) && seen.add(pin.properties.id));
  return { type: 'FeatureCollection', features };
}

/**
 * The pins the user asked to see: all of them, or with "Show map markers for all search
 * results" turned off only the facilities that have had a leak. The region's list and totals
 * keep every facility either way.
 */
export function pinsToShow(pins: PinFeatures | null, showAll: boolean): PinFeatures | null {
  if (showAll || pins === null) return pins;
  return { type: 'FeatureCollection', features: pins.features.filter((pin) => pin.properties.has_leak) };
}

/** One weighted point per H3 cell centre. */
export function densityFeatures(density: FacilityDensity): DensityFeatures {
  return {
    type: 'FeatureCollection',
    features: density.cells.map(([, longitude, latitude, count]) => ({
      type: 'Feature',
      properties: { count },
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
    })),
  };
}

/** The H3 resolution whose cells suit a zoom: a few screen pixels per cell, never thousands of points. */
export function densityResolutionFor(zoom: number): DensityResolution {
  if (zoom < 5) return 4;
  if (zoom < 6.5) return 5;
  if (zoom < 8) return 6;
  return 7;
}
