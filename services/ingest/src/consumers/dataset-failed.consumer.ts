/**
 * Reacts to `ust.dataset.failed.v1`: records the import as failed with its reason and drops its
 * staged records, so nothing of it ever becomes visible. Records still in flight find the failure
 * recorded and are dropped by the records consumer.
 */
import { ConsumerGroups, ImportFailed, Topics } from '@ust/schemas';
import type { AnalyticsStore, Logger } from '@ust/platform';
import type { ConsumerDefinition } from '../consumer.js';
import { decodeEvent } from './decode-event.js';
import { dropStagedImport } from '../staging/import-staging.js';

export interface FailedDeps {
  store: AnalyticsStore;
  log: Logger;
}

export function datasetFailedConsumer(deps: FailedDeps): ConsumerDefinition<ImportFailed> {
  return {
    name: 'dataset-failed',
    groupId: ConsumerGroups.datasetFailed,
    topics: [Topics.datasetFailed],
    deadLetterTopic: Topics.datasetDeadLetter,
    maxBatchSize: 10,
    decode: (message) => decodeEvent(ImportFailed, message),
    async writeBatch(failures) {
      for (const failure of failures) {
        // Recorded first: from then on the records consumer drops the import's late records.
        await deps.store.insert('imports', [
          {
            import_id: failure.import_id,
            version: failure.version,
            sources: failure.sources,
            ...failure.counts,
            rejects_by_reason: {},
            started_at: new Date(failure.version).toISOString(),
            committed_at: null,
            status: 'failed',
            failure: failure.reason,
            updated: Date.now(),
          },
        ]);
        await dropStagedImport(deps.store, failure.import_id);
        deps.log.warn({ import_id: failure.import_id, reason: failure.reason }, 'import failed; its staged records are dropped');
      }
    },
  };
}
