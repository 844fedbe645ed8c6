import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientLogEntry } from '@ust/schemas';
import { MAX_CONTEXT_DEPTH } from '@ust/schemas/constants';
import {
  createClientLogger,
  ERROR_FLUSH_DELAY_MS,
  MAX_HELD_ENTRIES,
  NESTED_TOO_DEEP,
  PERIODIC_FLUSH_MS,
  toSerializable,
  type ClientLoggerOptions,
} from './client-logger';

interface SentCall {
  url: string;
  init: RequestInit;
  logs: ClientLogEntry[];
}

function setup(overrides: Partial<ClientLoggerOptions> = {}) {
  const calls: SentCall[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init!, logs: (JSON.parse(String(init!.body)) as { logs: ClientLogEntry[] }).logs });
    return new Response(null, { status: 202 });
  });
  const warn = vi.fn();
  const logger = createClientLogger({
    fetch: fetch as unknown as typeof globalThis.fetch,
    timers: globalThis,
    now: () => new Date(),
    sessionId: 'session-1',
    source: () => ({ userId: 'local|demo-general', url: 'http://localhost/search', userAgent: 'test-agent' }),
    getAccessToken: () => 'token-1',
    console: { warn },
    ...overrides,
  });
  return { logger, calls, fetch, warn };
}

describe('the client logger', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sends an ERROR entry 3 s after it, with every field of a client log entry and the bearer token', async () => {
    const { logger, calls } = setup();
    logger.error('API', 'API call failed', { endpoint: '/facilities/1', status: 500 });
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/logs');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer token-1' });
    expect(calls[0]!.logs).toEqual([
      {
        timestamp: '2025-03-01T12:00:00.000Z',
        level: 'ERROR',
        category: 'API',
        message: 'API call failed',
        context: { endpoint: '/facilities/1', status: 500 },
        userId: 'local|demo-general',
        sessionId: 'session-1',
        url: 'http://localhost/search',
        userAgent: 'test-agent',
      },
    ]);
  });

  it('waits 3 s after the latest of several errors and sends them together with the held entries', async () => {
    const { logger, calls } = setup();
    logger.info('NAV', 'opened search');
    logger.error('GLOBAL_ERROR', 'first');
    await vi.advanceTimersByTimeAsync(2_000);
    logger.error('GLOBAL_ERROR', 'second');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.logs.map((entry) => entry.message)).toEqual(['opened search', 'first', 'second']);
  });

  it('holds non-error entries until the 30 s flush', async () => {
    const { logger, calls } = setup();
    logger.start();
    logger.info('PERFORMANCE', 'Page load');
    logger.warn('AUTH', 'Silent renew failed');
    await vi.advanceTimersByTimeAsync(PERIODIC_FLUSH_MS - 1);
    expect(calls).toHaveLength(0);
    expect(logger.held).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.logs.map((entry) => entry.level))).toEqual([['INFO', 'WARN']]);
    expect(logger.held).toBe(0);
    // Nothing held: the next tick sends nothing.
    await vi.advanceTimersByTimeAsync(PERIODIC_FLUSH_MS);
    expect(calls).toHaveLength(1);
    logger.stop();
  });

  it('splits what it holds into batches of at most 100 entries', async () => {
    const { logger, calls } = setup();
    for (let index = 0; index < 250; index += 1) logger.debug('TEST', `entry ${index}`);
    await logger.flush();
    expect(calls.map((call) => call.logs.length)).toEqual([100, 100, 50]);
    expect(calls[2]!.logs.at(-1)!.message).toBe('entry 249');
  });

  it('flushes on unload with keepalive, and without a token when signed out', async () => {
    const { logger, calls } = setup({ getAccessToken: () => null });
    logger.info('NAV', 'leaving');
    await logger.flush({ keepalive: true });
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('reports a failed delivery to the console only and does not retry it', async () => {
    const { logger, fetch, warn } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    logger.error('GLOBAL_ERROR', 'boom');
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_DELAY_MS);
    expect(warn).toHaveBeenCalledWith('Failed to send logs:', expect.any(TypeError));
    expect(logger.held).toBe(0);
    fetch.mockResolvedValueOnce(new Response(null, { status: 429 }));
    logger.error('GLOBAL_ERROR', 'again');
    await vi.advanceTimersByTimeAsync(ERROR_FLUSH_DELAY_MS);
    expect(warn).toHaveBeenLastCalledWith('Failed to send logs:', 'HTTP 429');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the newest entries when more pile up than it may hold', () => {
    const { logger } = setup();
    for (let index = 0; index < MAX_HELD_ENTRIES + 5; index += 1) logger.debug('TEST', `entry ${index}`);
    expect(logger.held).toBe(MAX_HELD_ENTRIES);
  });

  it('turns errors and cycles in the context into JSON', async () => {
    const { logger, calls } = setup();
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    logger.warn('TEST', 'context', { error: new RangeError('out of range'), cycle });
    await logger.flush();
    const context = calls[0]!.logs[0]!.context as { error: { name: string; message: string }; cycle: { self: string } };
    expect(context.error).toMatchObject({ name: 'RangeError', message: 'out of range' });
    expect(context.cycle.self).toBe('[circular]');
  });
});

describe('toSerializable', () => {
  /** `levels` objects, each holding the next under `inner`, the last holding `leaf`. */
  const nested = (levels: number, leaf: unknown = 'leaf'): unknown => {
    let value: unknown = leaf;
    for (let level = 0; level < levels; level += 1) value = { inner: value };
    return value;
  };
  /** How many levels of objects `value` nests, and what the innermost holds. */
  const depthOf = (value: unknown): [number, unknown] => {
    let levels = 0;
    while (typeof value === 'object' && value !== null) {
      levels += 1;
      value = (value as { inner: unknown }).inner;
    }
    return [levels, value];
  };

  it('keeps a context nested as deep as the gateway takes, and cuts a deeper one there, so the batch is never refused', () => {
    expect(depthOf(toSerializable(nested(MAX_CONTEXT_DEPTH)))).toEqual([MAX_CONTEXT_DEPTH, 'leaf']);
    expect(depthOf(toSerializable(nested(10_000)))).toEqual([MAX_CONTEXT_DEPTH, NESTED_TOO_DEEP]);
    const arrays = toSerializable(JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`));
    expect(JSON.stringify(arrays)).toBe(`${'['.repeat(MAX_CONTEXT_DEPTH)}"${NESTED_TOO_DEEP}"${']'.repeat(MAX_CONTEXT_DEPTH)}`);
  });

  it('keeps what JSON.stringify would lose or throw on: errors, cycles, big integers, dates', () => {
    const error = new Error('boom');
    const cycle: Record<string, unknown> = { name: 'cycle' };
    cycle.self = cycle;
    expect(toSerializable({ error, cycle, count: 12n, at: new Date('2026-11-28T12:00:00Z'), skip: undefined, nan: Number.NaN })).toEqual({
      error: { name: 'Error', message: 'boom', stack: error.stack },
      cycle: { name: 'cycle', self: '[circular]' },
      count: '12',
      at: '2026-11-28T12:00:00.000Z',
      nan: null,
    });
    expect(toSerializable(undefined)).toBeNull();
    expect(toSerializable([undefined, () => 1])).toEqual([null, null]);
  });
});
