/**
 * The map's place names and its pins in view, in Chromium with WebGL: state, county and city
 * names drawn from the platform's own glyphs in the Light and Dark styles, each at the zooms
 * where it fits, and a county's facilities pinned once the view is zoomed in, without a click.
 * The screenshots (map-labels-<style>-z<zoom>.png) are for a reader to judge the names.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAX_VIEWPORT_COUNTIES } from '../src/features/county-map/viewport-counties.js';
import { expectAccessible } from './a11y.js';
import { problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';
import { jumpTo, waitForColoured, waitForIdle, type LngLat } from './map-probe.js';

/** Delaware and its fixture counties, and a point inside Sussex County. */
const DELAWARE: LngLat = [-75.45, 39.0];
const SUSSEX: LngLat = [-75.4, 38.68];
const NATION: LngLat = [-98.5, 39.8];

/**
 * A style's walk through four zooms: each waits for the map to draw in software WebGL
 * (SwiftShader), which is slow while other test files share the cores.
 */
const STYLE_WALK_MS = 300_000;

async function openMap(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
  await page.getByRole('heading', { name: 'USA Storage Tank Risk Analysis' }).waitFor();
  await waitForColoured(page, 'counties');
  // Off the map, so no hover card covers the names.
  await page.mouse.move(5, 5);
}

/** The names a label layer has placed on screen (MapLibre leaves out those that collided). */
async function namesShown(page: Page, layer: string): Promise<string[]> {
  return page.evaluate((layer) => {
    const features = window.ustRiskMap!.queryRenderedFeatures({ layers: [layer] });
    return [...new Set(features.map((feature) => String(feature.properties['name'])))];
  }, layer);
}

async function chooseStyle(page: Page, style: 'light' | 'dark'): Promise<void> {
  await page.getByLabel('Map Style').selectOption(style);
  await page.waitForFunction(() => window.ustRiskMap!.getLayer('state-labels') !== undefined && window.ustRiskMap!.isStyleLoaded());
  await waitForIdle(page);
}

describe('map labels', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterEach(() => platform?.closePages());
  afterAll(() => platform?.close());

  for (const style of ['light', 'dark'] as const) {
    it(`names states, counties and cities in the ${style} style, each from the zoom where it fits`, { timeout: STYLE_WALK_MS }, async () => {
      const page = await platform.newPage();
      await signIn(page, 'underwriter');
      await openMap(page);
      await chooseStyle(page, style);

      await jumpTo(page, NATION, 4);
      await screenshot(page, `map-labels-${style}-z4`);
      expect(await namesShown(page, 'state-labels')).toEqual(expect.arrayContaining(['Kansas', 'Nebraska', 'Colorado']));
      expect(await namesShown(page, 'city-labels')).toEqual(expect.arrayContaining(['Chicago', 'Dallas']));
      expect(await namesShown(page, 'county-labels')).toEqual([]);
      await expectAccessible(page, `map-labels-${style}`);

      await jumpTo(page, DELAWARE, 7);
      await screenshot(page, `map-labels-${style}-z7`);
      expect(await namesShown(page, 'state-labels')).toContain('Delaware');
      expect(await namesShown(page, 'city-labels')).toContain('Philadelphia');

      await jumpTo(page, DELAWARE, 8.5);
      await screenshot(page, `map-labels-${style}-z8.5`);
      expect(await namesShown(page, 'county-labels')).toEqual(expect.arrayContaining(['Sussex', 'Kent']));

      await jumpTo(page, SUSSEX, 10);
      await screenshot(page, `map-labels-${style}-z10`);
      expect(await namesShown(page, 'county-labels')).toContain('Sussex');

      // Every glyph came from the app's own origin: a missing range or a refused one is an error.
      expect(problemsOf(page)).toEqual([]);
    });
  }

  it('pins the facilities in view from zoom 10 without a click, asking for a bounded number of counties', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    const countyLists: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/facilities/by-fips/')) countyLists.push(pathname);
    });
    await openMap(page);

    await jumpTo(page, SUSSEX, 8);
    await waitForIdle(page);
    expect(countyLists).toEqual([]);

    await jumpTo(page, SUSSEX, 10);
    await page.waitForFunction(() => window.ustRiskMap!.queryRenderedFeatures({ layers: ['facility-pins'] }).length > 0, undefined, { timeout: 15_000 });
    expect(countyLists).toContain('/api/facilities/by-fips/10005');
    expect(countyLists.length).toBeLessThanOrEqual(MAX_VIEWPORT_COUNTIES);
    // No region was chosen: the panel stays closed.
    expect(await page.getByRole('button', { name: /close/i }).count()).toBe(0);
    await screenshot(page, 'map-pins-in-view-z10');
    await expectAccessible(page, 'map-pins-in-view');
  });
});
