/**
 * The map's region documents (docs/product.md section 3): every us-atlas state or county as a
 * GeoJSON feature with its RegionProperties, plus a `metadata` member. The workers prebuild
 * them per level, with and without boundaries, and `GET /geojson-cached/{level}` sends the
 * stored bytes.
 */
import Type, { type Static } from 'typebox';
import { REGION_LEVELS } from './constants.js';
import { RegionProperties, SourceCounts } from './facility-data.js';
import { RegionGeometry } from './map.js';

export { REGION_LEVELS };

export const RegionLevel = Type.Enum(REGION_LEVELS, { description: 'Boundary level' });
export type RegionLevel = Static<typeof RegionLevel>;

export const RegionDocumentParams = Type.Object({ level: RegionLevel });
export type RegionDocumentParams = Static<typeof RegionDocumentParams>;

export const RegionDocumentQuery = Type.Object({
  filter_type: Type.Enum(['base'], { default: 'base' }),
  min_facility_count: Type.Integer({ minimum: 0, maximum: 1, default: 1, description: 'Regions below it are marked has_facility_data: false' }),
  geometry: RegionGeometry,
});
export type RegionDocumentQuery = Static<typeof RegionDocumentQuery>;

/** RFC 7946: [longitude, latitude], rounded to `metadata.coordinate_decimals`. */
const Position = Type.Array(Type.Number(), { minItems: 2 });
/** Closed: the first position repeated last. */
const LinearRing = Type.Array(Position, { minItems: 4 });
const PolygonCoordinates = Type.Array(LinearRing, { minItems: 1 });

/** A region's boundary: us-atlas shapes at 1:10,000,000, coordinates rounded. */
export const RegionBoundary = Type.Union([
  Type.Object({ type: Type.Literal('Polygon'), coordinates: PolygonCoordinates }),
  Type.Object({ type: Type.Literal('MultiPolygon'), coordinates: Type.Array(PolygonCoordinates, { minItems: 1 }) }),
]);
export type RegionBoundary = Static<typeof RegionBoundary>;

export const RegionFeature = Type.Object({
  type: Type.Literal('Feature'),
  /** 2-digit state or 5-digit county FIPS. */
  id: Type.String(),
  properties: RegionProperties,
  /** Null in the variant without boundaries (`?geometry=none`). */
  geometry: Type.Union([RegionBoundary, Type.Null()]),
});
export type RegionFeature = Static<typeof RegionFeature>;

export const RegionDocumentMetadata = Type.Object({
  dataset_version: Type.Integer(),
  generated_at: Type.String({ format: 'date-time' }),
  level: RegionLevel,
  feature_count: Type.Integer({ minimum: 0 }),
  /** Facilities and releases of the whole dataset by origin (real files vs generated). */
  sources: SourceCounts,
  coordinate_decimals: Type.Integer({ minimum: 0 }),
});
export type RegionDocumentMetadata = Static<typeof RegionDocumentMetadata>;

/** One feature per us-atlas region, sorted by FIPS; a region without data has zeros. */
export const RegionDocument = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    metadata: RegionDocumentMetadata,
    features: Type.Array(RegionFeature),
  },
  { description: 'GeoJSON FeatureCollection (RegionProperties per feature) with a metadata block' },
);
export type RegionDocument = Static<typeof RegionDocument>;
