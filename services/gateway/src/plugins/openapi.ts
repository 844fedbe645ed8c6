/** OpenAPI document generated from the TypeBox route schemas, served at /docs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody, HealthResponse, ReadyResponse } from '@ust/schemas';

async function openApiPlugin(fastify: FastifyInstance) {
  for (const schema of [ErrorBody, HealthResponse, ReadyResponse]) fastify.addSchema(schema);
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'UST Risk Platform API',
        version: '0.1.0',
        description:
          'Underground storage tank facilities, releases, risk scores and indicative premium estimates. ' +
          'Every route except /health, /ready, GET /api/auth-config, the sign-in flow and the telemetry routes (POST /api/logs, /api/log-activity, token optional) needs a bearer token.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      // Every route needs a token unless its schema says `security: []` (probes, telemetry).
      security: [{ bearerAuth: [] }],
    },
  });
  await fastify.register(swaggerUi, { routePrefix: '/docs' });
}

export default fp(openApiPlugin, { name: 'openapi' });
