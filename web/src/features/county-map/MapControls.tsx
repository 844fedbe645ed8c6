import { useId, type ReactNode } from 'react';
import { MAP_STYLES, type MapStyleId } from './base-styles';
import { COLOR_SCALES, type ColorScaleKind } from './color-scales';
import { MAP_METRICS, type MetricKey } from './map-metrics';
import { BOUNDARY_LEVELS, type RegionLevel } from '../../api/region-data';

export interface MapSettings {
  level: RegionLevel;
  metric: MetricKey;
  scale: ColorScaleKind;
  style: MapStyleId;
  showDensity: boolean;
  /** The "Data coverage" layer: states coloured real, partly real or generated. */
  showCoverage: boolean;
}

interface MapControlsProps {
  settings: MapSettings;
  onLevel: (level: RegionLevel) => void;
  onMetric: (metric: MetricKey) => void;
  onScale: (scale: ColorScaleKind) => void;
  onStyle: (style: MapStyleId) => void;
  onDensity: (show: boolean) => void;
  onCoverage: (show: boolean) => void;
  /** Why the chosen style is drawn as Light, if it is. */
  styleHint: string | null;
  /** More controls after the spec's four (the region finder). */
  children?: ReactNode;
}

/** docs/product.md section 2: Boundary Level, Color Code, Color Scale, Map Style; plus the heat map and the data coverage. */
export function MapControls({ settings, onLevel, onMetric, onScale, onStyle, onDensity, onCoverage, styleHint, children }: MapControlsProps) {
  const id = useId();
  return (
    <div className="map-controls" role="group" aria-label="Map controls">
      <label className="map-control" htmlFor={`${id}-level`}>
        <span>Boundary Level</span>
        <select id={`${id}-level`} value={settings.level} onChange={(event) => onLevel(event.target.value as RegionLevel)}>
          {BOUNDARY_LEVELS.map(({ level, label }) => (
            <option key={level} value={level}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="map-control" htmlFor={`${id}-metric`}>
        <span>Color Code</span>
        <select id={`${id}-metric`} value={settings.metric} onChange={(event) => onMetric(event.target.value as MetricKey)}>
          {MAP_METRICS.map(({ key, label }) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="map-control" htmlFor={`${id}-scale`}>
        <span>Color Scale</span>
        <select id={`${id}-scale`} value={settings.scale} onChange={(event) => onScale(event.target.value as ColorScaleKind)}>
          {COLOR_SCALES.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="map-control" htmlFor={`${id}-style`}>
        <span>Map Style</span>
        <select
          id={`${id}-style`}
          value={settings.style}
          onChange={(event) => onStyle(event.target.value as MapStyleId)}
          aria-describedby={styleHint ? `${id}-style-hint` : undefined}
        >
          {MAP_STYLES.map(({ id: style, label }) => (
            <option key={style} value={style}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="map-control map-control-toggle" htmlFor={`${id}-density`}>
        <input id={`${id}-density`} type="checkbox" checked={settings.showDensity} onChange={(event) => onDensity(event.target.checked)} />
        <span>Facility density heat map</span>
      </label>
      <label className="map-control map-control-toggle" htmlFor={`${id}-coverage`}>
        <input id={`${id}-coverage`} type="checkbox" checked={settings.showCoverage} onChange={(event) => onCoverage(event.target.checked)} />
        <span>Data coverage</span>
      </label>
      {children}
      {styleHint && (
        <p className="map-style-hint" id={`${id}-style-hint`} role="note">
          {styleHint}
        </p>
      )}
    </div>
  );
}
