/**
 * The network of a component test: global fetch answered like the gateway, from a table of
 * `METHOD /api/path` (without the query string) to JSON bodies. The app's own API client,
 * telemetry and query hooks run unchanged on top of it. A call the table does not know is
 * answered 404 with the gateway's error body and kept in `unexpected`.
 */
import { vi } from 'vitest';

export interface GatewayCall {
  method: string;
  /** The path with its query string, as the app asked. */
  url: string;
  body: unknown;
  authorization: string | null;
  /** Aborted when the app cancelled the call, e.g. a query whose component StrictMode unmounted before the answer. */
  signal: AbortSignal | null;
}

/** An answer with a status other than 200. */
export class GatewayReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** The gateway's error body, with its status. */
export const gatewayError = (status: number, code: string, message: string) => new GatewayReply(status, { error: { code, message } });

/** A 200 body, a reply with another status, or a function of the call that returns either. */
export type GatewayAnswer = unknown;
export type GatewayRoutes = Record<string, GatewayAnswer>;

/** Telemetry the app sends on its own: accepted, as the gateway does. */
const TELEMETRY_ROUTES: GatewayRoutes = {
  'POST /api/log-activity': new GatewayReply(202, { accepted: 1 }),
  'POST /api/logs': new GatewayReply(202, { accepted: 1 }),
};

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function stubGateway(routes: GatewayRoutes) {
  const table: GatewayRoutes = { ...TELEMETRY_ROUTES, ...routes };
  const calls: GatewayCall[] = [];
  const unexpected: GatewayCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const call: GatewayCall = {
      method,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
      signal: init.signal ?? null,
    };
    calls.push(call);
    const key = `${method} ${new URL(url, 'http://localhost').pathname}`;
    if (!(key in table)) {
      unexpected.push(call);
      return json(404, { error: { code: 'NOT_FOUND', message: `Route ${key} not found` } });
    }
    const route = table[key];
    const answer: unknown = typeof route === 'function' ? (route as (call: GatewayCall) => unknown)(call) : route;
    return answer instanceof GatewayReply ? json(answer.status, answer.body) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    unexpected,
    /** The calls to one endpoint, e.g. `callsTo('GET /api/facilities/5000533')`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${new URL(call.url, 'http://localhost').pathname}` === key),
  };
}
