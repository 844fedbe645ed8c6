import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallerStanding, OpenApiDocument, RouteTableEntry } from '../route-table.js';
import { fuzzRequest } from './request-arbitrary.js';
import { createResponseChecker, type Routing } from './response-invariants.js';

const document: OpenApiDocument = {
  paths: {},
  components: { schemas: { Thing: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
};
const thingRoute = (responses: string[]): RouteTableEntry => ({
  method: 'GET',
  template: '/things/{id}',
  access: { token: 'required', activeAccount: true, roles: null },
  operation: {
    responses: Object.fromEntries(
      responses.map((status) => [status, status === '200' ? { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } : {}]),
    ),
  },
});
const general: CallerStanding = { kind: 'account', role: 'general', active: true };
const error = (message: string) => ({ error: { code: 'X', message, request_id: 'r' } });

describe('the fuzz oracle', () => {
  const server: FastifyInstance = Fastify();
  const problemsOf = async (
    answer: { status: number; body: unknown },
    options: { url?: string; route?: RouteTableEntry; routing?: Routing; standing?: CallerStanding; denials?: string[] } = {},
  ) => {
    const url = options.url ?? '/things/1';
    const response = await server.inject({ method: 'GET', url, headers: { 'x-answer': JSON.stringify(answer) } });
    return createResponseChecker(document)({
      route: options.route ?? thingRoute(['200', '400', '403', '404']),
      routing: options.routing ?? 'this route',
      caller: { standing: options.standing ?? general, denials: new Set(options.denials ?? []) },
      request: fuzzRequest({ method: 'GET', url, headers: {} }),
      response,
    });
  };

  beforeAll(async () => {
    // Answers whatever the test asks for, so each invariant meets a response that breaks it.
    server.get('/*', async (request, reply) => {
      const { status, body } = JSON.parse(String(request.headers['x-answer'])) as { status: number; body: unknown };
      return reply.status(status).send(body);
    });
    await server.ready();
  });
  afterAll(() => server.close());

  it('passes a documented 2xx and a 4xx in the error shape', async () => {
    expect(await problemsOf({ status: 200, body: { n: 1 } })).toEqual([]);
    expect(await problemsOf({ status: 404, body: error('Thing 1 not found') })).toEqual([]);
  });

  it('flags a 5xx, documented or not', async () => {
    expect(await problemsOf({ status: 500, body: error('Internal server error') })).toEqual(['answered 500, which the route does not document']);
    expect(await problemsOf({ status: 503, body: error('No dataset') }, { route: thingRoute(['200', '503']) })).toEqual(['answered 503 on a ready platform']);
  });

  it('flags a 4xx body that is not the error shape, and a 2xx body off its schema', async () => {
    expect(await problemsOf({ status: 400, body: { statusCode: 400, message: 'bad' } })).toEqual(['the 400 body is not the error shape']);
    expect(await problemsOf({ status: 200, body: { n: 'one' } })).toEqual(['the 200 body does not match the documented schema: /n must be integer']);
  });

  it('flags a 4xx body over MAX_ERROR_BODY_BYTES as sent, counting bytes rather than characters', async () => {
    // 700 CJK characters are 2,100 bytes of UTF-8.
    expect(await problemsOf({ status: 400, body: error('漢'.repeat(550)) })).toEqual([]);
    expect(await problemsOf({ status: 400, body: error('漢'.repeat(700)) })).toEqual([expect.stringMatching(/^the 400 body is 21\d\d bytes, over 2000$/)]);
  });

  it('checks a file a route documents as text (a CSV export) as text, not as JSON', async () => {
    const csvRoute: RouteTableEntry = {
      ...thingRoute(['400']),
      operation: { responses: { '200': { content: { 'text/csv': { schema: { type: 'string' } } } }, '400': {} } },
    };
    expect(await problemsOf({ status: 200, body: '\uFEFFID,Name\r\n1,Pump\r\n' }, { route: csvRoute })).toEqual([]);
    expect(await problemsOf({ status: 400, body: 'ID\r\n' }, { route: csvRoute })).toEqual(['the 400 body is not the error shape']);
  });

  it("flags the server's insides in a body, but not the request echoed back", async () => {
    const problems = await problemsOf({ status: 400, body: error('TypeError: x is undefined\n    at load (/work/app/src/load.ts:10:5)') });
    expect(problems).toEqual([
      'the body shows a stack frame: "at load (/work/app/src/load.ts:10:5)"',
      'the body shows an absolute file path: "/work/"',
      'the body shows a source file reference: ".ts:"',
      'the body shows an internal error name: "TypeError"',
    ]);
    expect(await problemsOf({ status: 404, body: error('Thing ../work/x.ts: not found') }, { url: '/things/..%2Fwork%2Fx.ts:' })).toEqual([]);
  });

  it('holds the route table to its word for each caller', async () => {
    expect(await problemsOf({ status: 200, body: { n: 1 } }, { standing: { kind: 'anonymous' } })).toEqual([
      'the route table says 401 for this caller, it answered 200',
    ]);
    expect(await problemsOf({ status: 200, body: { n: 1 } }, { standing: { kind: 'account', role: 'general', active: false } })).toEqual([
      'the route table says 403 for this caller, it answered 200',
    ]);
    expect(await problemsOf({ status: 401, body: error('Sign-in required') })).toEqual(['the route table lets this caller through, it answered 401']);
  });

  it("tells a route's own 403 from the access checks refusing the caller", async () => {
    expect(await problemsOf({ status: 403, body: error('You cannot change your own role') }, { denials: ['This needs the admin role'] })).toEqual([]);
    expect(await problemsOf({ status: 403, body: error('This needs the admin role') }, { denials: ['This needs the admin role'] })).toEqual([
      'the route table lets this caller through, it answered 403: This needs the admin role',
    ]);
    expect(await problemsOf({ status: 403, body: error('No') }, { route: thingRoute(['200']) })).toEqual([
      'the route table lets this caller through, it answered 403: No',
    ]);
  });

  it('expects 404 where no route takes the URL, and only the general invariants where another route does', async () => {
    expect(await problemsOf({ status: 200, body: { n: 1 } }, { routing: 'no route' })).toEqual([
      'no route takes this URL, yet it answered 200 rather than 404',
    ]);
    expect(await problemsOf({ status: 404, body: error('Route not found') }, { routing: 'no route' })).toEqual([]);
    expect(await problemsOf({ status: 200, body: { other: true } }, { routing: 'another route', standing: { kind: 'anonymous' } })).toEqual([]);
  });
});
