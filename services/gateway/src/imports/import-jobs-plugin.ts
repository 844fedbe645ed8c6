/** Processes the imports queue while the gateway runs, and stops with it. */
import fp from 'fastify-plugin';
import { startImportJobs } from './import-jobs.js';

export default fp(
  async (fastify) => {
    const handle = await startImportJobs({ ports: fastify.ports, dataDir: fastify.config.dataDir, log: fastify.log as never });
    fastify.addHook('onClose', () => handle.close());
  },
  { name: 'import-jobs', dependencies: ['ports'] },
);
