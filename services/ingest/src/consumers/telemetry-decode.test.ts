/** The reason a telemetry message is dead-lettered with, and what a valid one is stored as. */
import { describe, expect, it } from 'vitest';
import type { AnalyticsStore, ConsumedMessage } from '@ust/platform';
import type { LogEvent } from '@ust/schemas';
import { InvalidMessageError } from '../consumer.js';
import { telemetryActivitiesConsumer } from './telemetry-activities.consumer.js';
import { telemetryLogsConsumer } from './telemetry-logs.consumer.js';

// decode never touches the store.
const store = {} as AnalyticsStore;
const logs = telemetryLogsConsumer({ store });
const activities = telemetryActivitiesConsumer({ store });

const valid: LogEvent = {
  event_id: '0b7e9c1a-5d1e-4c1e-9d6f-2f1b6a1e3c4d',
  timestamp: '2026-11-20T10:11:12.345Z',
  received_at: '2026-11-20T10:11:13.001Z',
  source: 'client',
  level: 'WARN',
  category: 'API',
  message: 'slow response',
  context: '{"ms":1200}',
  user_id: null,
  session_id: 's-1',
  url: null,
  user_agent: null,
  method: null,
  endpoint: null,
  status_code: null,
  duration_ms: null,
  request_id: null,
};

function message(value: unknown): ConsumedMessage {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return { topic: 'telemetry.logs.v1', partition: 0, offset: '0', key: 'k', value: Buffer.from(text), headers: {}, timestamp: 0 };
}

function reasonOf(decode: () => unknown): string {
  try {
    decode();
  } catch (error) {
    if (error instanceof InvalidMessageError) return error.message;
    throw error;
  }
  throw new Error('expected the message to be rejected');
}

describe('decoding a log event', () => {
  it('keeps every field and writes times as UTC with milliseconds', () => {
    expect(logs.decode(message(valid))).toEqual([valid]);
    expect(logs.decode(message({ ...valid, timestamp: '2026-11-20T12:11:12.345+02:00', received_at: '2026-11-20t10:11:13.001z' }))).toEqual([valid]);
  });

  it('reads a packet of events, and names the element of a packet that is invalid', () => {
    const second = { ...valid, event_id: '0b6f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e', message: 'second' };
    expect(logs.decode(message([valid, second]))).toEqual([valid, second]);
    expect(reasonOf(() => logs.decode(message([valid, { ...second, level: 'TRACE' }])))).toBe('/1/level: must be one of DEBUG, INFO, WARN, ERROR');
    expect(reasonOf(() => logs.decode(message([])))).toBe('an empty packet of events');
  });

  it.each([
    ['truncated JSON', '{"event_id":', /^not JSON: /],
    ['an unknown level', { ...valid, level: 'TRACE' }, '/level: must be one of DEBUG, INFO, WARN, ERROR'],
    ['a malformed id', { ...valid, event_id: 'not-a-uuid' }, '/event_id: must be a UUID (8-4-4-4-12 hex digits)'],
    ['a time that is not ISO 8601', { ...valid, timestamp: 'yesterday' }, '/timestamp: must be an ISO 8601 date-time with a time zone'],
    ['a leap second', { ...valid, timestamp: '2026-06-30T23:59:60Z' }, '/timestamp: must be a date-time that exists'],
    ['a year DateTime64 cannot hold', { ...valid, received_at: '0001-01-01T00:00:00Z' }, '/received_at: must be between 1900-01-01 and 2299-12-31'],
    ['a number for a nullable string', { ...valid, user_id: 42 }, '/user_id: must be string or null'],
    ['a status below 100', { ...valid, status_code: 99 }, '/status_code: must be >= 100'],
    ['a missing field', { ...valid, category: undefined }, '/category: is required'],
    ['an unknown field', { ...valid, tenant: 'acme' }, '/tenant: is not a field of this event'],
    ['a number', 42, '(event): must be object'],
  ])('rejects %s with its reason', (_case, value, reason) => {
    expect(reasonOf(() => logs.decode(message(value)))).toMatch(reason);
  });
});

describe('decoding an activity event', () => {
  it('names the field and the allowed values', () => {
    const activity = {
      event_id: valid.event_id,
      timestamp: valid.timestamp,
      activity_type: 'map_zoomed',
      auth0_user_id: null,
      user_role: null,
      email: null,
      name: null,
      session_id: null,
      facility_id: null,
      release_id: null,
      location_lat: null,
      location_lon: null,
      page: null,
      details: '',
    };
    expect(activities.decode(message({ ...activity, activity_type: 'map_loaded' }))).toEqual([{ ...activity, activity_type: 'map_loaded' }]);
    const reason = reasonOf(() => activities.decode(message(activity)));
    expect(reason).toMatch(/^\/activity_type: must be one of map_loaded, .*, tank_ai_query$/);
  });
});
