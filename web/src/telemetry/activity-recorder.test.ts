import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_DELAY_MS, createActivityRecorder, type ActivitySource } from './activity-recorder';

describe('recordActivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(fetch = vi.fn(async () => new Response(null, { status: 202 }))) {
    let source: ActivitySource = { user: { sub: 'local|demo-broker', email: 'broker@ust.local', name: 'Brian Broker' }, page: '/search' };
    let token: string | null = 'token-1';
    const record = createActivityRecorder({
      fetch: fetch as unknown as typeof globalThis.fetch,
      setTimeout: globalThis.setTimeout,
      sessionId: 'session-1',
      source: () => source,
      getAccessToken: () => token,
    });
    return {
      record,
      fetch,
      setSource: (next: ActivitySource) => (source = next),
      setToken: (next: string | null) => (token = next),
    };
  }

  it('posts the event 2 s later with the user and page of the moment it happened', async () => {
    const { record, fetch, setSource, setToken } = setup();
    record('facility_view', { facility_id: 'DE-1-000001' });
    setSource({ user: null, page: '/elsewhere' });
    setToken('token-2');
    await vi.advanceTimersByTimeAsync(ACTIVITY_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/log-activity');
    expect(init.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer token-2' });
    expect(JSON.parse(String(init.body))).toEqual({
      activity_type: 'facility_view',
      auth0_user_id: 'local|demo-broker',
      email: 'broker@ust.local',
      name: 'Brian Broker',
      session_id: 'session-1',
      page: '/search',
      facility_id: 'DE-1-000001',
    });
  });

  it('ignores a failed call', async () => {
    const { record, fetch } = setup(vi.fn(async () => Promise.reject(new TypeError('offline'))));
    record('map_loaded');
    await vi.advanceTimersByTimeAsync(ACTIVITY_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
