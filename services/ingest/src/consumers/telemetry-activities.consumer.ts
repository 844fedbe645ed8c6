/** Writes activity events from `telemetry.activities.v1` to `user_activities`. */
import { Compile } from 'typebox/compile';
import { ActivityEvent, ConsumerGroups, Topics } from '@ust/schemas';
import type { ConsumerDefinition } from '../consumer.js';
import { telemetryConsumer, type TelemetryConsumerOptions } from './telemetry-consumer.js';

// Compiled once: the interpreted checker is several times slower at telemetry rates.
const validator = Compile(ActivityEvent);

export function telemetryActivitiesConsumer(options: TelemetryConsumerOptions): ConsumerDefinition<ActivityEvent[]> {
  return telemetryConsumer<ActivityEvent>(
    {
      name: 'telemetry-activities',
      table: 'user_activities',
      topic: Topics.telemetryActivities,
      groupId: ConsumerGroups.telemetryActivities,
      validator,
      timestampFields: ['timestamp'],
    },
    options,
  );
}
