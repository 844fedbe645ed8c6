/**
 * Everything the risk map draws over its base style, kept as the state it should show and
 * (re)installed whole whenever a style loads, since MapLibre drops sources, layers and
 * feature-state with the style. The layers themselves, and why they are drawn so, are in
 * layers.ts.
 */
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Point, Polygon } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { CoverageClass } from '@ust/schemas';
import type { LocalPalette } from './base-styles';
import {
  cityDotLayer,
  cityLabelLayer,
  countyLabelLayer,
  densityLayer,
  densityWeight,
  coverageLayer,
  highlightLayer,
  LAND_TILING,
  landLayer,
  layerIds,
  OVERLAY_LAYERS,
  OVERLAY_SOURCES,
  PIN_LAYER,
  REGION_LEVELS,
  REGION_TILING,
  regionFillLayer,
  stateBordersLayer,
  stateLabelLayer,
  visibility,
} from './layers';
import type { PlaceLabels } from './map-labels';
import type { RegionLevel } from '../../api/region-data';
import type { MapGeometry, RegionFeatureProperties } from './region-geometry';

export interface PinProperties {
  id: string;
  name: string;
  has_leak: boolean;
  /** False when the facility's state source has no release table: its pin is neither red nor blue. */
  leak_reported: boolean;
}

export type PinFeatures = FeatureCollection<Point, PinProperties>;

/** The states' shapes with their coverage class ('none' without records) and USPS code (coverage-features.ts). */
export type CoverageFeatures = FeatureCollection<Polygon | MultiPolygon, { coverage: CoverageClass | 'none'; state: string }>;

/** Facility counts per H3 cell centre (GET /api/h3-density), weighted by count. */
export type DensityFeatures = FeatureCollection<Point, { count: number }>;

/** Each region's position on the colour ramp (color-scales.ts, rampPosition), by feature id. */
export type RampPositions = ReadonlyMap<number, number>;

type RegionFeature = Feature<Polygon | MultiPolygon, RegionFeatureProperties>;

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

interface OverlayState {
  geometry: MapGeometry | null;
  /** Each level's features by id, for the highlight source. */
  featuresById: Record<RegionLevel, Map<number, RegionFeature>>;
  land: FeatureCollection<Geometry> | null;
  drawsLand: boolean;
  /** Whether the base style has the app's glyphs, so the overlays can write place names. */
  drawsLabels: boolean;
  labels: PlaceLabels | null;
  palette: LocalPalette;
  level: RegionLevel;
  positions: Partial<Record<RegionLevel, RampPositions>>;
  hovered: number | null;
  selected: number | null;
  pins: PinFeatures | null;
  density: DensityFeatures | null;
  densityVisible: boolean;
  densityMax: number;
  coverage: CoverageFeatures | null;
  coverageVisible: boolean;
}

export class MapOverlays {
  private readonly state: OverlayState;
  private installed = false;

  constructor(
    private readonly map: MapLibreMap,
    initial: Pick<OverlayState, 'palette' | 'drawsLand' | 'drawsLabels' | 'level'>,
  ) {
    this.state = {
      geometry: null,
      featuresById: { states: new Map(), counties: new Map() },
      land: null,
      labels: null,
      positions: {},
      hovered: null,
      selected: null,
      pins: null,
      density: null,
      densityVisible: false,
      densityMax: 1,
      coverage: null,
      coverageVisible: false,
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
      map.addLayer(landLayer(state.palette));
    }
    for (const level of REGION_LEVELS) {
      map.addSource(level, { type: 'geojson', data: state.geometry.regions[level], ...REGION_TILING });
      map.addLayer(regionFillLayer(level, state.palette, level === state.level));
    }
    map.addSource('state-borders', { type: 'geojson', data: state.geometry.stateBorders });
    map.addLayer(stateBordersLayer(state.palette, state.level === 'counties'));
    map.addSource('coverage', { type: 'geojson', data: state.coverage ?? EMPTY, ...REGION_TILING });
    map.addLayer(coverageLayer(state.coverageVisible));
    map.addSource('highlight', { type: 'geojson', data: this.highlightData() });
    map.addLayer(highlightLayer(state.palette));
    map.addSource('density', { type: 'geojson', data: state.density ?? EMPTY });
    map.addLayer(densityLayer(state.densityVisible, state.densityMax));
    map.addSource('pins', { type: 'geojson', data: state.pins ?? EMPTY });
    map.addLayer(PIN_LAYER);
    if (state.drawsLabels) this.installLabels();
    this.installed = true;
    for (const level of REGION_LEVELS) this.writePositions(level);
  }

  /** Names over everything: counties first, so the states' and then the cities' win a collision. */
  private installLabels(): void {
    const { map, state } = this;
    map.addSource('county-labels', { type: 'geojson', data: state.labels?.counties ?? EMPTY });
    map.addLayer(countyLabelLayer(state.palette, state.level === 'counties'));
    map.addSource('state-labels', { type: 'geojson', data: state.labels?.states ?? EMPTY });
    map.addLayer(stateLabelLayer(state.palette));
    map.addSource('cities', { type: 'geojson', data: state.labels?.cities ?? EMPTY });
    map.addLayer(cityDotLayer(state.palette));
    map.addLayer(cityLabelLayer(state.palette));
  }

  setLabels(labels: PlaceLabels): void {
    this.state.labels = labels;
    if (!this.installed) return;
    this.map.getSource<GeoJSONSource>('county-labels')?.setData(labels.counties);
    this.map.getSource<GeoJSONSource>('state-labels')?.setData(labels.states);
    this.map.getSource<GeoJSONSource>('cities')?.setData(labels.cities);
  }

  setGeometry(geometry: MapGeometry, land: FeatureCollection<Geometry> | null): void {
    this.state.geometry = geometry;
    for (const level of REGION_LEVELS)
      this.state.featuresById[level] = new Map(geometry.regions[level].features.map((feature) => [feature.id as number, feature]));
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
  setBase(palette: LocalPalette, drawsLand: boolean, drawsLabels: boolean): void {
    this.state.palette = palette;
    this.state.drawsLand = drawsLand;
    this.state.drawsLabels = drawsLabels;
  }

  /** Hover and selection belong to a level: the caller clears them before switching. */
  setLevel(level: RegionLevel): void {
    this.state.level = level;
    if (!this.installed) return;
    for (const each of REGION_LEVELS) this.map.setLayoutProperty(layerIds.fill(each), 'visibility', visibility(each === level));
    this.map.setLayoutProperty(layerIds.stateBorders, 'visibility', visibility(level === 'counties'));
    if (this.map.getLayer(layerIds.countyLabels)) this.map.setLayoutProperty(layerIds.countyLabels, 'visibility', visibility(level === 'counties'));
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
      map.setPaintProperty(layerIds.density, 'heatmap-weight', densityWeight(max));
    }
    map.setLayoutProperty(layerIds.density, 'visibility', visibility(visible));
  }

  setCoverage(coverage: CoverageFeatures | null, visible: boolean): void {
    const { state, map } = this;
    const changed = coverage !== state.coverage;
    state.coverage = coverage;
    state.coverageVisible = visible;
    if (!this.installed) return;
    if (changed) map.getSource<GeoJSONSource>('coverage')?.setData(coverage ?? EMPTY);
    map.setLayoutProperty(layerIds.coverage, 'visibility', visibility(visible));
  }

  private reinstall(): void {
    const { map } = this;
    for (const layer of [...(map.getStyle()?.layers ?? [])]) if (OVERLAY_LAYERS.has(layer.id)) map.removeLayer(layer.id);
    for (const source of OVERLAY_SOURCES) if (map.getSource(source)) map.removeSource(source);
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
