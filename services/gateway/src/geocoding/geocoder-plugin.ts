/**
 * One geocoder per gateway, shared by the suggest route and the search route
 * (`fastify.geocoder`), so its in-memory shard cache serves both.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGeocoder, type Geocoder } from '@ust/read-model';

declare module 'fastify' {
  interface FastifyInstance {
    geocoder: Geocoder;
  }
}

async function geocoderPlugin(fastify: FastifyInstance) {
  const geocoder = createGeocoder({ cache: fastify.ports.cache, config: fastify.config });
  // One line per port at start
  // (docs/decisions/0020-port-start-up-lines.md).
  fastify.log.info({ port: 'geocoder', adapter: geocoder.adapter, target: geocoder.target }, `geocoder: ${geocoder.adapter} (${geocoder.target})`);
  fastify.decorate('geocoder', geocoder);
}

export default fp(geocoderPlugin, { name: 'geocoder', dependencies: ['ports'] });
