import { NEUTRAL_GREY, NO_RELEASE_DATA_COLOR, RAMP_GRADIENT, type ColorScale, COLOR_SCALES } from './color-scales';
import { isReleaseMetric, type MapMetric } from './map-metrics';

/** The legend's name for regions whose sources have no release table (docs/decisions/0037-leaks-not-reported.md). */
export const NO_RELEASE_DATA_LABEL = 'No release data';

/**
 * docs/product.md section 2: a gradient from Low to High, with the values at its ends and
 * grey for 0; for the leak metrics also the colour of regions without release data.
 */
export function MapLegend({ metric, scale }: { metric: MapMetric; scale: ColorScale }) {
  const scaleLabel = COLOR_SCALES.find((each) => each.kind === scale.kind)?.label ?? scale.kind;
  return (
    <div className="map-legend" aria-label={`Legend: ${metric.label}, ${scaleLabel}`}>
      <div className="map-legend-title">{metric.label}</div>
      <div className="map-legend-ramp" style={{ backgroundImage: RAMP_GRADIENT }} aria-hidden="true" />
      <div className="map-legend-ends">
        <span>Low{scale.counted > 0 ? ` (${metric.format(scale.low)})` : ''}</span>
        <span>High{scale.counted > 0 ? ` (${metric.format(scale.high)})` : ''}</span>
      </div>
      <div className="map-legend-zero">
        <span className="map-legend-swatch" style={{ background: NEUTRAL_GREY }} aria-hidden="true" /> 0 or no data
      </div>
      {isReleaseMetric(metric.key) && (
        <div className="map-legend-zero">
          <span className="map-legend-swatch" style={{ background: NO_RELEASE_DATA_COLOR }} aria-hidden="true" /> {NO_RELEASE_DATA_LABEL}
        </div>
      )}
      <div className="map-legend-scale">{scaleLabel}</div>
    </div>
  );
}
