import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AdminUser, CountyFacilitiesResponse, FacilityStatistics, H3DensityDocument } from '@ust/schemas';
import { ApiError } from './api-error';
import { API_TIMEOUT_MS, createApiClient, type ApiClient, type ApiRequest, type ApiResponse } from './client';

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

  it("downloads a route's file with the token, named as the server's content-disposition says", async () => {
    const csv = '\uFEFFFacility ID\r\nDE-1\r\n';
    const { api, send } = setup(
      async () =>
        new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="logs-x.csv"' } }),
    );
    const file = await api.download('GET /api/admin/logs/export/csv', { query: { level: 'ERROR', q: 'pump stopped' } });
    expect(file.fileName).toBe('logs-x.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/api/admin/logs/export/csv?level=ERROR&q=pump%20stopped');
    expect(init.headers).toEqual({ accept: '*/*', authorization: 'Bearer token-1' });
  });

  it('sends no Authorization header when signed out', async () => {
    const { api, send } = setup(
      async () => json(200, {}),
      async () => null,
    );
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
    const { api, logger } = setup(hangUntilAborted);
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
    const { api, logger } = setup(hangUntilAborted);
    const controller = new AbortController();
    const pending = api.get('/me/activity', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("says 'Get access token failed' when no token can be had", async () => {
    const { api, send } = setup(
      async () => json(200, {}),
      async () => Promise.reject(new Error('login_required')),
    );
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

describe('calls by route of the path map', () => {
  it('fills path parameters and the query, URI-encoded, under the base URL', async () => {
    const { api, send } = setup(async () => json(200, {}));
    await api.call('GET /api/facilities/{id}', { params: { id: 'DE-1/2 ü' } });
    await api.call('GET /api/admin/logs', { query: { limit: 20, level: undefined, q: 'Page load' } });
    await api.call('GET /api/facilities-statistics');
    expect(send.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/facilities/DE-1%2F2%20%C3%BC',
      'GET /api/admin/logs?limit=20&q=Page%20load',
      'GET /api/facilities-statistics',
    ]);
  });

  it('sends the body as JSON with the route method, and reports the concrete path when it fails', async () => {
    const { api, send, logger } = setup(async () => json(404, { error: { code: 'NOT_FOUND', message: 'User u-1 not found' } }));
    const error = await api.call('PATCH /api/admin/users/{id}', { params: { id: 'u-1' }, body: { role: 'broker' } }).catch((caught: unknown) => caught);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/api/admin/users/u-1');
    expect(init).toMatchObject({ method: 'PATCH', body: '{"role":"broker"}' });
    expect(error).toMatchObject({ status: 404, endpoint: '/admin/users/u-1' });
    expect(logger.error).toHaveBeenCalledWith('API', 'API call failed', expect.objectContaining({ endpoint: '/admin/users/u-1', method: 'PATCH' }));
  });

  it('answers a missing path parameter with a rejection, like any failed call', async () => {
    const { api, send } = setup(async () => json(200, {}));
    const call = api.call as (route: string, request?: object) => Promise<unknown>;
    await expect(call('GET /api/releases/{id}')).rejects.toThrow('GET /api/releases/{id} needs the path parameter id');
    expect(send).not.toHaveBeenCalled();
  });

  it("types the request and the answer from the route's contract", () => {
    expectTypeOf<ApiResponse<'GET /api/facilities-statistics'>>().toEqualTypeOf<FacilityStatistics>();
    expectTypeOf<ApiResponse<'GET /api/h3-density'>>().toEqualTypeOf<H3DensityDocument>();
    expectTypeOf<ApiResponse<'PATCH /api/admin/users/{id}'>>().toEqualTypeOf<AdminUser>();
    expectTypeOf<ApiRequest<'GET /api/facilities/{id}'>['params']>().toEqualTypeOf<{ id: string }>();
    // Checked by the type checker only: never called.
    const calls = (api: ApiClient) => {
      expectTypeOf(api.call('GET /api/facilities-statistics')).resolves.toEqualTypeOf<FacilityStatistics>();
      expectTypeOf(api.call('GET /api/facilities/by-fips/{fips}', { params: { fips: '10001' } })).resolves.toEqualTypeOf<CountyFacilitiesResponse>();
      // @ts-expect-error: the route needs its path parameter.
      void api.call('GET /api/releases/{id}');
      // @ts-expect-error: the body must be the route's body.
      void api.call('POST /api/search-address', { body: { query: 'Dover' } });
      // @ts-expect-error: not a route of the map.
      void api.call('GET /api/facilities');
    };
    expect(calls).toBeTypeOf('function');
  });
});
