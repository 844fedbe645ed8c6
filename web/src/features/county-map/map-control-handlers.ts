import type { Dispatch, SetStateAction } from 'react';
import { recordActivity } from '../../telemetry';
import { DEFAULT_MAP_STYLE, resolveMapStyle, type MapConfig, type MapStyleId } from './base-styles';
import { DEFAULT_COLOR_SCALE, type ColorScaleKind } from './color-scales';
import type { MapSettings } from './MapControls';
import { DEFAULT_METRIC, type MetricKey } from './map-metrics';
import { performanceMarks } from './map-timing';
import { DEFAULT_LEVEL, type RegionLevel } from '../../api/region-data';

export const INITIAL_MAP_SETTINGS: MapSettings = {
  level: DEFAULT_LEVEL,
  metric: DEFAULT_METRIC,
  scale: DEFAULT_COLOR_SCALE,
  style: DEFAULT_MAP_STYLE,
  showDensity: false,
  showCoverage: false,
};

interface ControlContext {
  settings: MapSettings;
  setSettings: Dispatch<SetStateAction<MapSettings>>;
  /** The tile configuration, to record which style a choice is drawn as. */
  config: MapConfig | null;
  /** docs/product.md section 4: a new boundary level clears the selected region and its list. */
  clearSelection: () => void;
}

/**
 * What each map control does: change its setting and record its activity (docs/product.md
 * section 7). A recolour also leaves the User Timing mark that bench/map-route.ts measures
 * from.
 */
export function mapControlHandlers({ settings, setSettings, config, clearSelection }: ControlContext) {
  const { level, metric } = settings;

  function change<K extends keyof MapSettings>(key: K, value: MapSettings[K]) {
    setSettings((current) => ({ ...current, [key]: value }));
  }

  return {
    onLevel(next: RegionLevel) {
      clearSelection();
      change('level', next);
      recordActivity('boundary_level_change', { details: { from: level, to: next } });
    },
    onMetric(next: MetricKey) {
      performanceMarks.recolourRequested();
      change('metric', next);
      recordActivity('county_metric_change', { details: { metric: next, level } });
    },
    onScale(next: ColorScaleKind) {
      performanceMarks.recolourRequested();
      change('scale', next);
      recordActivity('map_color_scale_change', { details: { scale: next, metric } });
    },
    onStyle(next: MapStyleId) {
      change('style', next);
      recordActivity('county_map_style_change', { details: { style: next, drawn: resolveMapStyle(next, config).drawn } });
    },
    onDensity(show: boolean) {
      change('showDensity', show);
    },
    onCoverage(show: boolean) {
      change('showCoverage', show);
    },
  };
}
