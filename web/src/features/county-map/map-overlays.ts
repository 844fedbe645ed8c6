/**
 * Everything the risk map draws over its base style, kept as the state it should show and
 * (re)installed whole whenever a style loads, since MapLibre drops sources, layers and
 * feature-state with the style.
 *
 * Drawing cost matters: with software WebGL a full frame of 3,231 counties costs hundreds of
 * milliseconds, and MapLibre re-lays out every tile when a paint expression that reads
 * feature-state changes. So the fill expression never changes (a recolour writes each region's
 * ramp position into feature-state, which only rewrites paint buffers), county borders are the
 * fill's own antialiased outline rather than a second line layer, and the hover and selection
 * outlines are a small source holding just those regions.
 */
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Point, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { LocalPalette } from './base-styles';
import { FILL_COLOR_EXPRESSION, FILL_OPACITY } from './color-scales';
import type { RegionLevel } from './region-data';
import type { MapGeometry, RegionFeatureProperties } from './region-geometry';

const LEVELS: readonly RegionLevel[] = ['states', 'counties'];

export const layerIds = {
  land: 'land',
  fill: (level: RegionLevel) => `${level}-fill`,
  stateBorders: 'state-borders',
  highlight: 'region-highlight',
  density: 'facility-density',
  pins: 'facility-pins',
} as const;

const SOURCES = ['land', 'states', 'counties', 'state-borders', 'highlight', 'density', 'pins'] as const;

export interface PinProperties {
  id: string;
  name: string;
  has_leak: boolean;
}

export type PinFeatures = FeatureCollection<Point, PinProperties>;

/** Facility counts per H3 cell centre (GET /api/h3-density), weighted by count. */
export type DensityFeatures = FeatureCollection<Point, { count: number }>;

/** Each region's position on the colour ramp (color-scales.ts, rampPosition), by feature id. */
export type RampPositions = ReadonlyMap<number, number>;

type RegionFeature = Feature<Polygon | MultiPolygon, RegionFeatureProperties>;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * How MapLibre's worker tiles the shapes. us-atlas boundaries are drawn at 1:10,000,000, so tiles
 * past zoom 10 would add no detail (MapLibre over-zooms them), and fills need only a small
 * buffer past each tile's edge. Fewer, smaller tiles mean a sooner first frame.
 */
const REGION_TILING = { maxzoom: 10, buffer: 32, tolerance: 0.5 } as const;
/** Natural Earth 1:50m land: a background, simplified harder. */
const LAND_TILING = { maxzoom: 8, buffer: 16, tolerance: 1 } as const;

interface OverlayState {
  geometry: MapGeometry | null;
  /** Each level's features by id, for the highlight source. */
  featuresById: Record<RegionLevel, Map<number, RegionFeature>>;
  land: FeatureCollection<Geometry> | null;
  drawsLand: boolean;
  palette: LocalPalette;
  level: RegionLevel;
  positions: Partial<Record<RegionLevel, RampPositions>>;
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
    initial: Pick<OverlayState, 'palette' | 'drawsLand' | 'level'>,
  ) {
    this.state = {
      geometry: null,
      featuresById: { states: new Map(), counties: new Map() },
      land: null,
      positions: {},
      hovered: null,
      selected: null,
      pins: null,
      density: null,
      densityVisible: false,
      densityMax: 1,
      ...initial,
    };
    map.on('style.load', () => this.install());
    if (map.isStyleLoaded()) this.install();
  }

  /** The styles' own layers come first; ours are added on top, in drawing order. */
  private install(): void {
    const { map, state } = this;
    this.installed = false;
    if (!state.geometry) return;
    if (state.drawsLand && state.land) {
      map.addSource('land', { type: 'geojson', data: state.land, ...LAND_TILING });
      map.addLayer({ id: layerIds.land, type: 'fill', source: 'land', paint: { 'fill-color': state.palette.land } });
    }
    for (const level of LEVELS) {
      map.addSource(level, { type: 'geojson', data: state.geometry.regions[level], ...REGION_TILING });
      map.addLayer({
        id: layerIds.fill(level),
        type: 'fill',
        source: level,
        layout: { visibility: level === state.level ? 'visible' : 'none' },
        paint: {
          'fill-color': FILL_COLOR_EXPRESSION,
          'fill-opacity': FILL_OPACITY,
          'fill-outline-color': level === 'states' ? state.palette.stateLine : state.palette.countyLine,
        },
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
    map.addSource('highlight', { type: 'geojson', data: this.highlightData() });
    map.addLayer({
      id: layerIds.highlight,
      type: 'line',
      source: 'highlight',
      paint: { 'line-color': state.palette.selectedLine, 'line-width': ['match', ['get', 'kind'], 'selected', 3, 1.5] },
    });
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
    for (const level of LEVELS) this.writePositions(level);
  }

  setGeometry(geometry: MapGeometry, land: FeatureCollection<Geometry> | null): void {
    this.state.geometry = geometry;
    for (const level of LEVELS) this.state.featuresById[level] = new Map(geometry.regions[level].features.map((feature) => [feature.id as number, feature]));
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

  /** Hover and selection belong to a level: the caller clears them before switching. */
  setLevel(level: RegionLevel): void {
    this.state.level = level;
    if (!this.installed) return;
    for (const each of LEVELS) this.map.setLayoutProperty(layerIds.fill(each), 'visibility', each === level ? 'visible' : 'none');
    this.map.setLayoutProperty(layerIds.stateBorders, 'visibility', level === 'counties' ? 'visible' : 'none');
  }

  /** A level's colours: every region's ramp position into feature-state. */
  setPositions(level: RegionLevel, positions: RampPositions): void {
    this.state.positions[level] = positions;
    this.writePositions(level);
  }

  setHovered(id: number | null): void {
    if (id === this.state.hovered) return;
    this.state.hovered = id;
    this.writeHighlight();
  }

  setSelected(id: number | null): void {
    this.state.selected = id;
    this.writeHighlight();
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
    for (const layer of [...(map.getStyle()?.layers ?? [])]) if (OUR_LAYERS.has(layer.id)) map.removeLayer(layer.id);
    for (const source of SOURCES) if (map.getSource(source)) map.removeSource(source);
    this.install();
  }

  private writePositions(level: RegionLevel): void {
    const positions = this.state.positions[level];
    if (!this.installed || !positions) return;
    for (const [id, position] of positions) this.map.setFeatureState({ source: level, id }, { position });
  }

  /** The selected region (thick) and the hovered one (thin), of the current level. */
  private highlightData(): FeatureCollection {
    const { featuresById, level, selected, hovered } = this.state;
    const features: Feature[] = [];
    for (const [id, kind] of [
      [selected, 'selected'],
      [hovered, 'hover'],
    ] as const) {
      const region = id === null ? undefined : featuresById[level].get(id);
      if (region && !(kind === 'hover' && id === selected)) features.push({ type: 'Feature', properties: { kind }, geometry: region.geometry });
    }
    return { type: 'FeatureCollection', features };
  }

  private writeHighlight(): void {
    if (this.installed) this.map.getSource<GeoJSONSource>('highlight')?.setData(this.highlightData());
  }
}

const OUR_LAYERS = new Set<string>([layerIds.land, ...LEVELS.map((level) => layerIds.fill(level)), layerIds.stateBorders, layerIds.highlight, layerIds.density, layerIds.pins]);
