/**
 * Looking at the risk map from a browser test: waiting for its frames, moving it, and reading
 * the colour it drew at a place, from the real WebGL canvas (a screenshot pixel, decoded by
 * Chromium itself).
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by the map screen, in one place: web/src/features/county-map/expose-risk-map.ts. */
    ustRiskMap?: MapLibreMap;
  }
}

export type LngLat = [longitude: number, latitude: number];
export type Rgb = [number, number, number];

/** Waits for the User Timing mark the map leaves on its first coloured frame of a level. */
export async function waitForColoured(page: Page, level: 'states' | 'counties'): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, `ust-map:coloured:${level}`, { timeout: 30_000 });
}

/** Resolves once the map has drawn every pending change (MapLibre's 'idle' after a repaint). */
export async function waitForIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.ustRiskMap!;
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

export async function jumpTo(page: Page, center: LngLat, zoom: number): Promise<void> {
  await page.evaluate(({ center, zoom }) => window.ustRiskMap!.jumpTo({ center, zoom }), { center, zoom });
  await waitForIdle(page);
}

/** Where a place is on the page, in CSS pixels. */
export async function pagePointOf(page: Page, place: LngLat): Promise<{ x: number; y: number }> {
  return page.evaluate((place) => {
    const map = window.ustRiskMap!;
    const point = map.project(place);
    const box = map.getCanvas().getBoundingClientRect();
    return { x: box.left + point.x, y: box.top + point.y };
  }, place);
}

/** The colour on screen at a place: one pixel of a screenshot, decoded in the page. */
export async function pixelAt(page: Page, place: LngLat): Promise<Rgb> {
  const { x, y } = await pagePointOf(page, place);
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  return page.evaluate(async (base64) => {
    // From the bytes rather than a fetch of a data: URL, which the app's connect-src refuses.
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  }, png.toString('base64'));
}

/** The largest difference of one channel between two colours. */
export function channelDistance(a: Rgb, b: Rgb): number {
  return Math.max(...a.map((channel, index) => Math.abs(channel - b[index]!)));
}
