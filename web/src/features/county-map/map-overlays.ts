/**
 * Everything the risk map draws over its base style, kept as the state it should show and
 * (re)installed whole whenever a style loads, since MapLibre drops sources, layers and
 * feature-state with the style. Region figures live in feature-state, one entry per metric, so
 * a metric or scale change is a single setPaintProperty: the GPU recolours 3,231 counties
 * without touching geometry.
 */
import type { FeatureCollection, Geometry, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LocalPalette } from './base-styles';
import { FILL_OPACITY } from './color-scales';
import { MAP_METRICS, metricValue } from './map-metrics';
import type { RegionFigures, RegionLevel } from './region-data';
import { featureIdOf, type MapGeometry } from './region-geometry';

const LEVELS: readonly RegionLevel[] = ['states', 'counties'];

export const layerIds = {
  land: 'land',
  fill: (level: RegionLevel) => `${level}-fill`,
  borders: (level: RegionLevel) => `${level}-borders`,
  outline: (level: RegionLevel) => `${level}-outline`,
  stateBorders: 'state-borders',
  density: 'facility-density',
  pins: 'facility-pins',
} as const;

export interface PinProperties {
  id: string;
  name: string;
  has_leak: boolean;
}

export type PinFeatures = FeatureCollection<Point, PinProperties>;

/** Facility counts per H3 cell centre (GET /api/h3-density), weighted by count. */
export type DensityFeatures = FeatureCollection<Point, { count: number }>;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

interface OverlayState {
  geometry: MapGeometry | null;
  land: FeatureCollection<Geometry> | null;
  drawsLand: boolean;
  palette: LocalPalette;
  level: RegionLevel;
  figures: Partial<Record<RegionLevel, RegionFigures>>;
  fillColor: ExpressionSpecification | string;
  hovered: number | null;
  selected: number | null;
  pins: PinFeatures | null;
  density: DensityFeatures | null;
  densityVisible: boolean;
  densityMax: number;
}

export class MapOverlays {
  private readonly state: OverlayState;
  private installed = false;

  constructor(
    private readonly map: MapLibreMap,
    initial: Pick<OverlayState, 'palette' | 'drawsLand' | 'level' | 'fillColor'>,
  ) {
    this.state = { geometry: null, land: null, figures: {}, hovered: null, selected: null, pins: null, density: null, densityVisible: false, densityMax: 1, ...initial };
    map.on('style.load', () => this.install());
    if (map.isStyleLoaded()) this.install();
  }

  /** The styles' own layers come first; ours are added on top, in drawing order. */
  private install(): void {
    const { map, state } = this;
    this.installed = false;
    if (!state.geometry) return;
    if (state.drawsLand && state.land) {
      map.addSource('land', { type: 'geojson', data: state.land });
      map.addLayer({ id: layerIds.land, type: 'fill', source: 'land', paint: { 'fill-color': state.palette.land } });
    }
    for (const level of LEVELS) {
      map.addSource(level, { type: 'geojson', data: state.geometry.regions[level] });
      const visibility = level === state.level ? 'visible' : 'none';
      map.addLayer({
        id: layerIds.fill(level),
        type: 'fill',
        source: level,
        layout: { visibility },
        paint: { 'fill-color': state.fillColor, 'fill-opacity': FILL_OPACITY },
      });
      map.addLayer({
        id: layerIds.borders(level),
        type: 'line',
        source: level,
        layout: { visibility },
        paint: { 'line-color': level === 'states' ? state.palette.stateLine : state.palette.countyLine, 'line-width': level === 'states' ? 0.8 : 0.3 },
      });
    }
    map.addSource('state-borders', { type: 'geojson', data: state.geometry.stateBorders });
    map.addLayer({
      id: layerIds.stateBorders,
      type: 'line',
      source: 'state-borders',
      layout: { visibility: state.level === 'counties' ? 'visible' : 'none' },
      paint: { 'line-color': state.palette.stateLine, 'line-width': 0.8 },
    });
    for (const level of LEVELS) {
      // Hover and selection outlines above every border, so a selected county is never cut.
      map.addLayer({
        id: layerIds.outline(level),
        type: 'line',
        source: level,
        layout: { visibility: level === state.level ? 'visible' : 'none' },
        paint: {
          'line-color': state.palette.selectedLine,
          'line-width': ['case', ['boolean', ['feature-state', 'selected'], false], 3, ['boolean', ['feature-state', 'hover'], false], 1.5, 0],
        },
      });
    }
    map.addSource('density', { type: 'geojson', data: state.density ?? EMPTY });
    map.addLayer({
      id: layerIds.density,
      type: 'heatmap',
      source: 'density',
      layout: { visibility: state.densityVisible ? 'visible' : 'none' },
      paint: {
        'heatmap-weight': ['/', ['get', 'count'], state.densityMax],
        'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 3, 1, 9, 3],
        'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 3, 8, 7, 18, 10, 30],
        'heatmap-opacity': 0.8,
      },
    });
    map.addSource('pins', { type: 'geojson', data: state.pins ?? EMPTY });
    map.addLayer({
      id: layerIds.pins,
      type: 'circle',
      source: 'pins',
      paint: {
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3, 10, 6],
        'circle-color': ['case', ['get', 'has_leak'], '#b91c1c', '#1d4ed8'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    });
    this.installed = true;
    for (const level of LEVELS) this.writeFigures(level);
    this.writeFlag(state.hovered, 'hover', true);
    this.writeFlag(state.selected, 'selected', true);
  }

  setGeometry(geometry: MapGeometry, land: FeatureCollection<Geometry> | null): void {
    this.state.geometry = geometry;
    this.state.land = land;
    if (this.map.isStyleLoaded() || this.installed) this.reinstall();
  }

  setLand(land: FeatureCollection<Geometry>): void {
    this.state.land = land;
    const source = this.map.getSource<GeoJSONSource>('land');
    if (source) source.setData(land);
    else if (this.installed && this.state.drawsLand) this.reinstall();
  }

  /** A new base style: its load reinstalls everything with the palette. */
  setBase(palette: LocalPalette, drawsLand: boolean): void {
    this.state.palette = palette;
    this.state.drawsLand = drawsLand;
  }

  setLevel(level: RegionLevel): void {
    this.state.level = level;
    if (!this.installed) return;
    for (const each of LEVELS) {
      const visibility = each === level ? 'visible' : 'none';
      for (const id of [layerIds.fill(each), layerIds.borders(each), layerIds.outline(each)]) this.map.setLayoutProperty(id, 'visibility', visibility);
    }
    this.map.setLayoutProperty(layerIds.stateBorders, 'visibility', level === 'counties' ? 'visible' : 'none');
  }

  setFigures(figures: RegionFigures): void {
    this.state.figures[figures.level] = figures;
    this.writeFigures(figures.level);
  }

  setFillColor(fillColor: ExpressionSpecification | string): void {
    this.state.fillColor = fillColor;
    if (!this.installed) return;
    for (const level of LEVELS) this.map.setPaintProperty(layerIds.fill(level), 'fill-color', fillColor);
  }

  setHovered(id: number | null): void {
    if (id === this.state.hovered) return;
    this.writeFlag(this.state.hovered, 'hover', false);
    this.state.hovered = id;
    this.writeFlag(id, 'hover', true);
  }

  setSelected(id: number | null): void {
    this.writeFlag(this.state.selected, 'selected', false);
    this.state.selected = id;
    this.writeFlag(id, 'selected', true);
  }

  setPins(pins: PinFeatures | null): void {
    this.state.pins = pins;
    this.map.getSource<GeoJSONSource>('pins')?.setData(pins ?? EMPTY);
  }

  setDensity(density: DensityFeatures | null, visible: boolean): void {
    const { state, map } = this;
    const max = Math.max(1, ...(density?.features.map((cell) => cell.properties.count) ?? []));
    const changed = density !== state.density;
    state.density = density;
    state.densityVisible = visible;
    state.densityMax = max;
    if (!this.installed) return;
    if (changed) {
      map.getSource<GeoJSONSource>('density')?.setData(density ?? EMPTY);
      map.setPaintProperty(layerIds.density, 'heatmap-weight', ['/', ['get', 'count'], max]);
    }
    map.setLayoutProperty(layerIds.density, 'visibility', visible ? 'visible' : 'none');
  }

  private reinstall(): void {
    const { map } = this;
    for (const layer of [...(map.getStyle()?.layers ?? [])]) if (isOurs(layer.id)) map.removeLayer(layer.id);
    for (const source of ['land', 'states', 'counties', 'state-borders', 'density', 'pins']) if (map.getSource(source)) map.removeSource(source);
    this.install();
  }

  /** Every metric of every region into feature-state: switching metric then needs no data. */
  private writeFigures(level: RegionLevel): void {
    const figures = this.state.figures[level];
    if (!this.installed || !figures) return;
    for (const [fips, properties] of figures.byFips) {
      const values: Record<string, number> = {};
      for (const metric of MAP_METRICS) values[metric.key] = metricValue(properties, metric.key);
      this.map.setFeatureState({ source: level, id: featureIdOf(fips) }, values);
    }
  }

  private writeFlag(id: number | null, flag: 'hover' | 'selected', on: boolean): void {
    if (id === null || !this.installed) return;
    const source = this.state.level;
    this.map.setFeatureState({ source, id }, { [flag]: on });
  }
}

const OUR_LAYERS = new Set<string>([
  layerIds.land,
  ...LEVELS.flatMap((level) => [layerIds.fill(level), layerIds.borders(level), layerIds.outline(level)]),
  layerIds.stateBorders,
  layerIds.density,
  layerIds.pins,
]);

function isOurs(layerId: string): boolean {
  return OUR_LAYERS.has(layerId);
}
