/** OpenAPI document generated from the TypeBox route schemas, served at /docs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody, HealthResponse, ReadyResponse } from '@ust/schemas';

/**
 * The Content-Security-Policy of every answer under /docs. Swagger UI is same-origin files with
 * no inline script (its initializer is a file too); it fetches the document and, for "Try it
 * out", the API from the same origin, draws its icons as data: SVGs, and sets styles through the
 * CSSOM, which the policy does not govern. The one inline style it adds, the colours of its
 * logo's SVG, is allowed by its hash; a Swagger UI that changes it shows as a violation in
 * web/e2e/content-security-policy.e2e.test.ts. It is not a page the web app frames.
 */
const SWAGGER_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
export const API_DOCS_POLICY =
  `default-src 'none'; script-src 'self'; style-src 'self' ${SWAGGER_LOGO_STYLE_HASH}; img-src 'self' data:; connect-src 'self'; ` +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

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
          'Every route except /health, /ready, POST /runtime-proof, GET /api/auth-config, the sign-in flow and the telemetry routes (POST /api/logs, /api/log-activity, token optional) needs a bearer token.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      // Every route needs a token unless its schema says `security: []` (probes, telemetry).
      security: [{ bearerAuth: [] }],
    },
  });
  await fastify.register(swaggerUi, { routePrefix: '/docs', staticCSP: API_DOCS_POLICY });
}

export default fp(openApiPlugin, { name: 'openapi' });
