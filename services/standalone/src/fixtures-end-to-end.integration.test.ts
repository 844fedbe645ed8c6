/**
 * The real EPA fixtures through the whole platform, as `pnpm start` runs it with
 * DEMO_SCALE=fixtures: readers -> dataset topics -> ingest -> ClickHouse (chDB) -> rebuild ->
 * the read API. Figures are pinned from the files in pipelines/fixtures.
 */
import { mkdtemp } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { densityCellOf, RISK_MODEL_V2, scoreOfProbability } from '@ust/domain';
import { createLogger, loadConfig } from '@ust/platform';
import { H3_DENSITY_RESOLUTIONS, type H3DensityDocument } from '@ust/schemas';
import { awaitRebuild, republishAllImports, runImport, tableChecksums } from '@ust/pipelines';
import { listManifests, readCurrentVersion, readDatasetMeta } from '@ust/read-model';
import { startStandalone, type Standalone } from './start-standalone.js';

const log = createLogger('fixtures-e2e', { level: 'silent' });

describe('the real fixtures end to end', () => {
  let standalone: Standalone;
  let dataDir: string;
  let authorization: { authorization: string };
  const get = (url: string, headers: Record<string, string> = {}) =>
    standalone.gateway.inject({ method: 'GET', url, headers: { ...authorization, ...headers } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-e2e-'));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'fixtures' }), log, listen: false });
    const broker = standalone.identity!.accounts.find((account) => account.role === 'broker')!;
    authorization = { authorization: `Bearer ${await standalone.identity!.issueAccessToken(broker)}` };
  }, 300_000);
  afterAll(() => standalone?.close());

  it('imports every real file once and counts what it read and rejected', async () => {
    const [manifest, ...others] = await listManifests(standalone.ports.store);
    expect(others).toEqual([]);
    // Every row read is a record or a rejected row; warnings are values of imported rows.
    expect(manifest?.counts).toEqual({ facilities: 13_696, tanks: 23_615, releases: 9_289, rejects: 1_601, warnings: 5_085 });
    expect(manifest?.rejects_by_reason).toEqual({ 'facility does not exist': 1_059, 'duplicate id': 542 });
    expect(manifest?.warnings_by_reason).toMatchObject({
      'latitude and longitude swapped (repaired)': 18,
      'linked to its facility by street address and ZIP': 2,
      // Records without coordinates, placed (docs/decisions/0110-located-by.md).
      'no coordinates, placed at an address point': 3,
      'no coordinates, placed at the ZIP centroid (approximate)': 1_820,
      'no coordinates, placed at the town centre (approximate)': 92,
      'no coordinates and no address, ZIP or town to place it': 5,
    });
  });

  it('serves the dashboard statistics of the imported data', async () => {
    const response = await get('/api/facilities-statistics');
    expect(response.statusCode).toBe(200);
    const statistics = response.json();
    expect(statistics).toMatchObject({ total_facilities: 13_696, total_tanks: 23_615 });
    expect(statistics.sources.generated_facilities).toBe(0);
    // DE, IL and VT have no release table: their facilities are left out of the rate, not counted as 0 %.
    expect(statistics.facilities_with_release_data).toBeLessThan(13_696);
    expect(statistics.leak_rate).toBe(Math.round((statistics.facilities_with_leaks / statistics.facilities_with_release_data) * 1000) / 10);
    // Every facility has a band (docs/risk-model.md); the counts add up to the total.
    expect(statistics.facilities_by_risk_band.map(({ band }: { band: string }) => band)).toEqual(['low', 'moderate', 'high']);
    expect(statistics.facilities_by_risk_band.reduce((sum: number, { facilities }: { facilities: number }) => sum + facilities, 0)).toBe(13_696);
  });

  it('lists a county and aggregates it exactly: Washington DC (11001)', async () => {
    const county = (await get('/api/facilities/by-fips/11001')).json();
    expect(county.total).toBe(1_356);
    expect(county.facilities).toHaveLength(1_356);

    const response = await get('/api/geojson-cached/counties?filter_type=base&min_facility_count=1', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const document = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    const dc = document.features.find((feature: { properties: { GEO_ID: string } }) => feature.properties.GEO_ID === '0500000US11001');
    expect(dc.properties).toMatchObject({
      total_facilities: 1_356,
      total_tanks: 4_479,
      active_tanks: 516,
      facilities_with_leaks: 623,
      leak_rate: 45.9,
      total_releases: 1_065,
      has_facility_data: true,
      has_release_data: true,
      // Ages grow between builds: 2.69 as of 2026-11, 2.73 by 2031.
      avg_risk_score: expect.closeTo(2.7, 0),
    });
    const etag = response.headers.etag as string;
    expect((await get('/api/geojson-cached/counties', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('counts every facility with an exact point in the H3 density layer, in the cell that holds it', async () => {
    const version = await readCurrentVersion(standalone.ports.cache);
    const located = await standalone.ports.store.query<{ facility_id: string; latitude: number; longitude: number }>(
      `SELECT facility_id, latitude, longitude FROM facility_summary FINAL
       WHERE dataset_version = {version:UInt32} AND located_by IN ('coordinates', 'address')`,
      { version },
    );
    // 1,875 of the 13,696 facilities have no coordinates: one takes the point of a facility at
    // its address, the rest are placed at a ZIP or town (approximate, left out) or nowhere.
    expect(located).toHaveLength(11_822);
    // Occupied cells and the fullest cell's count per resolution.
    const pinned = { 4: [585, 1_231], 5: [1_372, 1_049], 6: [2_512, 646], 7: [4_408, 133] };
    for (const resolution of H3_DENSITY_RESOLUTIONS) {
      const response = await get(`/api/h3-density?res=${resolution}`, { 'accept-encoding': 'gzip' });
      expect(response.statusCode).toBe(200);
      const document = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as H3DensityDocument;
      expect(document).toMatchObject({ dataset_version: version, resolution, facility_count: located.length, cell_count: document.cells.length });
      expect(document.cells.reduce((sum, [, , , count]) => sum + count, 0)).toBe(located.length);
      expect([document.cell_count, document.max_count]).toEqual(pinned[resolution]);
      // The same counts as placing every located facility by hand.
      const expected = new Map<string, number>();
      for (const facility of located) {
        const cell = densityCellOf(facility.latitude, facility.longitude, resolution);
        expected.set(cell, (expected.get(cell) ?? 0) + 1);
      }
      expect(new Map(document.cells.map(([cell, , , count]) => [cell, count]))).toEqual(expected);
      const etag = response.headers.etag as string;
      expect((await get(`/api/h3-density?res=${resolution}`, { 'if-none-match': etag })).statusCode).toBe(304);
    }
  });

  it('serves the region figures without geometry: the same features, geometry null', async () => {
    const full = (await get('/api/geojson-cached/counties')).json();
    const none = (await get('/api/geojson-cached/counties?geometry=none')).json();
    expect(none).toEqual({ ...full, features: full.features.map((feature: object) => ({ ...feature, geometry: null })) });
  });

  it('answers the details of a named facility with its derived fields and source', async () => {
    const response = await get('/api/facilities/DE-1-000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Facility_ID: 'DE-1-000001',
      Name: 'Kent County Motor Sales',
      City: 'Dover',
      County: 'Kent',
      FIPS: '10001',
      TOTAL_TANK_COUNT: 2,
      ACTIVE_TANK_COUNT: 0,
      INACTIVE_TANK_COUNT: 2,
      // Delaware's export has no release table
      // (docs/decisions/0037-leaks-not-reported.md).
      HAS_LEAK: null,
      leak_data: 'not_reported',
      OLDEST_TANK_YEAR: 1984,
      NEWEST_TANK_YEAR: 1984,
      source: 'epa-template/DE/UST/facility.csv',
      is_generated: false,
      other_fields: expect.objectContaining({ Mapping_Method: 'point in county' }),
      // A closed site without a release: no tank in the ground, nothing known of walls or protection (docs/risk-model.md).
      calculated_risk_score: 2,
      risk: { score: 2, band: 'low', model_version: 'risk-v2', horizon_years: 3, factors: expect.any(Array) },
    });
    expect(
      response
        .json()
        .tanks.map((tank: { Installation_Date: string; Removal_Date: string; Tank_Status: string }) => [
          tank.Installation_Date,
          tank.Removal_Date,
          tank.Tank_Status,
        ]),
    ).toEqual([
      ['1984-01-08', '1990-10-08', 'Closed'],
      ['1984-01-08', '1990-10-08', 'Closed'],
    ]);
  });

  it('scores a real facility and explains the score: DC-2000356, old single-walled tanks with an open release', async () => {
    const details = (await get('/api/facilities/DC-2000356')).json();
    const { risk } = details;
    expect(risk).toMatchObject({ model_version: 'risk-v2', horizon_years: 3 });
    expect(details.calculated_risk_score).toBe(risk.score);
    // The score is the step its probability reaches, and the points with the intercept make its log-odds.
    expect(risk.score).toBe(scoreOfProbability(risk.probability));
    const logOdds = RISK_MODEL_V2.intercept + risk.factors.reduce((sum: number, factor: { points: number }) => sum + factor.points, 0);
    expect(1 / (1 + Math.exp(-logOdds))).toBeCloseTo(risk.probability, 2);
    // Ages grow between builds, and with them their points; every other input is the records'.
    const ageFactor = /age|years/;
    expect(risk.factors.map(({ factor, value }: { factor: string; value: unknown }) => [factor, ageFactor.test(factor) ? typeof value : value])).toEqual([
      ['oldest_tank_age', 'number'],
      ['average_tank_age', 'number'],
      ['any_single_walled', true],
      ['single_walled_oldest_age', 'number'],
      ['wall_type_unknown', false],
      ['protection_score', 50],
      ['protection_score_unknown', false],
      ['tanks_in_the_ground', 3],
      ['capacity_gallons', 22_000],
      ['gasoline', true],
      ['diesel', true],
      ['release_count', 1],
      ['open_release', true],
      ['years_since_latest_release', 'number'],
    ]);
    // Three active tanks: four indicative quotes, cheapest first, the summary agreeing with them.
    const { pricing } = details;
    expect(pricing).toMatchObject({ facility_id: 'DC-2000356', tank_count: 3, risk_score: risk.score, disclaimer: 'Indicative estimate, not a binding offer' });
    expect(pricing.quotes).toHaveLength(4);
    const premiums = pricing.quotes.map((quote: { annual_premium: number }) => quote.annual_premium);
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
    expect(pricing.summary).toMatchObject({
      best_carrier: pricing.quotes[0].carrier,
      lowest_premium: premiums[0],
      savings_vs_highest: premiums[3] - premiums[0],
    });
  });

  it("gives the same risk in the details as in the rebuilt facility summary, by the live build's model", async () => {
    const version = await readCurrentVersion(standalone.ports.cache);
    const meta = await readDatasetMeta(standalone.ports.cache);
    // A closed site, one with an open release, one with unknown ages, an Illinois facility without tank records.
    for (const id of ['DE-1-000001', 'DC-2000356', 'TRIBAL-1582-RL5009', 'IL-1000039']) {
      const [summary] = await standalone.ports.store.query<{ calculated_risk_score: number }>(
        'SELECT calculated_risk_score FROM facility_summary FINAL WHERE dataset_version = {version:UInt32} AND facility_id = {id:String}',
        { version, id },
      );
      const details = (await get(`/api/facilities/${id}`)).json();
      expect(summary, id).toBeDefined();
      expect(details.calculated_risk_score, id).toBe(summary!.calculated_risk_score);
      expect(details.risk, id).toMatchObject({ score: summary!.calculated_risk_score, model_version: meta!.risk_model });
      expect(details.risk.factors.length, id).toBeGreaterThan(0);
    }
  });

  it('links a facility to its releases, newest first', async () => {
    const facility = (await get('/api/facilities/DC-2000558')).json();
    expect(facility).toMatchObject({ HAS_LEAK: true, TOTAL_LEAK_COUNT: 7, State: 'DC' });
    expect(facility.releases.map((release: { LUST_ID: string }) => release.LUST_ID)).toEqual(['2003034', '99099', '99041', '95016', '95020', '94015', '92098']);
    expect(facility.releases[0]).toMatchObject({ release_id: 'DC-2003034', Reported_Date: '2002-05-01' });
  });

  it('records which tables each state source provided', async () => {
    const [manifest] = await listManifests(standalone.ports.store);
    expect(manifest?.tables_by_state).toMatchObject({
      DC: ['facilities', 'tanks', 'releases'],
      DE: ['facilities', 'tanks'],
      VT: ['facilities', 'tanks'],
      IL: ['facilities'],
      IA: ['releases'],
      TRIBAL: ['facilities', 'tanks', 'releases'],
    });
    const [recorded] = await standalone.ports.store.query<{ tables_by_state: Record<string, string[]> }>(
      'SELECT tables_by_state FROM imports FINAL WHERE import_id = {id:String}',
      { id: manifest!.import_id },
    );
    expect(recorded?.tables_by_state).toEqual(manifest?.tables_by_state);
  });

  it('says "not reported", not "no leak", for the facilities and regions of states without a release table (DE, IL, VT)', async () => {
    const states = (await get('/api/geojson-cached/states?geometry=none')).json();
    const stateOf = (code: string) => states.features.find((feature: { properties: { state: string } }) => feature.properties.state === code).properties;
    for (const code of ['DE', 'IL', 'VT']) {
      const sample = (await get(`/api/facilities/by-state/${code}?limit=5`)).json();
      expect(sample.facilities).toHaveLength(5);
      for (const item of sample.facilities) expect(item).toMatchObject({ HAS_LEAK: null, leak_data: 'not_reported' });
      const details = (await get(`/api/facilities/${sample.facilities[0].Facility_ID}`)).json();
      expect(details).toMatchObject({ State: code, HAS_LEAK: null, leak_data: 'not_reported' });
      expect(stateOf(code)).toMatchObject({
        has_facility_data: true,
        has_release_data: false,
        facilities_with_leaks: null,
        leak_rate: null,
        total_leaks: null,
        total_releases: null,
        open_releases: null,
        closed_releases: null,
        open_release_rate: null,
      });
    }
    const kent = (await get('/api/facilities/by-fips/10001')).json();
    expect(kent.facilities.every((item: { HAS_LEAK: boolean | null }) => item.HAS_LEAK === null)).toBe(true);
    const counties = (await get('/api/geojson-cached/counties?geometry=none')).json();
    const kentRegion = counties.features.find((feature: { properties: { GEO_ID: string } }) => feature.properties.GEO_ID === '0500000US10001');
    expect(kentRegion.properties).toMatchObject({ has_release_data: false, leak_rate: null, total_releases: null });

    // Search results say so too: around Dover, DE.
    const search = await standalone.gateway.inject({
      method: 'POST',
      url: '/api/search-address',
      payload: { address: 'Dover, DE', latitude: 39.158, longitude: -75.5244 },
      headers: authorization,
    });
    expect(search.statusCode).toBe(200);
    const found = search.json().facilities as Array<{ state: string; has_leaks: boolean | null; leak_data: string }>;
    const delaware = found.filter((facility) => facility.state === 'DE');
    expect(delaware.length).toBeGreaterThan(0);
    for (const facility of delaware) expect(facility).toMatchObject({ has_leaks: null, leak_data: 'not_reported' });

    // DC's export has releases: a leak is a yes or a no there.
    const dc = (await get('/api/facilities/DC-2000558')).json();
    expect(dc).toMatchObject({ HAS_LEAK: true, leak_data: 'reported' });
    const dcSample = (await get('/api/facilities/by-state/DC?limit=5')).json();
    for (const item of dcSample.facilities) expect(item).toMatchObject({ HAS_LEAK: expect.any(Boolean), leak_data: 'reported' });
    expect(stateOf('DC')).toMatchObject({ has_release_data: true, leak_rate: expect.any(Number), total_releases: expect.any(Number) });
  });

  it('describes Iowa, whose source has releases but no facility table, as releases without facilities', async () => {
    const states = (await get('/api/geojson-cached/states?geometry=none')).json();
    const iowa = states.features.find((feature: { properties: { state: string } }) => feature.properties.state === 'IA').properties;
    // The only facilities in Iowa are the tribal layer's, which are no leak rate for the state.
    expect(iowa).toMatchObject({
      has_facility_data: false,
      has_release_data: true,
      total_facilities: 3,
      facilities_with_leaks: null,
      leak_rate: null,
      total_releases: 6_882,
    });
    const tribal = (await get('/api/facilities/by-state/IA')).json();
    expect(tribal.facilities.length).toBe(3);
    // Their own source (the tribal layer) has a release table: their leaks are reported.
    for (const item of tribal.facilities)
      expect(item).toMatchObject({ Facility_ID: expect.stringMatching(/^TRIBAL-/), leak_data: 'reported', HAS_LEAK: expect.any(Boolean) });
  });

  it('answers a state sample, a release, and clear errors for bad input', async () => {
    const state = (await get('/api/facilities/by-state/de?limit=50')).json();
    expect(state).toMatchObject({ state: 'DE', total: 2_665 });
    expect(state.facilities).toHaveLength(50);

    expect((await get('/api/releases/DC-2017018')).json()).toMatchObject({
      Name: 'BLADENSBURG RD LLC',
      Reported_Date: '2017-09-21',
      Status_Class: 'No Further Action',
    });

    const badFips = await get('/api/facilities/by-fips/1001');
    expect(badFips.statusCode).toBe(400);
    expect(badFips.json().error.details[0].field).toBe('params.fips');
    const badLevel = await get('/api/geojson-cached/towns');
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error.details[0].field).toBe('params.level');
    const badState = await get('/api/facilities/by-state/ZZ');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().error.message).toContain('params.state');
    expect((await get('/api/facilities/DE-NOPE')).json().error.message).toBe('Facility DE-NOPE not found');
  });

  it('replays the import with identical table checksums', async () => {
    const before = await tableChecksums(standalone.ports.store);
    const [manifest] = await listManifests(standalone.ports.store);
    const replay = await runImport(manifest!.plan, { events: standalone.ports.events, store: standalone.ports.store, log }, manifest);
    await awaitRebuild(standalone.ports.jobs, replay.manifest);
    expect(await tableChecksums(standalone.ports.store)).toEqual(before);
    expect(before.map((table) => table.rows)).toEqual([13_696, 23_615, 9_289]);
  }, 300_000);

  it('replays from the beginning (every recorded import from its sources) with identical checksums', async () => {
    const before = await tableChecksums(standalone.ports.store);
    const results = await republishAllImports({ events: standalone.ports.events, store: standalone.ports.store, log });
    expect(results).toHaveLength(1);
    await awaitRebuild(standalone.ports.jobs, results[0]!.manifest);
    expect(await tableChecksums(standalone.ports.store)).toEqual(before);
  }, 300_000);
});
