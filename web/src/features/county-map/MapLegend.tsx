import { NEUTRAL_GREY, RAMP_GRADIENT, type ColorScale, COLOR_SCALES } from './color-scales';
import type { MapMetric } from './map-metrics';

/** SPEC.md section 2: a gradient from Low to High, with the values at its ends and grey for 0. */
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
      <div className="map-legend-scale">{scaleLabel}</div>
    </div>
  );
}
