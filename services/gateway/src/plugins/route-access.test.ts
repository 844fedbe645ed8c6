import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { describe, expect, it } from 'vitest';
import { documentRouteAccess, routeAccessOf } from './route-access.js';

describe('route access in the OpenAPI document', () => {
  it('documents what each scope enforces, nested scopes adding to their parents', async () => {
    const fastify = Fastify();
    await fastify.register(swagger, {
      openapi: { openapi: '3.1.0', security: [{ bearerAuth: [] }], components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } } },
    });
    fastify.get('/health', { schema: { security: [] } }, async () => 'ok');
    fastify.post('/telemetry', { schema: { security: [{}, { bearerAuth: [] }] } }, async () => 'ok');
    fastify.get('/default', async () => 'ok');
    await fastify.register(async (signedIn) => {
      documentRouteAccess(signedIn, { token: 'required' });
      signedIn.get('/profile', async () => 'ok');
      await signedIn.register(async (active) => {
        documentRouteAccess(active, { activeAccount: true });
        active.get('/facilities/:id', async () => 'ok');
        await active.register(async (admin) => {
          documentRouteAccess(admin, { roles: ['admin'] });
          admin.patch('/admin/users/:id', { schema: { summary: 'Change a user' } }, async () => 'ok');
        });
      });
    });
    await fastify.ready();
    const document = fastify.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      security: Array<Record<string, string[]>>;
    };
    const accessOf = (path: string, method: string) => routeAccessOf(document.paths[path]![method]!, document.security);

    expect(accessOf('/health', 'get')).toEqual({ token: 'none', activeAccount: false, roles: null });
    expect(accessOf('/telemetry', 'post')).toEqual({ token: 'optional', activeAccount: false, roles: null });
    expect(accessOf('/default', 'get')).toEqual({ token: 'required', activeAccount: false, roles: null });
    expect(accessOf('/profile', 'get')).toEqual({ token: 'required', activeAccount: false, roles: null });
    expect(accessOf('/facilities/{id}', 'get')).toEqual({ token: 'required', activeAccount: true, roles: null });
    expect(accessOf('/admin/users/{id}', 'patch')).toEqual({ token: 'required', activeAccount: true, roles: ['admin'] });
    expect(document.paths['/admin/users/{id}']!.patch).toMatchObject({
      summary: 'Change a user',
      'x-required-roles': ['admin'],
      'x-requires-active-account': true,
    });
    await fastify.close();
  });
});
