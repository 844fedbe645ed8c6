/**
 * One search index per gateway (`fastify.searchIndex`), shared by the search route and the
 * screening job, so what it keeps of a dataset version (tiles, items blobs) is held once. The
 * live version's tiles are read ahead of searches: at start, and when a new version goes live.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readCurrentVersion, SearchIndex } from '@ust/read-model';

declare module 'fastify' {
  interface FastifyInstance {
    searchIndex: {
      index: SearchIndex;
      /** The index, with the version's tiles being read ahead if they are not yet. Call with the version about to be searched. */
      of(version: number): SearchIndex;
    };
  }
}

async function searchIndexPlugin(fastify: FastifyInstance) {
  const log = fastify.log.child({ component: 'search-index' });
  const index = new SearchIndex(fastify.ports.cache);
  let keptVersion: number | null = null;
  function keepTilesOf(version: number) {
    keptVersion = version;
    index.keepAllTiles(version)?.then(
      ({ tiles, bytes, sharedTiles, itemGroups, boxes, boxBytes, ms }) =>
        log.info(
          { version, tiles, bytes, sharedTiles, itemGroups, boxes, boxBytes, ms: Math.round(ms) },
          `search tiles of dataset version ${version} kept: ${tiles} tiles, ${(bytes / 1048576).toFixed(1)} MB (${sharedTiles} of them shared with the version before), the items blobs of ${itemGroups} groups, and the tiles near ${boxes} boxes (${(boxBytes / 1048576).toFixed(1)} MB), in ${Math.round(ms)} ms`,
        ),
      (error: unknown) => log.warn({ err: error, version }, `search tiles of dataset version ${version} could not be read ahead; searches read their own`),
    );
  }
  // Not awaited: the gateway is ready whether or not the cache answers (/ready reports that).
  fastify.addHook('onReady', async () => {
    readCurrentVersion(fastify.ports.cache).then(
      (version) => version !== null && keepTilesOf(version),
      (error: unknown) => log.warn({ err: error }, 'the live dataset version could not be read to read its search tiles ahead; searches read their own'),
    );
  });
  fastify.decorate('searchIndex', {
    index,
    of(version: number) {
      if (version !== keptVersion) keepTilesOf(version);
      return index;
    },
  });
}

export default fp(searchIndexPlugin, { name: 'search-index', dependencies: ['ports'] });
