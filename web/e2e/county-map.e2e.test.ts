/**
 * The risk map against the real fixtures in Chromium with WebGL (SwiftShader): coloured
 * counties, recolouring by metric and scale read back from the canvas, the hover card, a
 * fixture county's facilities, the boundary-level switch, styles, the heat map, the 5-minute
 * region cache, the map's activity events and the "Data coverage" layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { AdminActivity, FacilityListItem, RegionProperties } from '@ust/schemas';
import { LOCAL_PALETTES } from '../src/features/county-map/base-styles.js';
import {
  blendOver,
  buildColorScale,
  colorFor,
  COLOR_SCALES,
  FILL_OPACITY,
  NO_RELEASE_DATA_COLOR,
  type ColorScaleKind,
} from '../src/features/county-map/color-scales.js';
import { coverageColor } from '../src/features/data-coverage/coverage-format.js';
import { lacksReleaseData, MAP_METRICS, metricValue, type MetricKey } from '../src/features/county-map/map-metrics.js';
import { formatLeak } from '../src/components/format.js';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';
import { channelDistance, jumpTo, pagePointOf, pixelAt, waitForColoured, waitForIdle, type LngLat } from './map-probe.js';

interface FiguresDocument {
  features: Array<{ id: string; properties: RegionProperties; geometry: unknown }>;
}

/** Sussex County, Delaware: a fixture county, and a point well inside it. */
const SUSSEX = { fips: '10005', inside: [-75.4, 38.68] as LngLat };
/** Delaware at a zoom where its counties are large on screen. */
const DELAWARE_VIEW = { center: [-75.45, 39.0] as LngLat, zoom: 7.5 };

const rgbHex = (rgb: readonly number[]) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** A whole-pixel tolerance for SwiftShader's rounding of a blended fill. */
const TOLERANCE = 3;

function callsTo(page: Page, pathPrefix: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(`/api${pathPrefix}`)) calls.push(request);
  });
  return calls;
}

async function openMap(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await page.getByRole('heading', { name: 'USA Storage Tank Risk Analysis' }).waitFor();
}

/**
 * What the county should look like under a metric and scale: its ramp colour over the land, or
 * the no-release-data colour for a leak metric where its sources have no release table.
 */
function expectedPixel(counties: FiguresDocument, fips: string, metric: MetricKey, scale: ColorScaleKind): [number, number, number] {
  const reported = counties.features.filter((feature) => !lacksReleaseData(feature.properties, metric));
  const values = reported.map((feature) => metricValue(feature.properties, metric));
  const region = counties.features.find((feature) => feature.id === fips)!;
  const fill = lacksReleaseData(region.properties, metric)
    ? NO_RELEASE_DATA_COLOR
    : colorFor(buildColorScale(scale, values), metricValue(region.properties, metric));
  return blendOver(fill, LOCAL_PALETTES.light.land, FILL_OPACITY);
}

describe('risk map', () => {
  let platform: Platform;
  let counties: FiguresDocument;
  let sussex: RegionProperties;

  beforeAll(async () => {
    platform = await startPlatform();
    counties = await asAdmin<FiguresDocument>('/geojson-cached/counties?geometry=none');
    sussex = counties.features.find((feature) => feature.id === SUSSEX.fips)!.properties;
  });
  afterAll(() => platform?.close());

  it('is behind sign-in', async () => {
    const page = await platform.newPage();
    await page.goto('/county-map');
    await page.getByText('Please log in to access the county map').waitFor();
    await expectAccessible(page, 'map-signed-out');
  });

  it('draws the counties with WebGL in each metric and scale, as the legend says', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    await openMap(page);
    expect(await page.getByLabel('Boundary Level').inputValue()).toBe('counties');
    expect(await page.getByLabel('Map Style').inputValue()).toBe('streets');
    // Metrics in the spec's order, Leak Rate first.
    const metricOptions = await page.getByLabel('Color Code').locator('option').allInnerTexts();
    expect(metricOptions).toEqual(MAP_METRICS.map((metric) => metric.label));
    expect(metricOptions[0]).toBe('Leak Rate (%)');
    expect(await page.getByLabel('Color Scale').locator('option').allInnerTexts()).toEqual(COLOR_SCALES.map((scale) => scale.label));

    await waitForColoured(page, 'counties');
    const view = await page.evaluate(() => {
      const map = window.ustRiskMap!;
      return {
        center: map.getCenter().toArray(),
        zoom: map.getZoom(),
        height: map.getContainer().clientHeight,
        webgl: map.getCanvas().getContext('webgl2') !== null,
      };
    });
    expect(view).toEqual({ center: [-98.5, 39.8], zoom: 4, height: 600, webgl: true });
    await screenshot(page, 'map-counties-leak-rate');
    await expectAccessible(page, 'map-counties');

    await page.mouse.move(5, 5);
    await jumpTo(page, DELAWARE_VIEW.center, DELAWARE_VIEW.zoom);
    const seen = new Set<string>();
    for (const metric of ['leak_rate', 'total_tanks', 'avg_tank_age'] as const) {
      await page.getByLabel('Color Code').selectOption(metric);
      for (const scale of COLOR_SCALES.map((each) => each.kind)) {
        await page.getByLabel('Color Scale').selectOption(scale);
        await waitForIdle(page);
        const drawn = await pixelAt(page, SUSSEX.inside);
        const expected = expectedPixel(counties, SUSSEX.fips, metric, scale);
        expect(channelDistance(drawn, expected), `${metric} / ${scale}: drew ${drawn}, expected ${expected}`).toBeLessThanOrEqual(TOLERANCE);
        seen.add(drawn.join(','));
      }
    }
    // The colour really changes with the metric and scale, not one colour that happens to match.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'map-delaware-avg-tank-age-log');

    const recolours = await page.evaluate(() => performance.getEntriesByName('ust-map:recolour').length);
    expect(recolours).toBeGreaterThanOrEqual(12);
    expect(problemsOf(page)).toEqual([]);
  });

  it('shows the hover card, lists a clicked county’s real facilities with pins, and clears them with the level', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openMap(page);
    await waitForColoured(page, 'counties');
    await jumpTo(page, DELAWARE_VIEW.center, DELAWARE_VIEW.zoom);

    const point = await pagePointOf(page, SUSSEX.inside);
    await page.mouse.move(point.x, point.y);
    const card = page.getByTestId('map-hover-card');
    await card.waitFor();
    const cardText = await card.innerText();
    expect(cardText).toContain('Sussex County, DE');
    expect(cardText).toContain(`Facilities\n${sussex.total_facilities.toLocaleString('en-US')}`);
    // Delaware's export has no release table (docs/decisions/0037-leaks-not-reported.md): no 0 %, and
    // the legend names the colour.
    expect(sussex.has_release_data).toBe(false);
    expect(cardText).toContain('Leak Rate\nNo release data');
    expect(await page.getByLabel(/^Legend: Leak Rate/).innerText()).toContain('No release data');
    expect(cardText).toContain('Click to view data');
    await screenshot(page, 'map-hover-sussex');
    await expectAccessible(page, 'map-hover-card');

    const listed = await asAdmin<{ facilities: FacilityListItem[]; total: number }>(`/facilities/by-fips/${SUSSEX.fips}`);
    expect(listed.total).toBeGreaterThan(0);
    await page.mouse.click(point.x, point.y);
    const title = `Facilities in Sussex County (${listed.total.toLocaleString('en-US')})`;
    await page.getByRole('heading', { name: title }).waitFor();
    const panel = page.getByRole('region', { name: 'Sussex County, DE', exact: true });
    expect(await panel.getByText('Protection Score').count()).toBeGreaterThan(0);
    const headers = await page.getByRole('region', { name: title }).locator('thead th').allInnerTexts();
    expect(headers).toEqual([
      'Facility ID',
      'Name',
      'Address',
      'City',
      'County',
      'State',
      'Zip Code',
      'Latitude',
      'Longitude',
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
    ]);
    const rows = page.getByRole('region', { name: title }).locator('tbody tr');
    expect(await rows.count()).toBe(Math.min(listed.total, 100));
    const first = listed.facilities[0]!;
    const firstCells = await rows.first().locator('td').allInnerTexts();
    expect(firstCells[0]).toBe(first.Facility_ID);
    expect(firstCells[7]).toBe(first.Latitude === null ? 'N/A' : first.Latitude.toFixed(4));
    expect(first.HAS_LEAK).toBeNull();
    expect(firstCells[11]).toBe(formatLeak(first.HAS_LEAK));
    expect(firstCells[11]).toBe('Not reported');
    // Pins for the listed facilities that have coordinates.
    await waitForIdle(page);
    const pins = await page.evaluate(() => window.ustRiskMap!.querySourceFeatures('pins').length);
    expect(pins).toBeGreaterThan(0);
    await screenshot(page, 'map-sussex-selected');
    await expectAccessible(page, 'map-county-selected');

    // A pin names its facility on hover and opens it on click.
    const pinned = await page.evaluate(() => {
      const [pin] = window.ustRiskMap!.queryRenderedFeatures({ layers: ['facility-pins'] });
      return pin ? { id: String(pin.properties.id), at: (pin.geometry as GeoJSON.Point).coordinates as [number, number] } : null;
    });
    expect(pinned).not.toBeNull();
    const pinPoint = await pagePointOf(page, pinned!.at);
    await page.mouse.move(pinPoint.x, pinPoint.y);
    await page.getByTestId('map-hover-card').getByText('Click for facility details').waitFor();
    expect(await page.getByTestId('map-hover-card').innerText()).toContain(pinned!.id);
    await page.mouse.click(pinPoint.x, pinPoint.y);
    const pinDialog = page.getByRole('dialog');
    await pinDialog.getByText('Key Information').waitFor();
    expect(await pinDialog.innerText()).toContain(pinned!.id);
    await expectAccessible(page, 'map-facility-details');
    await page.keyboard.press('Escape');
    await pinDialog.waitFor({ state: 'detached' });

    // The facility details dialog opens from the table.
    await rows.first().getByRole('button', { name: first.Facility_ID }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Key Information').waitFor();
    expect(await dialog.innerText()).toContain(first.Facility_ID);
    expect(await dialog.innerText()).toMatch(/Has Leak\s+Not reported/i); // the labels and badge are styled upper-case
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Boundary Level').selectOption('states');
    await waitForColoured(page, 'states');
    expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Sussex County, DE', exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => window.ustRiskMap!.querySourceFeatures('pins').length)).toBe(0);

    // A state lists a sample of its facilities, with its release figures. The panel scrolled
    // the page, so Delaware is found again on screen.
    await page.getByTestId('risk-map').scrollIntoViewIfNeeded();
    const delaware = await pagePointOf(page, SUSSEX.inside);
    await page.mouse.click(delaware.x, delaware.y);
    const sample = await asAdmin<{ facilities: FacilityListItem[]; total: number }>('/facilities/by-state/DE');
    expect(sample.facilities).toHaveLength(50);
    await page.getByRole('heading', { name: `Sample Facilities in Delaware (50/${sample.total.toLocaleString('en-US')})` }).waitFor();
    await screenshot(page, 'map-delaware-state');
    await expectAccessible(page, 'map-state-selected');
    // DC's release file is a fixture: its panel adds the release figures, closed releases among them.
    const capital = await pagePointOf(page, [-77.02, 38.905]);
    await page.mouse.click(capital.x, capital.y);
    const dcPanel = page.getByRole('region', { name: 'District of Columbia', exact: true });
    await dcPanel.waitFor();
    for (const label of ['Total Releases', 'Open Releases', 'Closed Releases', 'Open Release Rate', 'Revised Leak Rate'])
      expect(await dcPanel.innerText()).toContain(label);
    await expectAccessible(page, 'map-state-releases');
    expect(await page.getByRole('region', { name: 'Delaware', exact: true }).count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
  });

  it('finds a county by name from the keyboard, zooms to it and opens its panel', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    await openMap(page);
    await waitForColoured(page, 'counties');
    const kent = await asAdmin<{ total: number }>('/facilities/by-fips/10001');
    await page.getByLabel('Find a county').fill('Kent County, DE');
    await page.getByRole('heading', { name: `Facilities in Kent County (${kent.total.toLocaleString('en-US')})` }).waitFor();
    await page.waitForFunction(() => !window.ustRiskMap!.isMoving() && window.ustRiskMap!.getZoom() > 7);
    const center = await page.evaluate(() => window.ustRiskMap!.getCenter().toArray());
    expect(center[0]).toBeCloseTo(-75.55, 0);
    expect(center[1]).toBeCloseTo(39.1, 0);
    expect(await page.getByLabel('Find a county').inputValue()).toBe('');
    expect(problemsOf(page)).toEqual([]);
  });

  it('draws the local Dark style, falls back to Light for unconfigured tiles, and toggles the density heat map', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    await openMap(page);
    await waitForColoured(page, 'counties');
    await page.mouse.move(5, 5);
    expect(await page.getByRole('note').innerText()).toContain('Streets tiles are not configured');

    // Open sea off North Carolina, far from any coast.
    const ocean: LngLat = [-70, 33];
    await jumpTo(page, ocean, 5);
    await page.getByLabel('Map Style').selectOption('dark');
    await page.waitForFunction(() => window.ustRiskMap!.getLayer('counties-fill') !== undefined && window.ustRiskMap!.isStyleLoaded());
    await waitForIdle(page);
    expect(channelDistance(await pixelAt(page, ocean), [0x0e, 0x17, 0x26])).toBeLessThanOrEqual(TOLERANCE);
    await screenshot(page, 'map-dark');
    await expectAccessible(page, 'map-dark');

    await page.getByLabel('Map Style').selectOption('satellite');
    expect(await page.getByRole('note').innerText()).toContain('Satellite tiles are not configured');
    await page.waitForFunction(() => window.ustRiskMap!.getLayer('counties-fill') !== undefined && window.ustRiskMap!.isStyleLoaded());
    await waitForIdle(page);
    expect(channelDistance(await pixelAt(page, ocean), [0xd4, 0xe4, 0xf1])).toBeLessThanOrEqual(TOLERANCE);

    const densityCalls = callsTo(page, '/h3-density');
    await page.getByLabel('Facility density heat map').check();
    await page.waitForFunction(() => window.ustRiskMap!.querySourceFeatures('density').length > 0, undefined, { timeout: 15_000 });
    // Zoom 5 draws resolution-5 cells (RiskMap's densityResolutionFor).
    expect(new URL(densityCalls[0]!.url()).searchParams.get('res')).toBe('5');
    expect(await page.evaluate(() => window.ustRiskMap!.getLayoutProperty('facility-density', 'visibility'))).toBe('visible');
    await screenshot(page, 'map-density');
    await expectAccessible(page, 'map-density');
    await page.getByLabel('Facility density heat map').uncheck();
    expect(await page.evaluate(() => window.ustRiskMap!.getLayoutProperty('facility-density', 'visibility'))).toBe('none');
    expect(problemsOf(page)).toEqual([]);
  });

  it('colours each state by its data coverage, with a legend and a popup of its sources', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    await openMap(page);
    await waitForColoured(page, 'counties');
    await jumpTo(page, DELAWARE_VIEW.center, DELAWARE_VIEW.zoom);
    const under = await pixelAt(page, SUSSEX.inside);
    await page.getByRole('checkbox', { name: 'Data coverage' }).check();
    await page.waitForFunction(() => window.ustRiskMap!.getLayoutProperty('data-coverage', 'visibility') === 'visible');
    await page.waitForFunction(() => window.ustRiskMap!.querySourceFeatures('coverage').length > 0, undefined, { timeout: 15_000 });
    await waitForIdle(page);
    // Delaware's records are all real in the fixtures: the real colour over what was drawn there.
    expect(channelDistance(await pixelAt(page, SUSSEX.inside), blendOver(coverageColor('real'), rgbHex(under), 0.85))).toBeLessThanOrEqual(TOLERANCE);
    const legend = page.getByLabel('Legend: Data coverage');
    expect(await legend.innerText()).toContain('Partly real');
    const point = await pagePointOf(page, SUSSEX.inside);
    await page.mouse.click(point.x, point.y);
    const popup = page.getByLabel('Data coverage of Delaware');
    await popup.waitFor();
    expect(await popup.innerText()).toContain('Real records');
    expect(await popup.innerText()).toContain('epa-template/DE/UST/facility.csv (retrieved 2025-02-03)');
    await screenshot(page, 'map-coverage');
    await expectAccessible(page, 'map-coverage');
    await page.getByRole('checkbox', { name: 'Data coverage' }).uncheck();
    expect(await page.evaluate(() => window.ustRiskMap!.getLayoutProperty('data-coverage', 'visibility'))).toBe('none');
    expect(problemsOf(page)).toEqual([]);
  });

  it('keeps region figures 5 minutes per level, refetches a copy it cannot read, and records every map activity', async () => {
    const page = await platform.newPage();
    const account = await signIn(page, 'admin');
    const figureCalls = callsTo(page, '/geojson-cached');
    await openMap(page);
    await waitForColoured(page, 'counties');
    expect(figureCalls).toHaveLength(1);

    await page.reload();
    await waitForColoured(page, 'counties');
    expect(figureCalls).toHaveLength(1);

    await page.evaluate(() => sessionStorage.setItem('ust-map-regions:counties', '{"value": {"type": "Feature'));
    await page.reload();
    await waitForColoured(page, 'counties');
    expect(figureCalls).toHaveLength(2);

    // Every control, a county, its facilities and a state.
    await page.getByLabel('Color Code').selectOption('total_leaks');
    await page.getByLabel('Color Scale').selectOption('log');
    await page.getByLabel('Map Style').selectOption('light');
    await page.mouse.move(5, 5);
    await jumpTo(page, DELAWARE_VIEW.center, DELAWARE_VIEW.zoom);
    const point = await pagePointOf(page, SUSSEX.inside);
    await page.mouse.click(point.x, point.y);
    await page.getByRole('heading', { name: /^Facilities in Sussex County/ }).waitFor();
    await page.getByLabel('Boundary Level').selectOption('states');
    await waitForColoured(page, 'states');
    await page.mouse.click(point.x, point.y);
    await page.getByRole('heading', { name: /^Sample Facilities in Delaware/ }).waitFor();

    const expected = [
      'map_loaded',
      'county_metric_change',
      'map_color_scale_change',
      'county_map_style_change',
      'county_selected',
      'county_facilities_viewed',
      'boundary_level_change',
      'state_selected',
    ];
    // Activities reach the admin list through the telemetry pipeline: seconds, more on a busy machine.
    let types: string[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && !expected.every((type) => types.includes(type));) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const activities = await asAdmin<{ activities: AdminActivity[] }>('/admin/user-activities?limit=200');
      types = activities.activities.filter((activity) => activity.auth0_user_id === account.sub).map((activity) => activity.activity_type);
    }
    expect(types).toEqual(expect.arrayContaining(expected));
    expect(problemsOf(page)).toEqual([]);

    // Leaving the page flushes the held logs, among them the unreadable cache's warning.
    await page.goto('/settings');
    let warned = false;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && !warned;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const logs = await asAdmin<{ logs: Array<{ message: string; category: string; level: string }> }>('/admin/logs?limit=200&q=Cached%20map%20data');
      warned = logs.logs.some((log) => log.category === 'MAP' && log.level === 'WARN');
    }
    expect(warned).toBe(true);
  }, 240_000);
});
