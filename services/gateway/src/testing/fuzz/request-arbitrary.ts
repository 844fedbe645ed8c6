/**
 * Requests for one route of the OpenAPI document: path and query parameters and the JSON body
 * from their schemas (schema-arbitrary.ts), sometimes missing, repeated, sent unencoded, under
 * another content type, or as a body that is not JSON at all.
 */
import fc from 'fast-check';
import type { OpenApiParameter, RouteTableEntry } from '../route-table.js';
import { HOSTILE_STRINGS } from './hostile-values.js';
import type { JsonSchema, SchemaArbitraries } from './schema-arbitrary.js';

export interface FuzzRequest {
  method: string;
  /** Path and query string as sent. */
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** How much of a long URL or body, and of a header (a signed-in caller's token), a counterexample shows. */
const SHOWN_CHARS = 400;
const SHOWN_HEADER_CHARS = 120;

function shown(text: string, limit = SHOWN_CHARS): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}... (${text.length} chars)` : text);
}

function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${shown(value, SHOWN_HEADER_CHARS)}`)
    .join(', ');
  return `${request.method} ${shown(request.url)}${headers ? `  headers { ${headers} }` : ''}${request.payload === undefined ? '' : `  body ${shown(request.payload)}`}`;
}

/** A request that reads as `describeRequest` in fast-check's counterexamples. */
export function fuzzRequest(request: FuzzRequest): FuzzRequest {
  return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
}

/** Lone surrogates cannot be encoded as UTF-8: they become U+FFFD, as a browser would send them. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A value as text a URL can carry. */
function asText(value: unknown): string {
  return wellFormed(typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
}

const SENDABLE_RAW = /^[\x21-\x7e]*$/;

/** Percent-encoded, or now and then as typed (`%zz`, `..`) when it is printable ASCII without a delimiter. */
function urlPart(value: unknown, delimiters: RegExp): fc.Arbitrary<string> {
  const text = asText(value);
  const encoded = encodeURIComponent(text);
  if (!SENDABLE_RAW.test(text) || delimiters.test(text) || text === encoded) return fc.constant(encoded);
  return fc.oneof({ arbitrary: fc.constant(encoded), weight: 4 }, { arbitrary: fc.constant(text), weight: 1 });
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json;',
];

/** Bodies that are not the JSON of an object: broken, of another type, or a prototype-reaching key. */
const MALFORMED_JSON = [
  '',
  ' ',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1e999}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\uFEFF{}',
  '[{}]',
];

/** One part of a request the fuzz varies on its own: a path parameter, a query parameter, the body. */
type RequestPart = { kind: 'path'; segment: string } | { kind: 'query'; pairs: string[] } | { kind: 'body'; payload: string; contentType?: string };

/** A part's values: all valid, at or past a bound (or broken), and either at random. */
interface PartArbitraries {
  valid: fc.Arbitrary<RequestPart>;
  off: fc.Arbitrary<RequestPart>;
  either: fc.Arbitrary<RequestPart>;
}

function pathPart(parameter: OpenApiParameter, arbitraries: SchemaArbitraries): PartArbitraries {
  const segment = (values: fc.Arbitrary<unknown>) =>
    values.chain((value) => urlPart(value, /[/?#]/)).map((text): RequestPart => ({ kind: 'path', segment: text }));
  return {
    valid: arbitraries.valid(parameter.schema, parameter.name).map((value): RequestPart => ({ kind: 'path', segment: encodeURIComponent(asText(value)) })),
    off: segment(arbitraries.boundary(parameter.schema, parameter.name)),
    either: segment(arbitraries.fuzz(parameter.schema, parameter.name)),
  };
}

function queryPart(parameter: OpenApiParameter, arbitraries: SchemaArbitraries): PartArbitraries {
  const pairs = (values: fc.Arbitrary<unknown[]>) =>
    values
      .chain((list) => fc.tuple(...list.map((value) => urlPart(value, /[&=#]/))))
      .map((parts): RequestPart => ({ kind: 'query', pairs: parts.map((part) => `${parameter.name}=${part}`) }));
  // A parameter with a default is filled in when absent; the document lists it as required all the same.
  const mayBeAbsent = !parameter.required || 'default' in parameter.schema;
  const absent = fc.constant<unknown[]>([]);
  const valid = arbitraries.valid(parameter.schema, parameter.name).map((value) => [value]);
  const off = arbitraries.boundary(parameter.schema, parameter.name).map((value) => [value]);
  // Repeated, it arrives as an array.
  const repeated = fc.array(arbitraries.fuzz(parameter.schema, parameter.name), { minLength: 2, maxLength: 3 });
  return {
    valid: pairs(mayBeAbsent ? fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: absent, weight: 1 }) : valid),
    off: pairs(
      mayBeAbsent ? fc.oneof({ arbitrary: off, weight: 4 }, { arbitrary: repeated, weight: 1 }) : fc.oneof({ arbitrary: off, weight: 4 }, repeated, absent),
    ),
    either: pairs(
      fc.oneof(
        { arbitrary: arbitraries.fuzz(parameter.schema, parameter.name).map((value) => [value]), weight: 6 },
        { arbitrary: absent, weight: 2 },
        { arbitrary: repeated, weight: 1 },
      ),
    ),
  };
}

function bodyPart(schema: JsonSchema, arbitraries: SchemaArbitraries): PartArbitraries {
  const json = (values: fc.Arbitrary<unknown>) =>
    values.map((value): RequestPart => ({ kind: 'body', payload: JSON.stringify(value) ?? '', contentType: 'application/json' }));
  const broken = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON).map((payload): RequestPart => ({ kind: 'body', payload, contentType: 'application/json' })),
    fc
      .tuple(arbitraries.valid(schema), fc.option(fc.constantFrom(...CONTENT_TYPES)))
      .map(([value, contentType]): RequestPart => ({ kind: 'body', payload: JSON.stringify(value), contentType: contentType ?? undefined })),
  );
  return {
    valid: json(arbitraries.valid(schema)),
    off: fc.oneof({ arbitrary: json(arbitraries.boundary(schema)), weight: 4 }, { arbitrary: broken, weight: 1 }),
    either: fc.oneof({ arbitrary: json(arbitraries.fuzz(schema)), weight: 6 }, { arbitrary: broken, weight: 1 }),
  };
}

/**
 * Requests for `route`: every part valid, so the handler does its work; exactly one part off,
 * so that part's check is reached past the others; or every part at random.
 */
export function requestArbitrary(route: RouteTableEntry, arbitraries: { url: SchemaArbitraries; body: SchemaArbitraries }): fc.Arbitrary<FuzzRequest> {
  const parameters = route.operation.parameters ?? [];
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
  const parts = [
    ...parameters.filter((parameter) => parameter.in === 'path').map((parameter) => pathPart(parameter, arbitraries.url)),
    ...parameters.filter((parameter) => parameter.in === 'query').map((parameter) => queryPart(parameter, arbitraries.url)),
    ...(bodySchema ? [bodyPart(bodySchema, arbitraries.body)] : []),
  ];
  const allValid = fc.tuple(...parts.map((part) => part.valid));
  const oneOff = parts.length
    ? fc.nat({ max: parts.length - 1 }).chain((off) => fc.tuple(...parts.map((part, index) => (index === off ? part.off : part.valid))))
    : allValid;
  const atRandom = fc.tuple(...parts.map((part) => part.either));
  // Now and then a query parameter no route declares.
  const unknownPair = fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    {
      arbitrary: fc.tuple(fc.constantFrom('unknown', '__proto__', 'constructor', ...HOSTILE_STRINGS.slice(0, 4)), fc.constantFrom(...HOSTILE_STRINGS)),
      weight: 1,
    },
  );

  return fc
    .tuple(fc.oneof({ arbitrary: allValid, weight: 3 }, { arbitrary: oneOff, weight: 3 }, { arbitrary: atRandom, weight: 2 }), unknownPair)
    .map(([chosen, extra]) => {
      const segments = chosen.flatMap((part) => (part.kind === 'path' ? [part.segment] : []));
      const pairs = chosen.flatMap((part) => (part.kind === 'query' ? part.pairs : []));
      if (extra) pairs.push(`${encodeURIComponent(extra[0])}=${encodeURIComponent(wellFormed(extra[1]))}`);
      const body = chosen.find((part) => part.kind === 'body');
      let index = 0;
      // A prefix route's trailing slash goes before the parameters are set, so an empty last parameter stays empty.
      const path = route.template.replace(/(.)\/$/, '$1').replace(/\{[^}]+\}/g, () => segments[index++]!);
      return fuzzRequest({
        method: route.method,
        url: `${path}${pairs.length ? `?${pairs.join('&')}` : ''}`,
        headers: body?.contentType ? { 'content-type': body.contentType } : {},
        ...(body ? { payload: body.payload } : {}),
      });
    });
}
