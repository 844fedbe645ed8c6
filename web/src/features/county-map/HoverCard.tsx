import type { RegionProperties } from '@ust/schemas';
import type { PinProperties } from './map-overlays';
import type { RegionLevel } from '../../api/region-data';
import { hoverFigures, regionTitle } from './region-format';

/** What is under the pointer: a region, or a facility pin; at a position within the map, in CSS pixels. */
export type HoverTarget = ({ region: RegionProperties; facility?: undefined } | { facility: PinProperties; region?: undefined }) & { x: number; y: number };

/** The card under the pointer (docs/product.md section 2), kept inside the map's edges. */
export function HoverCard({ target, level, mapWidth, mapHeight }: { target: HoverTarget; level: RegionLevel; mapWidth: number; mapHeight: number }) {
  // Near the right or bottom edge the card opens to the other side of the pointer.
  const flipX = target.x > mapWidth - 280;
  const flipY = target.y > mapHeight - 300;
  const style = {
    left: flipX ? undefined : target.x + 12,
    right: flipX ? mapWidth - target.x + 12 : undefined,
    top: flipY ? undefined : target.y + 12,
    bottom: flipY ? mapHeight - target.y + 12 : undefined,
  };
  const { region, facility } = target;
  if (facility) {
    return (
      <div className="map-hover-card" style={style} role="tooltip" data-testid="map-hover-card">
        <div className="map-hover-title">{facility.name}</div>
        <p className="map-hover-line">{facility.id}</p>
        <p className="map-hover-line">{facility.has_leak ? 'Has had a leak' : 'No recorded leak'}</p>
        <p className="map-hover-hint">Click for facility details</p>
      </div>
    );
  }
  return (
    <div className="map-hover-card" style={style} role="tooltip" data-testid="map-hover-card">
      <div className="map-hover-title">{regionTitle(region, level)}</div>
      <dl>
        {hoverFigures(region, level).map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {region.generated_share > 0 && <p className="map-demo-note">Includes {Math.round(region.generated_share * 100)}% generated demo records</p>}
      <p className="map-hover-hint">Click to view data</p>
    </div>
  );
}
