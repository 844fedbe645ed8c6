import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { API_TIMEOUT_MS, createApiClient } from './client';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(fetch: (input: string, init: RequestInit) => Promise<Response>, getAccessToken = async (): Promise<string | null> => 'token-1') {
  const logger = { error: vi.fn() };
  const send = vi.fn(fetch);
  const api = createApiClient({
    fetch: send as unknown as typeof globalThis.fetch,
    getAccessToken,
    logger,
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
  });
  return { api, send, logger };
}

/** Like fetch to a server that never answers: rejects once the signal aborts (at once if it already has). */
function hangUntilAborted(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (init.signal!.aborted) abort();
    else init.signal!.addEventListener('abort', abort);
  });
}

describe('the API client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends JSON with the bearer token under /api and returns the parsed body', async () => {
    const { api, send, logger } = setup(async () => json(200, { role: 'broker' }));
    await expect(api.post('/user-profile', { sub: 'local|demo-broker' })).resolves.toEqual({ role: 'broker' });
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/api/user-profile');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer token-1' });
    expect(init.body).toBe('{"sub":"local|demo-broker"}');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, send } = setup(async () => json(200, {}), async () => null);
    await api.get('/facilities-statistics');
    expect(send.mock.calls[0]![1].headers).toEqual({ accept: 'application/json' });
  });

  it("maps the gateway's error body into an ApiError and logs 'API call failed' with endpoint and status", async () => {
    const { api, logger } = setup(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Facility X not found' } }));
    const error = await api.get('/facilities/X').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Facility X not found', endpoint: '/facilities/X' });
    expect(logger.error).toHaveBeenCalledWith('API', 'API call failed', {
      endpoint: '/facilities/X',
      method: 'GET',
      status: 404,
      code: 'NOT_FOUND',
      message: 'Facility X not found',
    });
  });

  it('gives up after 10 s', async () => {
    const { api, logger } = setup(
      hangUntilAborted,
    );
    const pending = api.get('/facilities-statistics').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(logger.error).toHaveBeenCalledWith('API', 'API call failed', expect.objectContaining({ code: 'TIMEOUT', status: 0 }));
  });

  it('logs a network error', async () => {
    const { api, logger } = setup(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/me/activity')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('does not log a call its caller cancelled', async () => {
    const { api, logger } = setup(
      hangUntilAborted,
    );
    const controller = new AbortController();
    const pending = api.get('/me/activity', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("says 'Get access token failed' when no token can be had", async () => {
    const { api, send } = setup(async () => json(200, {}), async () => Promise.reject(new Error('login_required')));
    await expect(api.get('/me/activity')).rejects.toMatchObject({ code: 'NO_ACCESS_TOKEN', message: 'Get access token failed' });
    expect(send).not.toHaveBeenCalled();
  });

  it('tells its listeners when the account is deactivated', async () => {
    const { api } = setup(async () =>
      json(403, { error: { code: 'FORBIDDEN', message: 'Your account is deactivated. Contact an administrator to restore access.' } }),
    );
    const listener = vi.fn();
    api.onAccountDeactivated(listener);
    const error = (await api.get('/me/activity').catch((caught: unknown) => caught)) as ApiError;
    expect(error.isAccountDeactivated).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
