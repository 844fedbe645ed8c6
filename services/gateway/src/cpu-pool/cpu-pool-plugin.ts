/** The CPU pool as `fastify.cpuPool`, closed with the gateway. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCpuPool, type CpuPool, type CpuPoolOptions } from './cpu-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    cpuPool: CpuPool;
  }
}

async function cpuPoolPlugin(fastify: FastifyInstance, options: CpuPoolOptions) {
  const pool = createCpuPool(options);
  fastify.decorate('cpuPool', pool);
  fastify.addHook('onClose', () => pool.close());
}

export default fp(cpuPoolPlugin, { name: 'cpu-pool' });
