/**
 * The trust boundary under fuzz: every route of the OpenAPI document, called by every kind of
 * caller with requests derived from the route's documented schemas (valid values, values at
 * and past their bounds, wrong types, hostile strings, broken bodies), over the real fixtures.
 * Whatever is sent: no 5xx (not even a documented 503, as the platform is ready), nothing of the
 * server's insides in a body, the 401/403 the route table in the document gives the caller, the
 * one error shape for every 4xx, and the documented schema for every 2xx
 * (services/gateway/src/testing/fuzz/response-invariants.ts).
 *
 * A fixed seed and a bounded number of runs per route and caller keep CI's run the same each
 * time; by hand, `FUZZ_RUNS=<runs per route and caller>` and `FUZZ_SEED=<seed>` run longer or
 * elsewhere. A failure names the route and the caller and shows fast-check's shrunk request.
 *
 * It lives beside the standalone process because it needs the fixtures' dataset built by the
 * workers, which the gateway does not depend on.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TELEMETRY_BODY_BYTES } from '@ust/schemas';
import {
  accessDecision,
  createResponseChecker,
  FUZZ_ADMIN_EMAIL,
  FUZZ_CALLER_NAMES,
  FuzzTally,
  fuzzRequest,
  readRouteTable,
  requestArbitrary,
  routeName,
  routingOf,
  schemaArbitraries,
  seedsFromData,
  signInCallers,
  urlWith,
  type FuzzCaller,
  type FuzzRequest,
  type OpenApiDocument,
  type RouteTableEntry,
  type SchemaArbitraries,
} from '@ust/gateway/testing';
import { startGatewayOnFixtures, type FixturesGateway } from './testing/gateway-on-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_126);
/** Around the body limits: a search's 4 KB, telemetry's 256 KB, and the gateway's 1 MB. */
const HUGE_FIELD_BYTES = [4_000, 4_200, MAX_TELEMETRY_BODY_BYTES - 200, MAX_TELEMETRY_BODY_BYTES + 10, 1_048_000, 1_049_000];
/** Rate limits no fuzz run reaches: a 429 would hide what the route does. */
const UNLIMITED = '100000000';

/** A seed per route and caller, so each combination explores its own requests and replays alone. */
function seedOf(caller: string, route: RouteTableEntry): number {
  let hash = SEED | 0;
  for (const char of `${caller} ${routeName(route)}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function shortBody(body: string): string {
  return body.length > 300 ? `${body.slice(0, 300)}... (${body.length} chars)` : body;
}

describe('the trust boundary under fuzz', () => {
  let platform: FixturesGateway;
  let gateway: FastifyInstance;
  let routes: RouteTableEntry[];
  let callers: FuzzCaller[];
  let arbitraries: { url: SchemaArbitraries; body: SchemaArbitraries };
  let responseProblems: ReturnType<typeof createResponseChecker>;
  /** Per caller, the messages the access checks refuse it with (403s a route gives for what was asked are others). */
  const denials = new Map<string, Set<string>>();
  const tally = new FuzzTally();

  beforeAll(async () => {
    platform = await startGatewayOnFixtures('trust-fuzz', {
      ADMIN_EMAILS: FUZZ_ADMIN_EMAIL,
      RATE_LIMIT_PER_MINUTE: UNLIMITED,
      ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    });
    gateway = platform.gateway;
    const document = (await gateway.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
    routes = readRouteTable(document);
    responseProblems = createResponseChecker(document);
    const signedIn = await signInCallers(gateway, platform.issuer);
    callers = signedIn.callers;
    const data = await seedsFromData(platform.ports.store);
    const seeds: Record<string, readonly unknown[]> = { ...data, id: [...data.id!, ...signedIn.bystanderIds], sub: signedIn.subjects };
    const resolveRef = (ref: string) => {
      const name = ref.replace('#/components/schemas/', '');
      const schema = document.components?.schemas?.[name];
      if (!schema) throw new Error(`The document has no schema ${ref}`);
      return schema as Record<string, unknown>;
    };
    arbitraries = {
      url: schemaArbitraries({ resolveRef, seeds: (name) => seeds[name] ?? [] }),
      body: schemaArbitraries({ resolveRef, seeds: (name) => seeds[name] ?? [], hugeLengths: HUGE_FIELD_BYTES }),
    };
    for (const caller of callers) {
      const [authorization] = fc.sample(caller.authorization, { numRuns: 1, seed: SEED });
      const refused = new Set<string>();
      for (const route of routes.filter((entry) => accessDecision(entry.access, caller.standing) === 403)) {
        const response = await gateway.inject({ method: route.method as 'GET', url: urlWith(route, 'x'), headers: authorization ? { authorization } : {} });
        if (response.statusCode === 403) refused.add((response.json() as { error: { message: string } }).error.message);
      }
      denials.set(caller.name, refused);
    }
  }, 300_000);

  afterAll(async () => {
    console.log(`Trust boundary fuzz (FUZZ_RUNS=${RUNS}, FUZZ_SEED=${SEED}):\n${tally.summary()}`);
    await platform?.close();
  });

  it('fuzzes every route of the document as every caller', () => {
    expect(callers.map((caller) => caller.name)).toEqual([...FUZZ_CALLER_NAMES]);
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  function requestsAs(caller: FuzzCaller, route: RouteTableEntry): fc.Arbitrary<FuzzRequest> {
    return fc
      .tuple(caller.authorization, requestArbitrary(route, arbitraries))
      .map(([authorization, request]) => (authorization === undefined ? request : fuzzRequest({ ...request, headers: { ...request.headers, authorization } })));
  }

  async function send(caller: FuzzCaller, route: RouteTableEntry, request: FuzzRequest): Promise<void> {
    const response = await gateway.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    tally.record(routeName(route), caller.name, response.statusCode);
    const problems = responseProblems({
      route,
      routing: routingOf(gateway, route, request.url),
      caller: { standing: caller.standing, denials: denials.get(caller.name)! },
      request,
      response,
    });
    if (problems.length) throw new Error(`${problems.join('; ')}\n    response: ${response.statusCode} ${shortBody(response.body)}`);
  }

  for (const callerName of FUZZ_CALLER_NAMES) {
    it(
      `holds on every route called as ${callerName}`,
      async () => {
        const caller = callers.find((candidate) => candidate.name === callerName)!;
        const failures: string[] = [];
        for (const route of routes) {
          const details = await fc.check(
            fc.asyncProperty(requestsAs(caller, route), (request) => send(caller, route, request)),
            { seed: seedOf(caller.name, route), numRuns: RUNS },
          );
          if (details.failed) {
            const problem = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
            failures.push(`${routeName(route)} as ${caller.name}: ${problem}\n${fc.defaultReportMessage(details)}`);
          }
        }
        if (failures.length)
          expect.fail(`${failures.length} of ${routes.length} routes broke an invariant called as ${caller.name}:\n\n${failures.join('\n\n')}`);
      },
      // Room for slow machines and long runs by hand; nothing here is timed.
      120_000 + RUNS * 4_000,
    );
  }
});
