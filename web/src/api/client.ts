/**
 * The one way the app calls the API: bearer token, JSON, a 10 s timeout, the gateway's error
 * body mapped into ApiError, and every failure logged as 'API call failed' (docs/product.md
 * section 8). Components do not use it directly: they use the useXxxQuery hooks in ./queries.
 *
 * `call` names a route of the API's path map (`ApiRoutes` in @ust/schemas, the contract the
 * gateway's routes are held to): its parameters, query and body are checked against the route's
 * schemas and its answer has the route's response type, so no call site binds a path to a type.
 */
import type { ApiRoute, ApiRoutes, ErrorBody } from '@ust/schemas';
import type { ClientLogger } from '../telemetry/client-logger';
import { ApiError } from './api-error';

export const API_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  /** Sent as JSON, or as it is when FormData (a multipart upload). */
  body?: unknown;
  /** React Query's cancellation signal. */
  signal?: AbortSignal;
  /**
   * 'blob' for a download (a CSV) instead of JSON; 'file' for the blob and the name the
   * server's content-disposition gives it. @defaultValue 'json'
   */
  as?: 'json' | 'blob' | 'file';
  /** Overrides the client's timeout (an upload of hundreds of MB takes longer). */
  timeoutMs?: number;
}

/** A route's part the caller gives: required when the route takes it, absent when it does not. */
type Part<Name extends string, T, Optional extends boolean = false> = [T] extends [never]
  ? { [K in Name]?: undefined }
  : Optional extends true
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/**
 * What a call of `route` sends: its path parameters, its query (every field optional, as the
 * gateway fills in defaults) and its body.
 */
export type ApiRequest<R extends ApiRoute> = Part<'params', ApiRoutes[R]['params']> &
  Part<'query', Partial<ApiRoutes[R]['query']>, true> &
  Part<'body', ApiRoutes[R]['body']> & {
    /** React Query's cancellation signal. */
    signal?: AbortSignal;
  };

/** A downloaded file: its bytes and the name the server gave it (content-disposition). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** What `route` answers on success. */
export type ApiResponse<R extends ApiRoute> = ApiRoutes[R]['response'];

/** An ApiRequest of any route, as the client reads it. */
interface UntypedRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

/** The request argument, optional when the route needs neither parameters nor a body. */
type RequestArgument<R extends ApiRoute> = object extends ApiRequest<R> ? [request?: ApiRequest<R>] : [request: ApiRequest<R>];

export interface ApiClient {
  /** Calls a route of the path map, e.g. `call('GET /api/facilities/{id}', { params: { id } })`. */
  call<R extends ApiRoute>(route: R, ...request: RequestArgument<R>): Promise<ApiResponse<R>>;
  /**
   * Downloads what a route answers as a file (an export), with the token like every call:
   * `download('GET /api/admin/logs/export/csv', { query: { level: 'ERROR' } }, { timeoutMs })`.
   */
  download<R extends ApiRoute>(route: R, request: ApiRequest<R>, options?: Pick<RequestOptions, 'timeoutMs'>): Promise<DownloadedFile>;
  /** Untyped: the caller names the answer's type. Prefer `call`. */
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** Untyped: the caller names the answer's type. Prefer `call`. */
  post<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** Untyped: the caller names the answer's type. Prefer `call`. */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** Called whenever the gateway says the signed-in account is deactivated. */
  onAccountDeactivated(listener: () => void): () => void;
}

export interface ApiClientOptions {
  /** @defaultValue '/api' */
  baseUrl?: string;
  fetch: typeof fetch;
  /** Null when signed out: the call goes without a token. Throws when a renewal fails. */
  getAccessToken: () => Promise<string | null>;
  logger: Pick<ClientLogger, 'error'>;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
  /** @defaultValue 10 000 ms */
  timeoutMs?: number;
}

class TimeoutSignal extends Error {}

/** Every key of the path map starts with it; the client's `baseUrl` stands for it. */
const API_PREFIX = '/api';

/**
 * The method and the path under the base URL of a call of `route`: `{name}` filled from
 * `params`, and the query's defined fields appended in their order, each URI-encoded.
 */
function routeRequest(
  route: ApiRoute,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, string | number | boolean | undefined>> = {},
): { method: string; path: string } {
  const [method, template] = route.split(' ') as [string, string];
  const path = template.slice(API_PREFIX.length).replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return { method, path: search ? `${path}?${search}` : path };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { fetch: send, getAccessToken, logger, setTimeout, clearTimeout } = options;
  const baseUrl = options.baseUrl ?? '/api';
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const deactivationListeners = new Set<() => void>();

  function fail(error: ApiError, method: string): never {
    logger.error('API', 'API call failed', { endpoint: error.endpoint, method, status: error.status, code: error.code, message: error.message });
    if (error.isAccountDeactivated) deactivationListeners.forEach((listener) => listener());
    throw error;
  }

  async function request<T>(method: string, path: string, { body, signal, as = 'json', timeoutMs: callTimeoutMs }: RequestOptions = {}): Promise<T> {
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    let token: string | null;
    try {
      token = await getAccessToken();
    } catch (cause) {
      // The auth layer has logged why; the screen shows the spec's message.
      throw new ApiError(0, 'NO_ACCESS_TOKEN', 'Get access token failed', path, { cause });
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), callTimeoutMs ?? timeoutMs);
    const abortFromCaller = () => controller.abort(signal?.reason);
    // The caller may have cancelled while the token was being fetched.
    if (signal?.aborted) abortFromCaller();
    else signal?.addEventListener('abort', abortFromCaller, { once: true });
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: as === 'json' ? 'application/json' : '*/*',
          // FormData sets its own multipart content type with the boundary.
          ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      // A cancelled query is not a failure worth logging.
      if (signal?.aborted) throw cause;
      if (controller.signal.reason instanceof TimeoutSignal) {
        fail(new ApiError(0, 'TIMEOUT', `No answer within ${(callTimeoutMs ?? timeoutMs) / 1000} s`, path, { cause }), method);
      }
      fail(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached', path, { cause }), method);
    } finally {
      clearTimeout(timer as never);
      signal?.removeEventListener('abort', abortFromCaller);
    }
    if (response.ok && as === 'blob') return (await response.blob()) as T;
    if (response.ok && as === 'file') {
      const file: DownloadedFile = { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
      return file as T;
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (response.ok && text && parsed === undefined) {
      fail(new ApiError(response.status, 'BAD_RESPONSE', 'The server answered with something other than JSON', path), method);
    }
    if (!response.ok) {
      const error = (parsed as Partial<ErrorBody> | undefined)?.error;
      fail(
        new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? (response.statusText || `HTTP ${response.status}`), path),
        method,
      );
    }
    return parsed as T;
  }

  return {
    async call(route, ...[input]) {
      const { params, query, body, signal } = (input ?? {}) as UntypedRequest;
      const { method, path } = routeRequest(route, params, query);
      return request(method, path, { body, signal });
    },
    async download(route, input, options) {
      const { params, query, signal } = input as UntypedRequest;
      const { method, path } = routeRequest(route, params, query);
      return request<DownloadedFile>(method, path, { signal, as: 'file', timeoutMs: options?.timeoutMs });
    },
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    onAccountDeactivated(listener) {
      deactivationListeners.add(listener);
      return () => deactivationListeners.delete(listener);
    },
  };
}

/** The file name of `attachment; filename="facilities-DE-10001-v3.csv"`; null without one. */
export function fileNameOf(contentDisposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match ? match[1]! : null;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
