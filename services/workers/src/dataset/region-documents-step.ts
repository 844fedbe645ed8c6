/**
 * A rebuild step: the states and counties documents of the map (region-documents.ts), each with
 * its variant without geometry, from the version's region aggregates, gzipped with an ETag.
 */
import { stateFipsOf, type RegionLevel } from '@ust/domain';
import type { Cache, Logger } from '@ust/platform';
import { datasetKeys, encodeStoredDocument, storedSize, type StoredDocumentSize } from '@ust/read-model';
import { JobNames, type SourceCounts } from '@ust/schemas';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';
import { buildRegionDocument, withoutGeometry } from './region-documents.js';
import { indexAggregates, mergeFacilityAggregates, mergeReleaseAggregates, regionFigures, type RegionFigures } from './region-figures.js';
import { kilobytes, type RebuildSteps } from './rebuild-steps.js';

export interface RegionAggregates {
  stateFacilities: FacilityAggregateRow[];
  countyFacilities: FacilityAggregateRow[];
  stateReleases: ReleaseAggregateRow[];
  countyReleases: ReleaseAggregateRow[];
}

/** A stored region document; `withoutGeometry` is the `?geometry=none` variant. */
export type StoredRegionDocument = StoredDocumentSize & { withoutGeometry: StoredDocumentSize };

export async function writeRegionDocuments(
  cache: Cache,
  log: Logger,
  steps: RebuildSteps,
  aggregates: RegionAggregates,
  about: { dataset_version: number; generated_at: string; sources: SourceCounts },
): Promise<Record<RegionLevel, StoredRegionDocument>> {
  const version = about.dataset_version;
  const figures: Record<RegionLevel, (fips: string) => RegionFigures | undefined> = {
    states: figuresByRegion(
      indexAggregates(aggregates.stateFacilities, (code) => stateFipsOf(code) ?? undefined, mergeFacilityAggregates),
      indexAggregates(aggregates.stateReleases, (code) => stateFipsOf(code) ?? undefined, mergeReleaseAggregates),
    ),
    counties: figuresByRegion(
      indexAggregates(aggregates.countyFacilities, (fips) => fips, mergeFacilityAggregates),
      indexAggregates(aggregates.countyReleases, (fips) => fips, mergeReleaseAggregates),
    ),
  };
  const documents = {} as Record<RegionLevel, StoredRegionDocument>;
  for (const level of ['states', 'counties'] as const) {
    const encoded = await steps.run(
      `${level} document`,
      async () => {
        const document = buildRegionDocument(level, figures[level], about);
        const full = await encodeStoredDocument(document);
        const none = await encodeStoredDocument(withoutGeometry(document));
        await cache.setMany([
          [datasetKeys.regionDocument(version, level), full.gzip],
          [datasetKeys.regionDocumentEtag(version, level), full.etag],
          [datasetKeys.regionDocument(version, level, 'none'), none.gzip],
          [datasetKeys.regionDocumentEtag(version, level, 'none'), none.etag],
        ]);
        return { full, none, features: document.features.length };
      },
      (result) => result.features,
    );
    documents[level] = { ...storedSize(encoded.full), withoutGeometry: storedSize(encoded.none) };
    log.info(
      {
        job: JobNames.rebuildDataset,
        version,
        level,
        gzipBytes: documents[level].gzipBytes,
        withoutGeometryGzipBytes: documents[level].withoutGeometry.gzipBytes,
      },
      `rebuild v${version}: ${level} document ${kilobytes(documents[level].gzipBytes)} gzipped, ${kilobytes(documents[level].withoutGeometry.gzipBytes)} without geometry`,
    );
  }
  return documents;
}

function figuresByRegion(
  facilities: Map<string, FacilityAggregateRow>,
  releases: Map<string, ReleaseAggregateRow>,
): (fips: string) => RegionFigures | undefined {
  return (fips) => {
    const facility = facilities.get(fips);
    const release = releases.get(fips);
    return facility || release ? regionFigures(facility, release) : undefined;
  };
}
