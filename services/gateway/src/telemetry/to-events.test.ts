import { describe, expect, it } from 'vitest';
import { MAX_STORED_CONTEXT_BYTES } from '@ust/schemas';
import { activityEvent, clientLogEvent, requestLogEvent } from './to-events.js';

const receivedAt = new Date('2026-11-21T08:00:00.000Z');
const principal = { sub: 'local|gina', userId: 'u_1', email: 'g@x', name: 'G', role: 'general' as const, isActive: true, known: true, sessionId: 'sid-1' };

describe('telemetry events', () => {
  it('takes the user from the token, not the body, and keeps a believable browser time', () => {
    const event = clientLogEvent(
      {
        timestamp: '2026-11-21T09:59:59.123+02:00',
        level: 'ERROR',
        category: 'GLOBAL_ERROR',
        message: 'boom',
        userId: 'someone-else',
        sessionId: 's-9',
        context: { a: 1 },
      },
      principal,
      'UA/1',
      receivedAt,
    );
    expect(event).toMatchObject({
      timestamp: '2026-11-21T07:59:59.123Z',
      user_id: 'local|gina',
      session_id: 's-9',
      user_agent: 'UA/1',
      context: '{"a":1}',
      source: 'client',
    });
  });

  it('stamps an entry from a clock more than a day off with the arrival time and keeps the claimed time', () => {
    const event = clientLogEvent(
      { timestamp: '1999-01-01T00:00:00.000Z', level: 'INFO', category: 'APP', message: 'old clock' },
      undefined,
      undefined,
      receivedAt,
    );
    expect(event.timestamp).toBe('2026-11-21T08:00:00.000Z');
    expect(JSON.parse(event.context)).toEqual({ client_timestamp: '1999-01-01T00:00:00.000Z', context: null });
    expect(event.user_id).toBeNull();
  });

  it('logs a request with its route template and a level by status', () => {
    const base = { id: 'r1', method: 'GET', endpoint: '/api/facilities/:id', durationMs: 12.345, startedAt: receivedAt, userAgent: undefined, principal };
    expect(requestLogEvent({ ...base, statusCode: 200 }, receivedAt)).toMatchObject({
      level: 'INFO',
      message: 'GET /api/facilities/:id 200',
      duration_ms: 12.35,
      user_id: 'local|gina',
    });
    expect(requestLogEvent({ ...base, statusCode: 404 }, receivedAt).level).toBe('WARN');
    expect(requestLogEvent({ ...base, statusCode: 503 }, receivedAt).level).toBe('ERROR');
  });

  it("keeps at most 16 KB of an entry's context and an activity's details, as valid JSON saying they were cut", () => {
    const context = { stack: '錯誤'.repeat(4_000) };
    const entry = clientLogEvent(
      { timestamp: receivedAt.toISOString(), level: 'ERROR', category: 'GLOBAL_ERROR', message: 'boom', context },
      principal,
      undefined,
      receivedAt,
    );
    const activity = activityEvent({ activity_type: 'address_search', details: context }, principal, receivedAt);
    for (const text of [entry.context, activity.details]) {
      expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(MAX_STORED_CONTEXT_BYTES);
      expect(JSON.parse(text)).toMatchObject({
        truncated: true,
        original_bytes: Buffer.byteLength(JSON.stringify(context), 'utf8'),
        prefix: expect.stringMatching(/^\{"stack":"錯誤錯誤/),
      });
    }
    // An unbelievable clock keeps the claimed time at the front of what is kept.
    const skewed = clientLogEvent(
      { timestamp: '1999-01-01T00:00:00.000Z', level: 'ERROR', category: 'GLOBAL_ERROR', message: 'boom', context },
      principal,
      undefined,
      receivedAt,
    );
    expect(JSON.parse(skewed.context).prefix).toMatch(/^\{"client_timestamp":"1999-01-01T00:00:00.000Z","context":\{"stack":"錯誤/);
  });

  it("namespaces the session id an anonymous caller sends, and keeps a signed-in caller's or the token's", () => {
    const entry = {
      timestamp: receivedAt.toISOString(),
      level: 'ERROR' as const,
      category: 'GLOBAL_ERROR',
      message: 'boom',
      sessionId: 'session-m7x2k1ab-0a1b2c3d4e5f',
    };
    expect(clientLogEvent(entry, undefined, undefined, receivedAt).session_id).toBe('anon:session-m7x2k1ab-0a1b2c3d4e5f');
    expect(clientLogEvent(entry, principal, undefined, receivedAt).session_id).toBe('session-m7x2k1ab-0a1b2c3d4e5f');
    expect(clientLogEvent({ ...entry, sessionId: undefined }, principal, undefined, receivedAt).session_id).toBe('sid-1');
    expect(clientLogEvent({ ...entry, sessionId: null }, undefined, undefined, receivedAt).session_id).toBeNull();
    expect(activityEvent({ activity_type: 'map_loaded', session_id: 's-9' }, undefined, receivedAt).session_id).toBe('anon:s-9');
    expect(activityEvent({ activity_type: 'map_loaded', session_id: 's-9' }, principal, receivedAt).session_id).toBe('s-9');
    expect(activityEvent({ activity_type: 'map_loaded' }, undefined, receivedAt).session_id).toBeNull();
  });
});
