export { createInProcessEventLog, type InProcessEventLogOptions } from './in-process-event-log.js';
export { createKafkaEventLog, type KafkaEventLogOptions } from './kafka-event-log.js';
export { sendToDeadLetter, DEAD_LETTER_HEADERS } from './dead-letter.js';
export { partitionForKey } from './partition-for-key.js';
export {
  EventLogClosedError,
  GroupHasRunningConsumersError,
  UnknownTopicError,
} from './event-log-rules.js';
