/**
 * A facility's exposure sheet on the real fixtures: the JSON the print page shows agrees with
 * the details dialog, and the PDF, read back with poppler's pdftotext, holds the facility id,
 * every tank, the four carriers and the indicative label.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, PRICING_DISCLAIMER, type ExposureSheet, type FacilityDetails } from '@ust/schemas';
import { bodyProblemsOf } from '@ust/gateway/testing';
import { startGatewayOnFixtures, type FixturesGateway } from '../../testing/gateway-on-fixtures.js';

const run = promisify(execFile);
const FACILITY = 'DC-2000356';

describe('GET /api/facilities/{id}/exposure-sheet(.pdf)', () => {
  let platform: FixturesGateway;
  let authorization: { authorization: string };
  let directory: string;

  beforeAll(async () => {
    platform = await startGatewayOnFixtures('exposure-sheet');
    authorization = await platform.issuer.headers({ sub: 'local|exposure-sheet' });
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-exposure-sheet-'));
  }, 300_000);
  afterAll(() => platform?.close());

  const get = (url: string, headers: Record<string, string> = authorization) => platform.gateway.inject({ method: 'GET', url, headers });

  /** The text of a PDF as pdftotext lays it out. */
  async function pdfText(bytes: Buffer, name: string): Promise<{ text: string; info: string }> {
    const file = path.join(directory, name);
    await writeFile(file, bytes);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: info } = await run('pdfinfo', [file]);
    return { text, info };
  }

  it('answers the sheet with the dialog’s risk score and quotes, the build it is as of, and a locator drawing', async () => {
    const response = await get(`/api/facilities/${FACILITY}/exposure-sheet`);
    expect(response.statusCode).toBe(200);
    const sheet = response.json<ExposureSheet>();
    expect(bodyProblemsOf(API_ROUTES['GET /api/facilities/{id}/exposure-sheet'].response)(sheet)).toEqual([]);
    const details = (await get(`/api/facilities/${FACILITY}`)).json<FacilityDetails>();
    expect(sheet.risk).toEqual(details.risk);
    expect(sheet.pricing).toEqual(details.pricing);
    expect(sheet.pricing.quotes).toHaveLength(4);
    expect(sheet.tanks.map((tank) => tank.tank_id)).toEqual(details.tanks.map((tank) => tank.Tank_ID));
    expect(sheet.releases.map((release) => release.release_id)).toEqual(details.releases.map((release) => release.release_id));
    expect(sheet.facility).toMatchObject({ facility_id: FACILITY, source: 'epa-template/DC/UST/facility.csv', is_generated: false });
    expect(sheet.as_of.dataset_version).toBeGreaterThan(0);
    expect(sheet.as_of.generated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(sheet.locator).toMatchObject({ county_name: 'District of Columbia', outline: expect.stringMatching(/^M[\d.]+ [\d.]+L/) });
  });

  it('streams a PDF that holds the facility id, every tank, the four carriers and the label', async () => {
    const sheet = (await get(`/api/facilities/${FACILITY}/exposure-sheet`)).json<ExposureSheet>();
    const response = await get(`/api/facilities/${FACILITY}/exposure-sheet.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="exposure-sheet-${FACILITY}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, info } = await pdfText(response.rawPayload, 'a4.pdf');
    expect(info).toMatch(/Page size:\s+595.* x 841.* \(A4\)/);
    expect(text).toContain(FACILITY);
    expect(text).toContain('epa-template/DC/UST/facility.csv');
    expect(text).toContain(`As of dataset version ${sheet.as_of.dataset_version}`);
    for (const tank of sheet.tanks) expect(text).toContain(tank.tank_id);
    for (const release of sheet.releases) expect(text).toContain(release.lust_id);
    for (const quote of sheet.pricing.quotes) {
      expect(text).toContain(quote.carrier);
      expect(text).toContain(`$${quote.annual_premium.toLocaleString('en-US')}`);
    }
    expect(text).toContain(PRICING_DISCLAIMER);
    expect(text).toContain(`Risk score: ${sheet.risk.score}/10`);
    expect(text).toContain(sheet.risk.model_version);
    expect(text).toContain('Population within 1,500 ft');
  });

  it('prints on Letter paper when asked', async () => {
    const response = await get(`/api/facilities/${FACILITY}/exposure-sheet.pdf?paper=letter`);
    expect(response.statusCode).toBe(200);
    const { info } = await pdfText(response.rawPayload, 'letter.pdf');
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it('answers 404 with the error body for an unknown facility, and 401 without a token', async () => {
    const missing = await get('/api/facilities/XX-404/exposure-sheet.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: expect.any(String), message: 'Facility XX-404 not found' } });
    expect((await get('/api/facilities/XX-404/exposure-sheet')).statusCode).toBe(404);
    expect((await get(`/api/facilities/${FACILITY}/exposure-sheet.pdf`, {})).statusCode).toBe(401);
    expect((await get(`/api/facilities/${FACILITY}/exposure-sheet`, {})).statusCode).toBe(401);
  });
});
