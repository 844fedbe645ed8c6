/**
 * The risk map's own sources and layers, as typed MapLibre specifications. MapOverlays
 * (map-overlays.ts) adds them over the base style's layers, in the order of OVERLAY_SOURCES.
 *
 * The fill expression never changes: a recolour writes each region's ramp position into
 * feature-state (color-scales.ts), which rewrites paint buffers only, whereas a new paint
 * expression that reads feature-state makes MapLibre lay out every tile again. County borders
 * are the fill's own antialiased outline rather than a second line layer, and the hover and
 * selection outlines are a small source holding just those regions.
 */
import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  FillLayerSpecification,
  HeatmapLayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
  VisibilitySpecification,
} from 'maplibre-gl';
import type { LocalPalette } from './base-styles';
import { FILL_COLOR_EXPRESSION, FILL_OPACITY, NO_RELEASE_DATA_COLOR } from './color-scales';
import type { RegionLevel } from '../../api/region-data';
import { coverageColor } from '../data-coverage/coverage-format';

export const REGION_LEVELS: readonly RegionLevel[] = ['states', 'counties'];

export const layerIds = {
  land: 'land',
  fill: (level: RegionLevel) => `${level}-fill`,
  stateBorders: 'state-borders',
  highlight: 'region-highlight',
  density: 'facility-density',
  coverage: 'data-coverage',
  pins: 'facility-pins',
  countyLabels: 'county-labels',
  stateLabels: 'state-labels',
  cityDots: 'city-dots',
  cityLabels: 'city-labels',
} as const;

/** Every source the overlays add, in drawing order; a region level's source is named after it. */
export const OVERLAY_SOURCES = [
  'land',
  'states',
  'counties',
  'state-borders',
  'coverage',
  'highlight',
  'density',
  'pins',
  'county-labels',
  'state-labels',
  'cities',
] as const;

/** The layers that write place names, drawn over everything else. */
export const LABEL_LAYERS = [layerIds.countyLabels, layerIds.stateLabels, layerIds.cityDots, layerIds.cityLabels] as const;

export const OVERLAY_LAYERS: ReadonlySet<string> = new Set([
  layerIds.land,
  ...REGION_LEVELS.map((level) => layerIds.fill(level)),
  layerIds.stateBorders,
  layerIds.coverage,
  layerIds.highlight,
  layerIds.density,
  layerIds.pins,
  ...LABEL_LAYERS,
]);

/**
 * How MapLibre's worker tiles the shapes. us-atlas boundaries are drawn at 1:10,000,000, so tiles
 * past zoom 10 would add no detail (MapLibre over-zooms them), and fills need only a small
 * buffer past each tile's edge. Fewer, smaller tiles mean a sooner first frame.
 */
export const REGION_TILING = { maxzoom: 10, buffer: 32, tolerance: 0.5 } as const;
/** Natural Earth 1:50m land: a background, simplified harder. */
export const LAND_TILING = { maxzoom: 8, buffer: 16, tolerance: 1 } as const;

export const visibility = (visible: boolean): VisibilitySpecification => (visible ? 'visible' : 'none');

export function landLayer(palette: LocalPalette): FillLayerSpecification {
  return { id: layerIds.land, type: 'fill', source: 'land', paint: { 'fill-color': palette.land } };
}

/** A level's regions, coloured from each one's feature-state position; only the shown level is visible. */
export function regionFillLayer(level: RegionLevel, palette: LocalPalette, visible: boolean): FillLayerSpecification {
  return {
    id: layerIds.fill(level),
    type: 'fill',
    source: level,
    layout: { visibility: visibility(visible) },
    paint: {
      'fill-color': FILL_COLOR_EXPRESSION,
      'fill-opacity': FILL_OPACITY,
      'fill-outline-color': level === 'states' ? palette.stateLine : palette.countyLine,
    },
  };
}

/** State borders over the counties, shown at the county level only. */
export function stateBordersLayer(palette: LocalPalette, visible: boolean): LineLayerSpecification {
  return {
    id: layerIds.stateBorders,
    type: 'line',
    source: 'state-borders',
    layout: { visibility: visibility(visible) },
    paint: { 'line-color': palette.stateLine, 'line-width': 0.8 },
  };
}

/**
 * The "Data coverage" layer: each state in the colour of its class (real, partly real,
 * generated, or none without records), opaque enough to hide the metric's fill beneath.
 */
export function coverageLayer(visible: boolean): FillLayerSpecification {
  const match: ExpressionSpecification = [
    'match',
    ['get', 'coverage'],
    'real',
    coverageColor('real'),
    'partly_real',
    coverageColor('partly_real'),
    'generated',
    coverageColor('generated'),
    coverageColor('none'),
  ];
  return {
    id: layerIds.coverage,
    type: 'fill',
    source: 'coverage',
    layout: { visibility: visibility(visible) },
    paint: { 'fill-color': match, 'fill-opacity': 0.85, 'fill-outline-color': '#ffffff' },
  };
}

/** The selected region's outline (thick) and the hovered one's (thin). */
export function highlightLayer(palette: LocalPalette): LineLayerSpecification {
  return {
    id: layerIds.highlight,
    type: 'line',
    source: 'highlight',
    paint: { 'line-color': palette.selectedLine, 'line-width': ['match', ['get', 'kind'], 'selected', 3, 1.5] },
  };
}

/** Each cell's weight: its count relative to the largest cell's. */
export const densityWeight = (maxCount: number): ExpressionSpecification => ['/', ['get', 'count'], maxCount];

export function densityLayer(visible: boolean, maxCount: number): HeatmapLayerSpecification {
  return {
    id: layerIds.density,
    type: 'heatmap',
    source: 'density',
    layout: { visibility: visibility(visible) },
    paint: {
      'heatmap-weight': densityWeight(maxCount),
      'heatmap-intensity': ['interpolate', ['linear'], ['zoom'], 3, 1, 9, 3],
      'heatmap-radius': ['interpolate', ['linear'], ['zoom'], 3, 8, 7, 18, 10, 30],
      'heatmap-opacity': 0.8,
    },
  };
}

/**
 * The selected region's facilities: red for a facility that has had a leak, blue otherwise, and
 * the "no release data" colour where the state's source does not report leaks.
 */
export const PIN_LAYER: CircleLayerSpecification = {
  id: layerIds.pins,
  type: 'circle',
  source: 'pins',
  paint: {
    'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3, 10, 6],
    'circle-color': ['case', ['!', ['get', 'leak_reported']], NO_RELEASE_DATA_COLOR, ['get', 'has_leak'], '#b91c1c', '#1d4ed8'],
    'circle-stroke-color': '#ffffff',
    'circle-stroke-width': 1,
  },
};

/** The label fonts (web/scripts/glyphs/glyph-ranges.ts, LABEL_FONTS). */
export const LABEL_FONTS = { regular: ['NotoSans-Regular'], bold: ['NotoSans-Bold'] } as const;

/**
 * The zooms that show each kind of name. A county name fits its county from zoom 7 (a county is
 * then some 40 pixels wide); state names give way to the counties' past zoom 8.
 */
export const LABEL_ZOOMS = { states: { min: 3, max: 8.5 }, counties: { min: 7, max: 24 } } as const;

/**
 * How many of the largest cities each zoom names: a handful across the whole country, all of
 * them once a view covers a state or two. MapLibre still hides any name that would collide.
 */
export const CITY_RANK_BY_ZOOM: readonly (readonly [zoom: number, cities: number])[] = [
  [0, 12],
  [4.5, 30],
  [5.5, 80],
  [6.5, 200],
];

/** The number of cities named at a zoom (the step expression's rule, for tests and tools). */
export function citiesShownAt(zoom: number): number {
  let shown = 0;
  for (const [from, cities] of CITY_RANK_BY_ZOOM) if (zoom >= from) shown = cities;
  return shown;
}

const cityRankLimit: ExpressionSpecification = ['step', ['zoom'], CITY_RANK_BY_ZOOM[0]![1], ...CITY_RANK_BY_ZOOM.slice(1).flat()];
const CITY_FILTER: ExpressionSpecification = ['<=', ['get', 'rank'], cityRankLimit];

function halo(palette: LocalPalette, colour: string) {
  return { 'text-color': colour, 'text-halo-color': palette.textHalo, 'text-halo-width': 1.6, 'text-halo-blur': 0.4 };
}

/** County names, at the county level and from the zoom where they fit. */
export function countyLabelLayer(palette: LocalPalette, visible: boolean): SymbolLayerSpecification {
  return {
    id: layerIds.countyLabels,
    type: 'symbol',
    source: 'county-labels',
    minzoom: LABEL_ZOOMS.counties.min,
    layout: {
      visibility: visibility(visible),
      'text-field': ['get', 'name'],
      'text-font': [...LABEL_FONTS.regular],
      'text-size': ['interpolate', ['linear'], ['zoom'], 7, 11, 10, 14],
      'text-max-width': 7,
      'text-padding': 4,
    },
    paint: halo(palette, palette.regionText),
  };
}

/** State names, spaced capitals as on a printed map, until the counties take over. */
export function stateLabelLayer(palette: LocalPalette): SymbolLayerSpecification {
  return {
    id: layerIds.stateLabels,
    type: 'symbol',
    source: 'state-labels',
    minzoom: LABEL_ZOOMS.states.min,
    maxzoom: LABEL_ZOOMS.states.max,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [...LABEL_FONTS.bold],
      'text-transform': 'uppercase',
      'text-letter-spacing': 0.08,
      'text-size': ['interpolate', ['linear'], ['zoom'], 3, 9, 5, 11, 7, 14],
      'text-max-width': 8,
      'text-padding': 6,
    },
    paint: halo(palette, palette.regionText),
  };
}

/** A dot at each city the zoom names, so a name set beside it points at the place; gone once streets would show. */
export function cityDotLayer(palette: LocalPalette): CircleLayerSpecification {
  return {
    id: layerIds.cityDots,
    type: 'circle',
    source: 'cities',
    maxzoom: 9,
    filter: CITY_FILTER,
    paint: { 'circle-radius': 2.5, 'circle-color': palette.placeText, 'circle-stroke-color': palette.textHalo, 'circle-stroke-width': 1 },
  };
}

/** City names beside their dots, larger cities first when names collide. */
export function cityLabelLayer(palette: LocalPalette): SymbolLayerSpecification {
  return {
    id: layerIds.cityLabels,
    type: 'symbol',
    source: 'cities',
    filter: CITY_FILTER,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [...LABEL_FONTS.bold],
      'text-size': ['interpolate', ['linear'], ['zoom'], 3, ['case', ['<=', ['get', 'rank'], 12], 12, 10.5], 8, ['case', ['<=', ['get', 'rank'], 12], 15, 13]],
      'symbol-sort-key': ['get', 'rank'],
      'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
      'text-radial-offset': 0.45,
      'text-justify': 'auto',
      'text-padding': 3,
    },
    paint: halo(palette, palette.placeText),
  };
}
