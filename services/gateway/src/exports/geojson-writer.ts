/**
 * A GeoJSON FeatureCollection written as it is read: the features leave in chunks as the rows
 * arrive, so a region's list is never one string. Coordinates are [longitude, latitude]
 * (RFC 7946); a row without both has geometry null.
 */

const FEATURES_PER_CHUNK = 256;

export interface PointFeature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
}

/** A Point feature at `longitude`, `latitude`, or one without geometry when either is missing. */
export function pointFeature(id: string, longitude: number | null, latitude: number | null, properties: Record<string, unknown>): PointFeature {
  const located = longitude !== null && latitude !== null && Number.isFinite(longitude) && Number.isFinite(latitude);
  return { type: 'Feature', id, geometry: located ? { type: 'Point', coordinates: [longitude, latitude] } : null, properties };
}

export async function* featureCollectionChunks<Row>(rows: AsyncIterable<Row> | Iterable<Row>, toFeature: (row: Row) => PointFeature): AsyncGenerator<string> {
  let chunk = '{"type":"FeatureCollection","features":[';
  let count = 0;
  for await (const row of rows) {
    chunk += (count > 0 ? ',' : '') + JSON.stringify(toFeature(row));
    if (++count % FEATURES_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}]}`;
}
