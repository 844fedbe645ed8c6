/**
 * Writes log events (browser entries and the gateway's request log) from `telemetry.logs.v1`
 * to `logs`; the materialized view keeps `metrics_1m` from the same inserts.
 */
import { Compile } from 'typebox/compile';
import { ConsumerGroups, LogEvent, Topics } from '@ust/schemas';
import type { ConsumerDefinition } from '../consumer.js';
import { telemetryConsumer, type TelemetryConsumerOptions } from './telemetry-consumer.js';

// Compiled once: the interpreted checker is several times slower at telemetry rates.
const validator = Compile(LogEvent);

export function telemetryLogsConsumer(options: TelemetryConsumerOptions): ConsumerDefinition<LogEvent[]> {
  return telemetryConsumer<LogEvent>(
    {
      name: 'telemetry-logs',
      table: 'logs',
      topic: Topics.telemetryLogs,
      groupId: ConsumerGroups.telemetryLogs,
      validator,
      timestampFields: ['timestamp', 'received_at'],
    },
    options,
  );
}
