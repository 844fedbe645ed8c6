/**
 * The one way the app calls the API: bearer token, JSON, a 10 s timeout, the gateway's error
 * body mapped into ApiError, and every failure logged as 'API call failed' (SPEC.md section 8).
 * Components do not use it directly: they use the useXxxQuery hooks in ./queries.
 */
import type { ErrorBody } from '@ust/schemas';
import type { ClientLogger } from '../telemetry/client-logger';
import { ApiError } from './api-error';

export const API_TIMEOUT_MS = 10_000;

export interface RequestOptions {
  body?: unknown;
  /** React Query's cancellation signal. */
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
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

  async function request<T>(method: string, path: string, { body, signal }: RequestOptions = {}): Promise<T> {
    let token: string | null;
    try {
      token = await getAccessToken();
    } catch (cause) {
      // The auth layer has logged why; the screen shows the spec's message.
      throw new ApiError(0, 'NO_ACCESS_TOKEN', 'Get access token failed', path, { cause });
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), timeoutMs);
    const abortFromCaller = () => controller.abort(signal?.reason);
    // The caller may have cancelled while the token was being fetched.
    if (signal?.aborted) abortFromCaller();
    else signal?.addEventListener('abort', abortFromCaller, { once: true });
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      // A cancelled query is not a failure worth logging.
      if (signal?.aborted) throw cause;
      if (controller.signal.reason instanceof TimeoutSignal) {
        fail(new ApiError(0, 'TIMEOUT', `No answer within ${timeoutMs / 1000} s`, path, { cause }), method);
      }
      fail(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached', path, { cause }), method);
    } finally {
      clearTimeout(timer as never);
      signal?.removeEventListener('abort', abortFromCaller);
    }
    const text = await response.text();
    const parsed = parseJson(text);
    if (response.ok && text && parsed === undefined) {
      fail(new ApiError(response.status, 'BAD_RESPONSE', 'The server answered with something other than JSON', path), method);
    }
    if (!response.ok) {
      const error = (parsed as Partial<ErrorBody> | undefined)?.error;
      fail(new ApiError(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? (response.statusText || `HTTP ${response.status}`), path), method);
    }
    return parsed as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    onAccountDeactivated(listener) {
      deactivationListeners.add(listener);
      return () => deactivationListeners.delete(listener);
    },
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
