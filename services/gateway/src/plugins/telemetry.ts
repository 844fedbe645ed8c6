/**
 * The telemetry buffer as an app plugin: routes enqueue browser logs and activities, and every
 * API call leaves one request-log event (method, route template, status, duration, user).
 * Closing the gateway sends what is still held.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createTelemetryBuffer, type TelemetryBuffer } from '../telemetry/telemetry-buffer.js';
import { requestLogEvent } from '../telemetry/to-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryBuffer;
    /** An onResponse hook that publishes the request-log event of each call in its scope. */
    logRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

async function telemetryPlugin(fastify: FastifyInstance) {
  const telemetry = createTelemetryBuffer({
    events: fastify.ports.events,
    log: fastify.log.child({ component: 'telemetry-buffer' }),
    capacity: fastify.config.TELEMETRY_BUFFER_EVENTS,
    capacityBytes: fastify.config.TELEMETRY_BUFFER_BYTES,
    lingerMs: fastify.config.TELEMETRY_LINGER_MS,
  });
  fastify.decorate('telemetry', telemetry);
  fastify.decorate('logRequest', async function logRequest(request: FastifyRequest, reply: FastifyReply) {
    const now = new Date();
    telemetry.enqueueLogs([
      requestLogEvent(
        {
          id: request.id,
          method: request.method,
          endpoint: request.routeOptions.url ?? 'unmatched route',
          statusCode: reply.statusCode,
          durationMs: reply.elapsedTime,
          startedAt: new Date(now.getTime() - reply.elapsedTime),
          userAgent: request.headers['user-agent'],
          principal: request.principal,
        },
        now,
      ),
    ]);
  });
  fastify.addHook('onClose', async () => telemetry.close());
}

export default fp(telemetryPlugin, { name: 'telemetry', dependencies: ['ports'] });
