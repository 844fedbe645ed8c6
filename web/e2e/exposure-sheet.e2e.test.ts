/**
 * A facility's exposure sheet in the browser: an underwriter searches, opens a priced facility,
 * downloads its PDF from the facility dialog (read back with poppler: the facility id, every
 * tank, the four carriers and the indicative label; its first page rendered into the
 * screenshots) and opens the print page from the search card.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ExposureSheet } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, SCREENSHOT_DIR, signIn, startPlatform, type Platform } from './harness.js';

const run = promisify(execFile);
const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
const LABEL = 'Indicative estimate, not a binding offer';

/** Searches around the address and answers the first card with four quotes. */
async function pricedCard(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).waitFor();
  await page.getByRole('combobox', { name: 'Address' }).fill(ADDRESS);
  await page.getByRole('button', { name: /^(Search Facilities|Searching\.\.\.)$/ }).click();
  await page.getByText(`Found 25 closest facilities to "${ADDRESS}"`).waitFor();
  return page.locator('.facility-card', { hasText: 'BEST' }).first();
}

describe('exposure sheet', () => {
  let platform: Platform;
  let directory: string;

  beforeAll(async () => {
    platform = await startPlatform();
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-e2e-sheet-'));
  });
  afterAll(() => platform?.close());

  it('an underwriter downloads the PDF from the facility dialog: it holds the facility id, every tank and the four quotes', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    const card = await pricedCard(page);
    const facilityId = (await card.getAttribute('data-facility-id'))!;
    const sheet = await asAdmin<ExposureSheet>(`/facilities/${encodeURIComponent(facilityId)}/exposure-sheet`);
    expect(sheet.pricing.quotes).toHaveLength(4);

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Key Information' }).waitFor();
    await expectAccessible(page, 'facility-dialog-with-sheet-actions');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download exposure sheet (PDF)' }).click()]);
    expect(download.suggestedFilename()).toBe(`exposure-sheet-${facilityId}.pdf`);
    const file = path.join(directory, download.suggestedFilename());
    await download.saveAs(file);

    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain(`Facility ${facilityId}`);
    expect(sheet.tanks.length).toBeGreaterThan(0);
    for (const tank of sheet.tanks) expect(text).toContain(tank.tank_id);
    for (const quote of sheet.pricing.quotes) {
      expect(text).toContain(quote.carrier);
      expect(text).toContain(`$${quote.annual_premium.toLocaleString('en-US')}`);
    }
    expect(text).toContain(LABEL);
    expect(text).toContain(`As of dataset version ${sheet.as_of.dataset_version}`);

    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(SCREENSHOT_DIR, 'exposure-sheet-pdf')]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('the search card opens the print page: identity, tanks, releases, receptors, risk and quotes, without the app chrome in print', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    const card = await pricedCard(page);
    const facilityId = (await card.getAttribute('data-facility-id'))!;
    const sheet = await asAdmin<ExposureSheet>(`/facilities/${encodeURIComponent(facilityId)}/exposure-sheet`);

    await card.getByRole('link', { name: 'Exposure sheet' }).click();
    await page.waitForURL((url) => url.pathname === `/facilities/${facilityId}/sheet`);
    await page.getByRole('heading', { level: 1, name: sheet.facility.name ?? 'Unnamed facility' }).waitFor();
    for (const name of [/^Tanks \(\d+\)$/, /^Release history/, 'Receptors', /^Risk score/, 'Indicative quotes']) {
      expect(await page.getByRole('heading', { level: 2, name }).count()).toBe(1);
    }
    const tanks = page.getByRole('table').first();
    expect(await tanks.getByRole('rowheader').allInnerTexts()).toEqual(sheet.tanks.map((tank) => tank.tank_id));
    const body = (await page.locator('.exposure-sheet').textContent()) ?? '';
    expect(body).toContain(`Facility ${facilityId}`);
    expect(body).toContain(LABEL);
    for (const quote of sheet.pricing.quotes) expect(body).toContain(quote.modelled_on);
    // The score's model and its tested AUC, as the API's sheet says (the Model page's card).
    expect(sheet.risk_validation?.model).toBe(sheet.risk.model_version);
    expect(body).toContain(`ROC AUC ${sheet.risk_validation!.first_release.roc_auc.toFixed(2)}`);
    expect(await page.locator('.sheet-locator svg path').count()).toBe(1);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'exposure-sheet-page');
    await expectAccessible(page, 'exposure-sheet');

    // Printed: the navigation and the actions are gone; Letter paper sets the page size.
    await page.getByLabel('Paper').selectOption('letter');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(page, 'exposure-sheet-print');
    // Chromium prints the page on the paper the sheet's CSS asks for.
    const printed = path.join(directory, 'printed.pdf');
    await page.pdf({ path: printed, preferCSSPageSize: true });
    const { stdout: info } = await run('pdfinfo', [printed]);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect(problemsOf(page)).toEqual([]);
  });
});
