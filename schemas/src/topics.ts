/**
 * Kafka topic names, one place for producers and consumers. Versioned: a breaking change of
 * an event's shape gets a new topic.
 */
export const Topics = {
  datasetFacilities: 'ust.dataset.facilities.v1',
  datasetTanks: 'ust.dataset.tanks.v1',
  datasetReleases: 'ust.dataset.releases.v1',
  datasetCommitted: 'ust.dataset.committed.v1',
  datasetFailed: 'ust.dataset.failed.v1',
  telemetryLogs: 'telemetry.logs.v1',
  telemetryActivities: 'telemetry.activities.v1',
  telemetryDeadLetter: 'telemetry.dead-letter.v1',
  datasetDeadLetter: 'ust.dataset.dead-letter.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/** Consumer groups other components watch (the import publisher paces itself on the writer's lag). */
export const ConsumerGroups = {
  datasetWriter: 'ingest.dataset-records',
  datasetCommitted: 'ingest.dataset-committed',
  datasetFailed: 'ingest.dataset-failed',
  telemetryLogs: 'ingest.telemetry-logs',
  telemetryActivities: 'ingest.telemetry-activities',
  deadLetters: 'ingest.dead-letters',
} as const;

export type ConsumerGroupName = (typeof ConsumerGroups)[keyof typeof ConsumerGroups];

/** The topics each group reads: the pairs whose lag the System Health view shows. */
export const TopicsOfGroup: Record<ConsumerGroupName, readonly TopicName[]> = {
  [ConsumerGroups.datasetWriter]: [Topics.datasetFacilities, Topics.datasetTanks, Topics.datasetReleases],
  [ConsumerGroups.datasetCommitted]: [Topics.datasetCommitted],
  [ConsumerGroups.datasetFailed]: [Topics.datasetFailed],
  [ConsumerGroups.telemetryLogs]: [Topics.telemetryLogs],
  [ConsumerGroups.telemetryActivities]: [Topics.telemetryActivities],
  [ConsumerGroups.deadLetters]: [Topics.telemetryDeadLetter, Topics.datasetDeadLetter],
};

/** Where consumers park the messages they cannot handle. */
export const DeadLetterTopics: readonly TopicName[] = [Topics.telemetryDeadLetter, Topics.datasetDeadLetter];
