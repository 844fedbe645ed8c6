import type { MapLayerMouseEvent } from '@vis.gl/react-maplibre';
import { useEffect, useState } from 'react';
import type { HoverTarget } from './HoverCard';
import { layerIds } from './layers';
import type { MapOverlays, PinProperties } from './map-overlays';
import type { RegionFigures, RegionLevel } from '../../api/region-data';
import { fipsOf } from './region-geometry';

export interface PointerOptions {
  level: RegionLevel;
  figures: RegionFigures | undefined;
  onSelect: (fips: string) => void;
  /** A facility pin was clicked. */
  onOpenFacility: (facilityId: string) => void;
}

/**
 * The pointer over the risk map: what is under it (a facility pin or a region, for the hover
 * card and the thin outline) and what a click chooses. Kept inside the map, so moving the pointer
 * over thousands of counties re-renders only the card, never the page's panel and table.
 */
export function useMapPointer(overlays: MapOverlays | null, options: PointerOptions) {
  const { level, figures, onSelect, onOpenFacility } = options;
  const [hover, setHover] = useState<HoverTarget | null>(null);

  // Hover belongs to a level: a new level starts without one.
  useEffect(() => {
    overlays?.setHovered(null);
    setHover(null);
  }, [overlays, level]);

  function onMouseMove(event: MapLayerMouseEvent) {
    const pin = event.features?.find((feature) => feature.layer.id === layerIds.pins);
    const feature = event.features?.find((each) => each.layer.id === layerIds.fill(level));
    const fips = typeof feature?.id === 'number' ? fipsOf(feature.id, level) : null;
    const region = fips ? figures?.byFips.get(fips) : undefined;
    overlays?.setHovered(typeof feature?.id === 'number' ? feature.id : null);
    if (pin) setHover({ facility: pin.properties as PinProperties, x: event.point.x, y: event.point.y });
    else setHover(region ? { region, x: event.point.x, y: event.point.y } : null);
  }

  function onMouseLeave() {
    overlays?.setHovered(null);
    setHover(null);
  }

  function onClick(event: MapLayerMouseEvent) {
    // A pin sits on its region: the pin wins and opens its facility.
    const pin = event.features?.find((feature) => feature.layer.id === layerIds.pins);
    if (pin) return onOpenFacility((pin.properties as PinProperties).id);
    const feature = event.features?.find((each) => each.layer.id === layerIds.fill(level));
    if (typeof feature?.id === 'number') onSelect(fipsOf(feature.id, level));
  }

  return { hover, handlers: { onMouseMove, onMouseLeave, onClick } };
}
