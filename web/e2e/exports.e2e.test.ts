/**
 * Exports in the browser against the real fixtures: a general user (exports are for every
 * active user, docs/decisions/0034-access-by-role.md) opens a county on the map, the panel says
 * how many rows its CSV holds, and the file downloaded has exactly those rows, the table's
 * facilities, with a BOM; the same selection downloads as GeoJSON points. An admin exports the
 * System Logs as CSV.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CountyFacilitiesResponse } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { parseCsv } from './csv.js';
import { asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';
import { waitForColoured } from './map-probe.js';

const BOM = '\uFEFF';

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

describe('exports', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it("exports a county's facility table as CSV with the row count shown, and the map's selection as GeoJSON", async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
    await waitForColoured(page, 'counties');
    const kent = await asAdmin<CountyFacilitiesResponse>('/facilities/by-fips/10001');
    expect(kent.total).toBeGreaterThan(100);
    await page.getByLabel('Find a county').fill('Kent County, DE');
    await page.getByRole('heading', { name: `Facilities in Kent County (${kent.total.toLocaleString('en-US')})` }).waitFor();

    const csvButton = `Export ${kent.total.toLocaleString('en-US')} rows as CSV`;
    await page.getByRole('group', { name: 'Export the facilities' }).getByRole('button', { name: csvButton }).waitFor();
    await expectAccessible(page, 'county-panel-export');
    await screenshot(page, 'exports-county-panel');
    const csv = await download(page, csvButton);
    expect(csv.name).toBe(`facilities-DE-10001-v${kent.dataset_version}.csv`);
    expect(csv.text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = parseCsv(csv.text.slice(BOM.length));
    expect(header).toEqual([
      'Facility ID',
      'Name',
      'Address',
      'City',
      'County',
      'State',
      'Zip Code',
      'Latitude',
      'Longitude',
      'Located By',
      'FIPS',
      'Mapping Method',
      'Has Leak',
      'Total Tanks',
      'Active Tanks',
      'Avg Tank Age',
      'Max Tank Age',
      'Protection Score',
      'Total Leaks',
      'Total Capacity (gal)',
      'Risk Score',
      'Source',
      'Generated Demo Record',
    ]);
    // Exactly the rows the button promised: the county's every facility, in the table's order.
    expect(rows).toHaveLength(kent.total);
    expect(rows.map((row) => row[0])).toEqual(kent.facilities.map((facility) => facility.Facility_ID));
    expect(rows.map((row) => row.at(-1))).toEqual(kent.facilities.map((facility) => (facility.is_generated ? 'Yes' : 'No')));

    const geojson = await download(page, 'Export as GeoJSON');
    expect(geojson.name).toBe(`facilities-DE-10001-v${kent.dataset_version}.geojson`);
    const collection = JSON.parse(geojson.text) as { type: string; features: Array<{ id: string; geometry: { coordinates: [number, number] } | null }> };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(kent.total);
    const located = kent.facilities.find((facility) => facility.Latitude !== null && facility.Longitude !== null)!;
    expect(collection.features.find((feature) => feature.id === located.Facility_ID)!.geometry!.coordinates).toEqual([located.Longitude, located.Latitude]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('exports the System Logs as CSV for an admin', async () => {
    const page = await platform.newPage();
    // Sign-in ends on the dashboard, whose admin console opens on System Logs.
    await signIn(page, 'admin');
    const button = 'Export all matching logs as CSV';
    await page.getByRole('button', { name: button }).waitFor();
    const csv = await download(page, button);
    expect(csv.name).toMatch(/^logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv$/);
    expect(csv.text.startsWith(`${BOM}Timestamp,Level,Category,Message,User,Duration (ms),Status Code,Method,Endpoint,ID\r\n`)).toBe(true);
    for (const record of parseCsv(csv.text.slice(BOM.length))) expect(record).toHaveLength(10);
    expect(problemsOf(page)).toEqual([]);
  });
});
