/**
 * What the national risk map reads besides the region documents: the H3 facility-density
 * layer (docs/decisions/0017-h3-density.md), the geometry option of
 * `GET /geojson-cached/{level}`, and the map's configured base styles.
 */
import Type, { type Static } from 'typebox';
import { H3_DENSITY_RESOLUTIONS } from './constants.js';

export { H3_DENSITY_RESOLUTIONS };

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export type H3DensityResolution = (typeof H3_DENSITY_RESOLUTIONS)[number];
/** What `GET /h3-density` serves without `res`: counties-scale cells at national zoom. */
export const DEFAULT_H3_DENSITY_RESOLUTION: H3DensityResolution = 5;
/** Decimals of a cell centre: about 1 m, far below the smallest cell (resolution 7, edge about 1.2 km). */
export const H3_DENSITY_CENTRE_DECIMALS = 5;

export const H3DensityQuery = Type.Object({
  res: Type.Integer({
    minimum: H3_DENSITY_RESOLUTIONS[0],
    maximum: H3_DENSITY_RESOLUTIONS[H3_DENSITY_RESOLUTIONS.length - 1],
    default: DEFAULT_H3_DENSITY_RESOLUTION,
    description: 'H3 resolution: 4, 5, 6 or 7',
  }),
});
export type H3DensityQuery = Static<typeof H3DensityQuery>;

/**
 * One occupied cell: the centre comes with it so the browser can draw a heatmap of weighted
 * points without h3-js.
 */
export const H3DensityCell = Type.Tuple([
  Type.String({ description: 'H3 index (hex)' }),
  Type.Number({ description: 'longitude of the cell centre, 5 decimals' }),
  Type.Number({ description: 'latitude of the cell centre, 5 decimals' }),
  Type.Integer({ minimum: 1, description: 'facilities in the cell' }),
]);
export type H3DensityCell = Static<typeof H3DensityCell>;

/**
 * Facility counts per H3 cell of one resolution. Facilities without coordinates are not
 * counted, so `facility_count` is the number of located facilities, not the dataset total.
 */
export const H3DensityDocument = Type.Object({
  dataset_version: Type.Integer(),
  generated_at: Type.String({ format: 'date-time' }),
  resolution: Type.Integer({ minimum: 4, maximum: 7 }),
  cell_count: Type.Integer({ minimum: 0 }),
  /** Located facilities: the sum of the counts. */
  facility_count: Type.Integer({ minimum: 0 }),
  /** The largest count (0 when no facility is located), for the heatmap's weight scale. */
  max_count: Type.Integer({ minimum: 0 }),
  /** Occupied cells only, in H3 index order. */
  cells: Type.Array(H3DensityCell),
});
export type H3DensityDocument = Static<typeof H3DensityDocument>;

/**
 * `full`: the region documents as docs/product.md section 3 describes them. `none`: every
 * feature with `geometry: null`, for a map that draws its own cached us-atlas shapes and only
 * needs figures.
 */
export const RegionGeometry = Type.Enum(['full', 'none'], {
  default: 'full',
  description: 'full: with boundaries; none: every feature with geometry null (figures only)',
});
export type RegionGeometry = Static<typeof RegionGeometry>;

/** Base map styles beyond the local Light style; null when not configured. */
export const MapConfig = Type.Object({
  /** A MapLibre style JSON URL for the Streets style. */
  streets_style_url: Nullable(Type.String()),
  /** A raster XYZ tile URL template ({z}/{x}/{y}) for the Satellite style. */
  satellite_tiles_url: Nullable(Type.String()),
  /** Attribution shown with the satellite tiles. */
  satellite_attribution: Nullable(Type.String()),
});
export type MapConfig = Static<typeof MapConfig>;
