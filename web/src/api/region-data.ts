/**
 * The figures of every state or county, from GET /api/geojson-cached/{level} without geometry
 * (the map draws its own static shapes). Kept 5 minutes per level in session storage
 * (docs/product.md section 9); a stored copy that cannot be read is dropped, logged and fetched
 * again (section 8).
 */
import type { RegionLevel, RegionProperties, SourceCounts } from '@ust/schemas';
import type { ApiClient } from './client';
import { readSessionCache, writeSessionCache } from './session-cache';
import type { ClientLogger } from '../telemetry';

export type { RegionLevel };

export const BOUNDARY_LEVELS: readonly { level: RegionLevel; label: string }[] = [
  { level: 'states', label: 'States' },
  { level: 'counties', label: 'Counties' },
];

export const DEFAULT_LEVEL: RegionLevel = 'counties';

/** docs/product.md section 9: map data cache 5 minutes per level. */
export const REGION_DATA_CACHE_MS = 5 * 60_000;

export interface RegionFiguresFeature {
  type: 'Feature';
  /** 2-digit state or 5-digit county FIPS. */
  id: string;
  properties: RegionProperties;
  geometry: null;
}

export interface RegionFiguresDocument {
  type: 'FeatureCollection';
  metadata: { dataset_version: number; generated_at: string; level: RegionLevel; feature_count: number; sources: SourceCounts };
  features: RegionFiguresFeature[];
}

/** Region figures by FIPS, with the document they came from. */
export interface RegionFigures {
  level: RegionLevel;
  document: RegionFiguresDocument;
  byFips: ReadonlyMap<string, RegionProperties>;
}

export function regionDataPath(level: RegionLevel): string {
  return `/geojson-cached/${level}?filter_type=base&min_facility_count=1&geometry=none`;
}

export function regionCacheKey(level: RegionLevel): string {
  return `ust-map-regions:${level}`;
}

function isFiguresDocument(value: unknown, level: RegionLevel): value is RegionFiguresDocument {
  const document = value as Partial<RegionFiguresDocument> | null;
  return (
    typeof document === 'object' &&
    document !== null &&
    document.type === 'FeatureCollection' &&
    document.metadata?.level === level &&
    Array.isArray(document.features) &&
    document.features.every((feature) => typeof feature?.id === 'string' && typeof feature.properties?.GEO_ID === 'string')
  );
}

export function indexFigures(level: RegionLevel, document: RegionFiguresDocument): RegionFigures {
  return { level, document, byFips: new Map(document.features.map((feature) => [feature.id, feature.properties])) };
}

export interface RegionDataDeps {
  api: Pick<ApiClient, 'get'>;
  storage: Storage | undefined;
  logger: Pick<ClientLogger, 'warn'>;
  now: () => number;
}

/**
 * The stored copy if it is fresh and readable; otherwise the API's, stored for next time. A
 * copy that parses but is not this level's document (an older app's, a truncated write) counts
 * as unreadable.
 */
export async function loadRegionFigures(level: RegionLevel, deps: RegionDataDeps, signal?: AbortSignal): Promise<RegionFigures> {
  const key = regionCacheKey(level);
  const stored = safeGet(deps.storage, key);
  const cached = readSessionCache<unknown>(deps.storage, key, REGION_DATA_CACHE_MS, deps.now());
  if (cached && isFiguresDocument(cached.value, level)) return indexFigures(level, cached.value);
  // readSessionCache drops an entry it cannot parse; an expired one stays and is simply replaced.
  const unparsable = stored !== null && safeGet(deps.storage, key) === null;
  if (cached || unparsable) {
    deps.logger.warn('MAP', 'Cached map data could not be read; fetching it again', { level });
    deps.storage?.removeItem(key);
  }
  const document = await deps.api.get<RegionFiguresDocument>(regionDataPath(level), { signal });
  if (!isFiguresDocument(document, level)) throw new Error(`The ${level} figures are not a region document`);
  writeSessionCache(deps.storage, key, document, deps.now());
  return indexFigures(level, document);
}

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
