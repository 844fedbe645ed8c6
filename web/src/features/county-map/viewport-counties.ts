/**
 * Which counties' facilities the map pins without a click: those in view once the map is zoomed
 * in far enough for single facilities to mean something. The API lists facilities by county, so
 * the view is covered county by county, nearest the centre first, and never more than a few.
 */

/** From this zoom a view spans a county or a few, and pins no longer pile up. */
export const VIEWPORT_PINS_MIN_ZOOM = 9;
/** A view at the minimum zoom over dense small counties (Virginia's cities) spans about this many. */
export const MAX_VIEWPORT_COUNTIES = 12;
/** The map settles for this long before the counties in view are worked out and asked for. */
export const VIEWPORT_SETTLE_MS = 300;

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

export interface CountyBox {
  fips: string;
  box: Box;
}

export interface MapViewport {
  zoom: number;
  bounds: Box;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
const centreOf = (box: Box): [number, number] => [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];

/**
 * The counties whose boxes meet the view, nearest the view's centre first, at most `limit`;
 * none below VIEWPORT_PINS_MIN_ZOOM. `skip` leaves out counties known to have no facilities.
 */
export function countiesInView(
  boxes: readonly CountyBox[],
  view: MapViewport | null,
  skip: (fips: string) => boolean = () => false,
  limit = MAX_VIEWPORT_COUNTIES,
): string[] {
  if (!view || view.zoom < VIEWPORT_PINS_MIN_ZOOM) return [];
  const [x, y] = centreOf(view.bounds);
  const distance = (box: Box) => {
    const [cx, cy] = centreOf(box);
    return (cx - x) ** 2 + (cy - y) ** 2;
  };
  return boxes
    .filter((county) => overlaps(county.box, view.bounds) && !skip(county.fips))
    .sort((a, b) => distance(a.box) - distance(b.box))
    .slice(0, limit)
    .map((county) => county.fips);
}
