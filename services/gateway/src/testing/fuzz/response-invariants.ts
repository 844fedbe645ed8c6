/**
 * What every response must satisfy, whatever was sent: no 5xx, nothing of the server's insides
 * in the body, the 401/403 the route table gives the caller, the one error shape for every 4xx
 * in at most MAX_ERROR_BODY_BYTES as sent, and the documented schema for a 2xx.
 *
 * Not even a documented 503: each one this API documents describes a state of the platform (no
 * dataset built yet, telemetry backed up, a port or the issuer's keys unreachable), and the fuzz
 * runs on a platform in none of them, with its dataset built. A 503 there means a request's
 * content led to an unavailability path, which is a bug whatever the document says.
 */
import { gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import Schema from 'typebox/schema';
import { Value } from 'typebox/value';
import { ErrorBody, MAX_ERROR_BODY_BYTES } from '@ust/schemas';
import { accessDecision, type CallerStanding, type OpenApiDocument, type RouteTableEntry } from '../route-table.js';
import type { FuzzRequest } from './request-arbitrary.js';

/** Where the router took a request: the route under test, no route, or another one. */
export type Routing = 'this route' | 'no route' | 'another route';

export interface ExchangeToCheck {
  route: RouteTableEntry;
  routing: Routing;
  caller: { standing: CallerStanding; denials: ReadonlySet<string> };
  request: FuzzRequest;
  response: LightMyRequestResponse;
}

/**
 * Signs of the server's insides: stack frames, source and install paths, error class names and
 * error codes of Node, Fastify and ClickHouse.
 */
const LEAKS: Array<[what: string, pattern: RegExp]> = [
  ['a stack frame', /\bat [^\s()]+ \([^()\s]+:\d+:\d+\)|\bat (?:file:\/\/|node:|\/)[^\s:]+:\d+:\d+/],
  ['an absolute file path', /\/work\/|\/home\/|\/usr\/|\/tmp\//],
  ['node_modules', /node_modules/],
  ['a source file reference', /\.(?:ts|mts|cts|js|mjs|cjs):/],
  ['an internal error name', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|AggregateError|DB::Exception)\b/],
  ['an internal error code', /\b(?:FST_[A-Z_]+|FAST_JWT_[A-Z_]+|ERR_[A-Z][A-Z_]{3,}|E(?:CONNREFUSED|CONNRESET|NOENT|ACCES|PIPE|TIMEDOUT))\b/],
];

/** The body's bytes as the server wrote them before any compression. */
function bodyBytes(response: LightMyRequestResponse): Buffer {
  return response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Everything the request carried, as text, so that a body echoing the request is not taken for a leak. */
function requestText(request: FuzzRequest): string {
  return [request.url, safeDecode(request.url), safeDecode(request.url.replaceAll('+', ' ')), request.payload ?? '', ...Object.values(request.headers)].join(
    '\n',
  );
}

export function createResponseChecker(document: OpenApiDocument) {
  const components = { components: document.components ?? {} };
  /** The documented schema of a status, resolvable against the document's components. */
  const documentedSchema = (route: RouteTableEntry, status: number) => {
    const content = route.operation.responses[String(status)]?.content ?? {};
    const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
    return schema && { ...components, ...schema };
  };
  /** Whether a status answers a file (a CSV or GeoJSON export) rather than JSON: its body is checked as text. */
  const answersText = (route: RouteTableEntry, status: number) => {
    const content = route.operation.responses[String(status)]?.content ?? {};
    return Object.keys(content).length > 0 && !('application/json' in content);
  };

  return function responseProblems({ route, routing, caller, request, response }: ExchangeToCheck): string[] {
    const problems: string[] = [];
    const status = response.statusCode;
    const bytes = bodyBytes(response);
    const text = bytes.toString('utf8');
    const documents = (code: number) => String(code) in route.operation.responses;

    if (status >= 500) problems.push(`answered ${status}${documents(status) ? ' on a ready platform' : ', which the route does not document'}`);

    const echoed = requestText(request);
    for (const [what, pattern] of LEAKS) {
      const found = text.match(pattern);
      if (found && !echoed.includes(found[0])) problems.push(`the body shows ${what}: ${JSON.stringify(found[0])}`);
    }

    const parsed = parseJson(text);
    if (status >= 400) {
      if (!parsed.ok || !Value.Check(ErrorBody, parsed.value)) problems.push(`the ${status} body is not the error shape`);
      if (status < 500 && bytes.length > MAX_ERROR_BODY_BYTES) problems.push(`the ${status} body is ${bytes.length} bytes, over ${MAX_ERROR_BODY_BYTES}`);
    } else if (status >= 200 && status < 300 && routing === 'this route') {
      const schema = documentedSchema(route, status);
      if (!schema) problems.push(`answered ${status}, which the route does not document`);
      else if (!answersText(route, status) && !parsed.ok) problems.push(`the ${status} body is not JSON`);
      else {
        const [, errors] = Schema.Errors(schema, answersText(route, status) ? text : parsed.ok ? parsed.value : undefined);
        if (errors.length)
          problems.push(
            `the ${status} body does not match the documented schema: ${errors
              .slice(0, 3)
              .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
              .join('; ')}`,
          );
      }
    }

    problems.push(...accessProblems(route, routing, caller, status, parsed.ok ? parsed.value : undefined));
    return problems;
  };
}

function accessProblems(route: RouteTableEntry, routing: Routing, caller: ExchangeToCheck['caller'], status: number, body: unknown): string[] {
  // Fastify parses a body before its not-found handler runs, so a broken one is refused first.
  if (routing === 'no route')
    return status === 404 || [400, 413, 415].includes(status) ? [] : [`no route takes this URL, yet it answered ${status} rather than 404`];
  if (routing === 'another route') return [];
  const decision = accessDecision(route.access, caller.standing);
  if (decision !== 'allowed') return status === decision ? [] : [`the route table says ${decision} for this caller, it answered ${status}`];
  if (status === 401) return ['the route table lets this caller through, it answered 401'];
  if (status === 403) {
    const message = (body as ErrorBody | undefined)?.error?.message ?? '';
    // A route may refuse a request for what it asks (another user's profile, one's own role);
    // it may not refuse the caller as the access checks do elsewhere.
    if (!(String(403) in route.operation.responses) || caller.denials.has(message))
      return [`the route table lets this caller through, it answered 403: ${message}`];
  }
  return [];
}
