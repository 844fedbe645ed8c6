/** Processes the screenings queue while the gateway runs, resumes what a stop left unfinished, and stops with the gateway. */
import fp from 'fastify-plugin';
import { resumeScreenings, startScreeningJobs } from './screening-job.js';

export default fp(
  async (fastify) => {
    const deps = {
      ports: fastify.ports,
      dataDir: fastify.config.dataDir,
      log: fastify.log as never,
      geocoder: fastify.geocoder,
      searchIndexOf: (version: number) => fastify.searchIndex.of(version),
    };
    const handle = await startScreeningJobs(deps);
    fastify.addHook('onClose', () => handle.close());
    // After the routes are ready, so a resumed screening's readers can follow it at once.
    fastify.addHook('onReady', async () => {
      resumeScreenings(deps).catch((error: unknown) => fastify.log.warn({ err: error }, 'unfinished screenings could not be queued again'));
    });
  },
  { name: 'screening-jobs', dependencies: ['ports', 'geocoder', 'search-index'] },
);
