export { createInProcessEventLog, type InProcessEventLogOptions } from './in-process-event-log.js';
export { createKafkaEventLog, type KafkaEventLogOptions } from './kafka-event-log.js';
export { sendToDeadLetter, sendUnpublishedToDeadLetter, DEAD_LETTER_HEADERS } from './dead-letter.js';
export { partitionForKey } from './partition-for-key.js';
export { DEFAULT_MAX_MESSAGE_BYTES, EventLogClosedError, GroupHasRunningConsumersError, MessageTooLargeError, UnknownTopicError } from './event-log-rules.js';
export { recordBatchBytes } from './record-batch-size.js';
export { consumerLag, type PartitionLag } from './consumer-lag.js';
