/**
 * The region documents of the map: every us-atlas state or county as a GeoJSON feature with
 * its RegionProperties, plus a `metadata` member, and a variant of each without geometry. Stored
 * gzipped with an ETag so the API serves the bytes as they are (docs/data-model.md, 'Cache
 * layout').
 */
import { loadRegionShapes, REGION_COORDINATE_DECIMALS, STATE_CODES, type RegionLevel } from '@ust/domain';
import type { RegionDocument, RegionDocumentMetadata, RegionFeature, SourceCounts } from '@ust/schemas';
import { regionFigures, type RegionFigures } from './region-figures.js';

export type { RegionDocument, RegionDocumentMetadata, RegionFeature };

/**
 * One feature per us-atlas region, sorted by FIPS. `figuresOf` gives a region's figures by
 * FIPS, or undefined for a region without data: it then appears with zeros.
 */
export function buildRegionDocument(
  level: RegionLevel,
  figuresOf: (fips: string) => RegionFigures | undefined,
  about: { dataset_version: number; generated_at: string; sources: SourceCounts },
): RegionDocument {
  const empty = regionFigures(undefined, undefined);
  const features = loadRegionShapes(level).map((shape): RegionFeature => {
    const stateFips = shape.fips.slice(0, 2);
    const state = STATE_CODES[stateFips];
    const names =
      level === 'states'
        ? { NAME: state?.name ?? shape.name, STATE: state?.name ?? shape.name, state: state?.code ?? '', COUNTY: '', GEO_ID: `0400000US${shape.fips}` }
        : { NAME: shape.name, STATE: state?.code ?? '', state: state?.code ?? '', COUNTY: shape.name, GEO_ID: `0500000US${shape.fips}` };
    return { type: 'Feature', id: shape.fips, properties: { ...names, ...(figuresOf(shape.fips) ?? empty) }, geometry: shape.geometry };
  });
  return {
    type: 'FeatureCollection',
    metadata: { ...about, level, feature_count: features.length, coordinate_decimals: REGION_COORDINATE_DECIMALS },
    features,
  };
}

/**
 * The same document with `geometry: null` in every feature (valid GeoJSON): for a map that
 * draws its own cached us-atlas shapes and joins the figures by `id`.
 */
export function withoutGeometry(document: RegionDocument): RegionDocument {
  return { ...document, features: document.features.map((feature) => ({ ...feature, geometry: null })) };
}
