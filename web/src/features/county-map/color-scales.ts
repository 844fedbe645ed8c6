/**
 * The map's colour scales (docs/product.md section 2, 'Color Scale'). Each scale turns the
 * regions' values into five stops of one ramp from Low to High; only values above 0 count when
 * the stops are placed, and 0 (or no data) is drawn neutral grey. A region whose sources have
 * no release table is drawn in its own colour for the leak metrics
 * (docs/decisions/0037-leaks-not-reported.md): its leak rate is unknown, not 0.
 *
 * The map does not get a new expression per metric or scale: MapLibre re-lays out every tile
 * when a feature-state-driven paint expression changes. Instead each region's value becomes its
 * position on the ramp (0-1, or -1 for grey) in feature-state, and one constant expression
 * (FILL_COLOR_EXPRESSION) turns positions into colours, so a recolour only rewrites paint
 * buffers. colorFor gives the same colour in plain code for the legend and the tests.
 */
import type { ExpressionSpecification } from 'maplibre-gl';

export type ColorScaleKind = 'percentile' | 'linear' | 'quartile' | 'log';

export const COLOR_SCALES: readonly { kind: ColorScaleKind; label: string }[] = [
  { kind: 'percentile', label: 'Percentile (5th-95th)' },
  { kind: 'linear', label: 'Linear (0 to Max)' },
  { kind: 'quartile', label: 'Quartile (Q1-Q3)' },
  { kind: 'log', label: 'Logarithmic' },
];

export const DEFAULT_COLOR_SCALE: ColorScaleKind = 'percentile';

/** Low to High: blue, green, yellow, orange, red (ColorBrewer Spectral, reversed). */
export const RAMP = ['#2b83ba', '#abdda4', '#ffffbf', '#fdae61', '#d7191c'] as const;
/** Regions whose value is 0 or unknown. */
export const NEUTRAL_GREY = '#bdbdbd';
/** Regions without release data, for a metric that needs it: unknown, unlike the grey of 0. */
export const NO_RELEASE_DATA_COLOR = '#9e8fb8';
/** docs/product.md section 2: the regions' fill opacity 0.7 (the base map shows through). */
export const FILL_OPACITY = 0.7;
/** The logarithmic scale's floor, so tiny rates do not stretch it to minus infinity. */
export const LOG_MINIMUM = 0.001;

export interface ColorScale {
  kind: ColorScaleKind;
  /** Five ascending domain values, one per ramp colour (natural logs for the log scale). */
  stops: number[];
  /** The lowest and highest value the ramp spans, in the metric's own units, for the legend. */
  low: number;
  high: number;
  /** How many regions had a value above 0. */
  counted: number;
}

/** The q-quantile (0-1) of sorted values, interpolating between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export function buildColorScale(kind: ColorScaleKind, values: Iterable<number>): ColorScale {
  const positive = [...values].filter((value) => Number.isFinite(value) && value > 0).sort((a, b) => a - b);
  const max = positive.at(-1) ?? 1;
  const counted = positive.length;
  switch (kind) {
    case 'linear':
      return { kind, stops: evenly(0, max), low: 0, high: max, counted };
    case 'percentile': {
      // The median sits in the middle of the ramp, so half the regions are on each side of yellow.
      const [p5, p50, p95] = [0.05, 0.5, 0.95].map((q) => quantile(positive, q)) as [number, number, number];
      return { kind, stops: ascending([p5, (p5 + p50) / 2, p50, (p50 + p95) / 2, p95]), low: p5, high: p95, counted };
    }
    case 'quartile': {
      const [q1, q2, q3] = [0.25, 0.5, 0.75].map((q) => quantile(positive, q)) as [number, number, number];
      return { kind, stops: ascending([q1, (q1 + q2) / 2, q2, (q2 + q3) / 2, q3]), low: q1, high: q3, counted };
    }
    case 'log': {
      const low = Math.max(positive[0] ?? LOG_MINIMUM, LOG_MINIMUM);
      const high = Math.max(max, low);
      return { kind, stops: ascending(evenly(Math.log(low), Math.log(high))), low, high, counted };
    }
  }
}

function evenly(from: number, to: number): number[] {
  return RAMP.map((_, index) => from + ((to - from) * index) / (RAMP.length - 1));
}

/**
 * MapLibre's interpolate needs strictly ascending stops. When regions share values (a scale
 * over three counties, or all zeros) the stops are nudged apart by a hair, which changes no
 * colour anyone can see.
 */
function ascending(stops: number[]): number[] {
  const nudge = Math.max(Math.abs(stops.at(-1) ?? 0), 1) * 1e-9;
  for (let index = 1; index < stops.length; index += 1) {
    if (stops[index]! <= stops[index - 1]!) stops[index] = stops[index - 1]! + nudge;
  }
  return stops;
}

/** Where a value sits on the scale's axis (the natural log for the log scale). */
function axisValue(scale: ColorScale, value: number): number {
  return scale.kind === 'log' ? Math.log(Math.max(value, LOG_MINIMUM)) : value;
}

/** The colour the map draws for a value: grey at 0, else the ramp, clamped at both ends. */
export function colorFor(scale: ColorScale, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return NEUTRAL_GREY;
  const axis = axisValue(scale, value);
  const { stops } = scale;
  if (axis <= stops[0]!) return RAMP[0];
  for (let index = 1; index < stops.length; index += 1) {
    if (axis <= stops[index]!) {
      const t = (axis - stops[index - 1]!) / (stops[index]! - stops[index - 1]!);
      return mixHex(RAMP[index - 1]!, RAMP[index]!, t);
    }
  }
  return RAMP[4];
}

/** The ramp position a grey region gets. */
export const GREY_POSITION = -1;
/** The ramp position of a region without release data (NO_RELEASE_DATA_COLOR). */
export const NO_RELEASE_DATA_POSITION = -2;

/**
 * Where a value sits on the ramp: 0 at the first stop, 0.25 per stop after it, 1 at the last,
 * clamped; GREY_POSITION for 0 or no data. Interpolating the ramp's colours evenly over this
 * position is the same as interpolating them over the scale's stops.
 */
export function rampPosition(scale: ColorScale, value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return GREY_POSITION;
  const axis = axisValue(scale, value);
  const { stops } = scale;
  if (axis <= stops[0]!) return 0;
  const segments = stops.length - 1;
  for (let index = 1; index < stops.length; index += 1) {
    if (axis <= stops[index]!) return (index - 1 + (axis - stops[index - 1]!) / (stops[index]! - stops[index - 1]!)) / segments;
  }
  return 1;
}

/**
 * The regions' fill: the no-release-data colour at its position, grey below 0, else the ramp
 * over the ramp position in feature-state.
 */
export const FILL_COLOR_EXPRESSION: ExpressionSpecification = [
  'case',
  ['<', ['to-number', ['coalesce', ['feature-state', 'position'], GREY_POSITION]], (GREY_POSITION + NO_RELEASE_DATA_POSITION) / 2],
  NO_RELEASE_DATA_COLOR,
  ['<', ['to-number', ['coalesce', ['feature-state', 'position'], GREY_POSITION]], 0],
  NEUTRAL_GREY,
  [
    'interpolate',
    ['linear'],
    ['to-number', ['feature-state', 'position']],
    ...RAMP.flatMap((color, index) => [index / (RAMP.length - 1), color]),
  ] as ExpressionSpecification,
];

export function parseHex(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  return [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16)) as [number, number, number];
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

export function mixHex(from: string, to: string, t: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((channel, index) => channel + (b[index]! - channel) * t));
}

/** What a translucent fill over a background looks like on screen: the expected pixel. */
export function blendOver(fill: string, background: string, opacity: number): [number, number, number] {
  const top = parseHex(fill);
  const bottom = parseHex(background);
  return top.map((channel, index) => Math.round(channel * opacity + bottom[index]! * (1 - opacity))) as [number, number, number];
}

/** The legend's CSS gradient, Low to High. */
export const RAMP_GRADIENT = `linear-gradient(to right, ${RAMP.join(', ')})`;
