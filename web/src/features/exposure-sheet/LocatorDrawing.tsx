import type { LocatorDrawing as Drawing } from '@ust/schemas';

/** The county outline and the facility's point, as the gateway projected them (the PDF draws the same path). */
export function LocatorDrawing({ locator }: { locator: Drawing | null }) {
  if (!locator) return <p className="sheet-locator sheet-locator-empty">No county shape or coordinates to draw.</p>;
  const caption = `${locator.county_name} County and the facility`;
  return (
    <figure className="sheet-locator">
      <svg viewBox={`0 0 ${locator.width} ${locator.height}`} role="img" aria-label={`Locator: the facility's point in ${locator.county_name} County`}>
        <path d={locator.outline} className="sheet-locator-county" />
        <circle cx={locator.point.x} cy={locator.point.y} r={5} className="sheet-locator-point" />
      </svg>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
