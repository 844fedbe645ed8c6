/**
 * The documents the workers prebuild, built from the real fixtures and read back through their
 * routes, against the schemas of the path map that document them: the region documents (both
 * levels, with and without boundaries), every county's and every state's facility list, the H3
 * density document of every resolution, and the statistics. The stored documents are sent as
 * their gzip bytes without the response serializer, so nothing else would notice a document
 * that drifted from its schema: a missing or mistyped field, or one the schema does not have.
 * The region and density documents are also held to their size budgets (size-budgets.json,
 * "documents"): the gzipped bytes a browser receives, on the fixtures, whose boundaries are the
 * national ones (the figures in them are fewer digits than at national scale).
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, H3_DENSITY_RESOLUTIONS, REGION_LEVELS, type ApiRoute, type RegionDocument, type RegionLevel } from '@ust/schemas';
import { bodyProblemsOf } from '@ust/gateway/testing';
import { startGatewayOnFixtures, type FixturesGateway } from '../testing/gateway-on-fixtures.js';
import { budgetProblems, type MeasuredPart } from '../testing/size-budgets.js';

const problemsOf = (route: ApiRoute) => bodyProblemsOf(API_ROUTES[route].response);

describe('prebuilt documents on the real fixtures', () => {
  let platform: FixturesGateway;
  let authorization: { authorization: string };

  beforeAll(async () => {
    // Every county's list is asked for, more calls than the default rate limit allows a minute.
    platform = await startGatewayOnFixtures('prebuilt-documents', { RATE_LIMIT_PER_MINUTE: '100000' });
    authorization = await platform.issuer.headers({ sub: 'local|prebuilt-documents' });
  }, 300_000);
  afterAll(() => platform?.close());

  /** The bytes of a document the route sends as stored gzip bytes. */
  async function storedGzip(url: string): Promise<Buffer> {
    const response = await platform.gateway.inject({ method: 'GET', url, headers: { ...authorization, 'accept-encoding': 'gzip' } });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-encoding'], url).toBe('gzip');
    return response.rawPayload;
  }

  /** The JSON of a document the route sends as stored gzip bytes. */
  async function storedDocument(url: string): Promise<unknown> {
    return JSON.parse(gunzipSync(await storedGzip(url)).toString('utf8'));
  }

  /** The problems of the first documents that have any, by URL (a drift usually shows in all of them). */
  async function problemsByUrl(route: ApiRoute, urls: readonly string[]): Promise<Record<string, string[]>> {
    const problems = problemsOf(route);
    const found: Record<string, string[]> = {};
    for (const url of urls) {
      const documentProblems = problems(await storedDocument(url));
      if (documentProblems.length) found[url] = documentProblems;
      if (Object.keys(found).length === 3) break;
    }
    return found;
  }

  async function regionDocument(level: RegionLevel): Promise<RegionDocument> {
    return (await storedDocument(`/api/geojson-cached/${level}?geometry=none`)) as RegionDocument;
  }

  it('region documents: RegionDocument at both levels, with and without boundaries', async () => {
    const urls = REGION_LEVELS.flatMap((level) => [`/api/geojson-cached/${level}`, `/api/geojson-cached/${level}?geometry=none`]);
    expect(await problemsByUrl('GET /api/geojson-cached/{level}', urls)).toEqual({});
  });

  it("county lists: every county's CountyFacilitiesResponse", async () => {
    const counties = (await regionDocument('counties')).features;
    expect(counties.filter((county) => county.properties.total_facilities > 0).length).toBeGreaterThan(0);
    const urls = counties.map((county) => `/api/facilities/by-fips/${county.id}`);
    expect(await problemsByUrl('GET /api/facilities/by-fips/{fips}', urls)).toEqual({});
  });

  it("state lists: every state's default page, StateFacilitiesResponse", async () => {
    const states = (await regionDocument('states')).features.map((state) => state.properties.state).filter(Boolean);
    expect(states.length).toBeGreaterThan(50);
    const urls = states.map((code) => `/api/facilities/by-state/${code}`);
    expect(await problemsByUrl('GET /api/facilities/by-state/{state}', urls)).toEqual({});
  });

  it('H3 density: H3DensityDocument at every resolution', async () => {
    const urls = H3_DENSITY_RESOLUTIONS.map((resolution) => `/api/h3-density?res=${resolution}`);
    expect(await problemsByUrl('GET /api/h3-density', urls)).toEqual({});
  });

  it('statistics: FacilityStatistics', async () => {
    // Stored as JSON and sent through the response serializer, which would fail on a missing field.
    const response = await platform.gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: authorization });
    expect(response.statusCode).toBe(200);
    expect(problemsOf('GET /api/facilities-statistics')(response.json())).toEqual([]);
  });

  it('region and density documents: each within its size budget', async () => {
    const urls = [
      ...REGION_LEVELS.flatMap((level) => [`/api/geojson-cached/${level}`, `/api/geojson-cached/${level}?geometry=none`]),
      ...H3_DENSITY_RESOLUTIONS.map((resolution) => `/api/h3-density?res=${resolution}`),
    ];
    const parts: MeasuredPart[] = [];
    for (const url of urls) parts.push({ name: url, gzipBytes: (await storedGzip(url)).length, files: [] });
    expect(budgetProblems('documents', parts)).toEqual([]);
  });
});
