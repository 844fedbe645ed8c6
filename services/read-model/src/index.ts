export {
  DATASET_POINTER_KEY,
  NEXT_VERSION_KEY,
  PRUNED_BELOW_KEY,
  SEARCH_ITEMS_PREFIX,
  datasetVersionPrefix,
  datasetVersionOfKey,
  datasetKeys,
  searchKeys,
  dialogBodyKeys,
  userCacheKey,
  userStateCacheKey,
  userAlertsCacheKey,
} from './keys.js';
export { agesAsOfBuild, DERIVED_DATA_FORMAT, riskModelOfBuild, type DatasetBuildMeta } from './dataset-meta.js';
export {
  readCurrentVersion,
  readStatistics,
  readDatasetMeta,
  readRegionDocument,
  readH3DensityDocument,
  readCountyFacilities,
  readCountyFacilitiesDocument,
  readStateFacilities,
  readStateFacilitiesDocument,
  type CachedDocument,
  type CachedRegionDocument,
  type CountyFacilities,
  type StateFacilities,
} from './read-dataset.js';
export {
  encodeStoredDocument,
  encodeResponseBody,
  storedSize,
  DOCUMENT_GZIP_LEVEL,
  RESPONSE_GZIP_LEVEL,
  type EncodedDocument,
  type StoredDocumentSize,
} from './codecs/encode-document.js';
export {
  decodeBlob,
  encodeBlob,
  packListItems,
  toListItem,
  unpackListItems,
  LIST_ITEM_COLUMNS,
  type CountyFacilitiesBody,
  type PackedListItems,
  type StateFacilitiesBody,
  type StateFacilitiesMeta,
} from './codecs/list-blobs.js';
export { itemsKeyOf, SearchIndex, type KeptTiles, type SearchIndexOptions, type SearchTiming, type Surroundings } from './search/search-index.js';
export { foundItemJson, roundMiles, type FoundFacility, type FoundItem, type FoundRelease, type NearPointResult } from './search/found-items.js';
export { listItemsOfBody, streamCountyFacilities, streamStateFacilities, type FacilityListStream } from './stream-facility-lists.js';
export { GeocoderUnavailableError, type Geocoder } from './geocoding/geocoder.js';
export { createGeocoder, type GeocoderDeps } from './geocoding/create-geocoder.js';
export { createLocalGeocoder, type LocalGeocoderOptions } from './geocoding/local-geocoder.js';
export { createExternalGeocoder, type ExternalGeocoderOptions } from './geocoding/external-geocoder.js';
export {
  ImportNotFoundError,
  importOutcome,
  listAllManifests,
  listManifests,
  newImportId,
  readManifest,
  writeManifest,
  type ImportManifest,
  type ImportPlan,
} from './job-records/import-manifests.js';
export { importRejectsWriter, readImportRejects, type RejectsWriter } from './job-records/import-rejects.js';
export { listImportRuns, queuedRunRecord, readRunRecord, writeRunRecord, type RunRecord } from './job-records/import-runs.js';
export { listReplayRecords, queuedReplayRecord, readReplayRecord, writeReplayRecord } from './job-records/replay-runs.js';
export { orderedSaver, progressWriter } from './job-records/record-writes.js';
export { attemptAt, beginAttempt, isFinalStatus } from './job-records/run-attempts.js';
export { commitRecorded } from './job-records/import-commits.js';
export { latestRecoveries, recordRecovery } from './job-records/job-recoveries.js';
export {
  appendResultLines,
  countResults,
  createScreening,
  enqueueScreening,
  SCREENING_ATTEMPTS,
  listScreenings,
  newScreeningId,
  queuedScreening,
  readPortfolioRows,
  readResultLines,
  readResultRows,
  readResults,
  readScreeningRecord,
  writeScreeningRecord,
  type StoredScreening,
} from './job-records/screenings.js';
export { queueImport, queueReplay, queueReplayAll, ReplayRefusedError } from './job-records/import-queue.js';
export { adoptLegacyJobFiles, ADOPTED_FOLDER, type AdoptedCounts } from './job-records/legacy-files.js';
export {
  countWatchedByOwner,
  readUserRecords,
  readUserRecordsOfKinds,
  type OwnedUserRecord,
  writeUserRecords,
  type UserRecordDocument,
  type UserRecordKind,
  type UserRecordWrite,
  type WatchCounts,
} from './user-records/user-records.js';
export { readAlertIdsOfVersion, readAlertsOf, writeAlerts, type StoredAlert } from './user-records/watch-alerts.js';
export { inTurns, parseJsonLinesInTurns } from './json-lines-in-turns.js';
export {
  lastDeliveriesOf,
  listWebhookDeliveries,
  readAlertsOfVersion,
  recordWebhookDelivery,
  type WebhookDeliveryRow,
} from './user-records/webhook-deliveries.js';
