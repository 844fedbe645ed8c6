/**
 * What the two telemetry consumers share: decode a message into a validated event, collect the
 * events of many deliveries into one insert (BatchWriter), and insert them so that no batch can
 * be refused for good. Tables are ReplacingMergeTree by event id, so a redelivered batch adds
 * no rows (docs/decisions/0023-telemetry-deduplication.md).
 */
import type { TLocalizedValidationError } from 'typebox/error';
import { Topics } from '@ust/schemas';
import type { AnalyticsStore, ConsumedMessage } from '@ust/platform';
import { BatchWriter } from '../batch-writer.js';
import { InvalidMessageError, type ConsumerDefinition } from '../consumer.js';
import { describeSchemaError } from './schema-error-reason.js';

export interface TelemetryConsumerOptions {
  store: AnalyticsStore;
  /** The topic read (tests use their own). @defaultValue the event's topic in `Topics` */
  topic?: string;
  /** @defaultValue the consumer's group in `ConsumerGroups` */
  groupId?: string;
  /** @defaultValue Topics.telemetryDeadLetter */
  deadLetterTopic?: string;
  /** An insert is made once this many events are waiting. @defaultValue 5000 */
  maxRows?: number;
  /** An insert is made this long after the first waiting event. @defaultValue 500 */
  maxWaitMs?: number;
  /**
   * Group members this process runs. Each adapter hands a subscription one partition's batch at
   * a time, so with one member a time-closed batch only ever holds one delivery; members handle
   * partitions side by side and their deliveries share one insert. @defaultValue 3 (the
   * partitions `ensureTopics` creates)
   */
  members?: number;
}

interface TelemetryEvent {
  timestamp: string;
}

interface EventSpec {
  name: string;
  table: string;
  topic: string;
  groupId: string;
  validator: { Check(value: unknown): boolean; Errors(value: unknown): TLocalizedValidationError[] };
  /** Date-time fields, stored as DateTime64(3, 'UTC'). */
  timestampFields: readonly string[];
}

/**
 * A message holds one event or a packet (a JSON array) of events: the gateway packs up to a
 * hundred per message, because kafkajs spends more per message than per byte. A packet with an
 * invalid event goes to the dead-letter topic whole, with the event's index in the reason.
 */
export function telemetryConsumer<Event extends TelemetryEvent>(spec: EventSpec, options: TelemetryConsumerOptions): ConsumerDefinition<Event[]> {
  const writer = new BatchWriter<Event>({
    flush: (events) => insertByDay(options.store, spec.table, events),
    maxRows: options.maxRows,
    maxWaitMs: options.maxWaitMs,
  });
  return {
    name: spec.name,
    groupId: options.groupId ?? spec.groupId,
    topics: [options.topic ?? spec.topic],
    deadLetterTopic: options.deadLetterTopic ?? Topics.telemetryDeadLetter,
    // A full delivery closes a batch by size at once instead of waiting for the timer.
    maxBatchSize: writer.maxRows,
    members: options.members ?? 3,
    decode: (message) => decodeEvents<Event>(message, spec),
    writeBatch: (packets) => writer.write(packets.flat()),
  };
}

// DateTime64 stores 1900-01-01 to 2299-12-31 and silently clamps anything else.
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2300, 0, 1) - 1;

function decodeEvents<Event>(message: ConsumedMessage, spec: EventSpec): Event[] {
  let value: unknown;
  try {
    value = JSON.parse(message.value.toString('utf8'));
  } catch (error) {
    throw new InvalidMessageError(`not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) return [validEvent<Event>(value, spec, '')];
  if (value.length === 0) throw new InvalidMessageError('an empty packet of events');
  return value.map((element, index) => validEvent<Event>(element, spec, `/${index}`));
}

function validEvent<Event>(value: unknown, spec: EventSpec, at: string): Event {
  if (!spec.validator.Check(value)) throw new InvalidMessageError(`${at}${describeSchemaError(spec.validator.Errors(value))}`);
  const event = value as Record<string, string>;
  for (const field of spec.timestampFields) {
    // The schema's date-time format lets through what Date and ClickHouse cannot read (a leap
    // second, year 0001); writing it would fail the whole batch again on every redelivery.
    const ms = Date.parse(event[field]!);
    if (Number.isNaN(ms)) throw new InvalidMessageError(`${at}/${field}: must be a date-time that exists`);
    if (ms < EARLIEST || ms > LATEST) throw new InvalidMessageError(`${at}/${field}: must be between 1900-01-01 and 2299-12-31`);
    // One spelling (UTC, milliseconds) for every row: the day split below reads the date from it.
    event[field] = new Date(ms).toISOString();
  }
  return value as Event;
}

/** ClickHouse's max_partitions_per_insert_block: an insert touching more days is refused. */
const MAX_DAYS_PER_INSERT = 100;

/**
 * Inserts events with at most 100 days (partitions) per statement. Browser clocks can be far off,
 * and a batch refused for having too many partitions would be refused again on every redelivery.
 */
export async function insertByDay<Event extends TelemetryEvent>(store: AnalyticsStore, table: string, events: readonly Event[]): Promise<void> {
  const byDay = new Map<string, Event[]>();
  for (const event of events) {
    const day = event.timestamp.slice(0, 10);
    const rows = byDay.get(day);
    if (rows) rows.push(event);
    else byDay.set(day, [event]);
  }
  const days = [...byDay.values()];
  for (let start = 0; start < days.length; start += MAX_DAYS_PER_INSERT) {
    await store.insert(table, days.slice(start, start + MAX_DAYS_PER_INSERT).flat());
  }
}
