import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fastifyTrustProxy, type Logger } from '@ust/platform';
import app, { type AppOptions } from './app.js';
import { answerClientError } from './plugins/client-errors.js';
import { answerFrameworkError } from './plugins/error-handler.js';

/**
 * Validation collects every problem of a body (not only the first) and never drops unknown
 * properties silently: a schema that forbids them answers 400 naming the property.
 */
export const AJV_OPTIONS = { customOptions: { allErrors: true, removeAdditional: false as const } };

/** A Fastify instance with the gateway registered, ready to listen or to inject(). */
export async function buildGateway(options: AppOptions & { logger: Logger }): Promise<FastifyInstance> {
  const fastify = Fastify({
    loggerInstance: options.logger,
    // Request ids let a client quote one in a bug report; the error body carries it.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    // Forwarded headers count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    // One line per request at debug (below) instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: AJV_OPTIONS,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Path parameters as long as the longest the routes document (a facility or release id, 200
    // characters) reach their route; the router's own limit is 100.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  fastify.addHook('onResponse', async (request, reply) => {
    request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
  await fastify.register(app, options);
  await fastify.ready();
  return fastify as unknown as FastifyInstance;
}
