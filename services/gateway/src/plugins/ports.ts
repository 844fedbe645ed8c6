/** Exposes the ports and configuration to every route, typed through `declare module`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, Ports } from '@ust/platform';

declare module 'fastify' {
  interface FastifyInstance {
    config: Readonly<Config>;
    ports: Ports;
  }
}

export interface PortsPluginOptions {
  config: Readonly<Config>;
  ports: Ports;
}

async function portsPlugin(fastify: FastifyInstance, options: PortsPluginOptions) {
  fastify.decorate('config', options.config);
  fastify.decorate('ports', options.ports);
}

export default fp(portsPlugin, { name: 'ports' });
