/**
 * GET /api/map-config: the base map styles the deployment configured (MAP_STREETS_STYLE_URL,
 * MAP_SATELLITE_TILES_URL, MAP_SATELLITE_ATTRIBUTION). Served at run time rather than built into
 * the web app, so one build runs with any tile provider; null means the map falls back to its
 * local Light style.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MapConfig } from '@ust/schemas';

const mapConfigRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { config } = fastify;
  const body: MapConfig = {
    streets_style_url: config.MAP_STREETS_STYLE_URL ?? null,
    satellite_tiles_url: config.MAP_SATELLITE_TILES_URL ?? null,
    satellite_attribution: config.MAP_SATELLITE_ATTRIBUTION ?? null,
  };
  fastify.get(
    '/',
    { schema: { tags: ['map'], summary: 'Configured base map styles (streets style, satellite tiles); null where not set', response: { 200: MapConfig } } },
    async () => body,
  );
};

export default mapConfigRoutes;
