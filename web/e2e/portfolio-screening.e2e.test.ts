/**
 * Portfolio screening in the browser against the real fixtures
 * (docs/decisions/0034-access-by-role.md, 0035-portfolio-matching.md): a broker uploads 500
 * locations built from the fixture facilities (addresses, coordinates on a facility and off it,
 * and four bad rows), follows the progress, filters the result, and downloads it as CSV, XLSX and
 * the PDF summary (read back with poppler). The underwriter is told the broker's screening does
 * not exist, and the general user whom screening is for. Files the gateway refuses show its
 * message, which names the line.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { MAX_SCREENING_BYTES, type CountyFacilitiesResponse, type FacilityListItem, type ScreeningResult } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { parseCsv, toCsv } from './csv.js';
import { asAdmin, problemsOf, screenshot, SCREENSHOT_DIR, signIn, startPlatform, type Platform } from './harness.js';

const run = promisify(execFile);

/** The fixture counties (Delaware's three) whose facilities the portfolio is built from. */
const FIXTURE_FIPS = ['10001', '10003', '10005'];
const HEADER = ['reference', 'address', 'city', 'state', 'zip', 'latitude', 'longitude'];
const BAD = { noLocation: 'BAD-NO-LOCATION', latitude: 'BAD-LATITUDE', nowhere: 'BAD-NOWHERE' } as const;
/** Roughly a quarter mile north of a facility: screened, not matched (the match radius is 250 ft). */
const OFF_FACILITY_DEGREES = 0.004;

async function fixtureFacilities(): Promise<FacilityListItem[]> {
  const counties = await Promise.all(FIXTURE_FIPS.map((fips) => asAdmin<CountyFacilitiesResponse>(`/facilities/by-fips/${fips}`)));
  return counties.flatMap((county) => county.facilities);
}

/**
 * `size` rows: the first 80% by facility address, the rest by coordinates (every other one off
 * its facility), then, when `withBadRows`, four bad ones in place of the last: nothing to locate,
 * a latitude out of range, a reference used before and an address nowhere.
 */
function portfolioRows(facilities: readonly FacilityListItem[], size: number, withBadRows: boolean): string[][] {
  const byAddress = facilities.filter((facility) => facility.Address && facility.Zip_Code);
  const byPoint = facilities.filter((facility) => facility.Latitude !== null && facility.Longitude !== null);
  const good = withBadRows ? size - 4 : size;
  const addressRows = Math.round(size * 0.8);
  const rows: string[][] = [];
  for (let index = 0; index < good; index++) {
    if (index < addressRows) {
      const facility = byAddress[index % byAddress.length]!;
      rows.push([`ADDR-${index + 1}`, facility.Address!, facility.City ?? '', facility.State, facility.Zip_Code!, '', '']);
    } else {
      const facility = byPoint[(index * 7) % byPoint.length]!;
      const latitude = facility.Latitude! + (index % 2 ? OFF_FACILITY_DEGREES : 0);
      rows.push([`POINT-${index + 1}`, '', '', '', '', latitude.toFixed(6), facility.Longitude!.toFixed(6)]);
    }
  }
  if (withBadRows) {
    rows.push([BAD.noLocation, '', '', '', '', '', '']);
    rows.push([BAD.latitude, '', '', '', '', '123.5', '-75.5']);
    rows.push(['ADDR-1', ...rows[0]!.slice(1)]);
    rows.push([BAD.nowhere, '77 Qzxv Wjkp Causeway', 'Xyqqz', '', '', '', '']);
  }
  return rows;
}

const csvFile = (name: string, rows: string[][]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(toCsv([HEADER, ...rows])) });

const results = (page: Page) => page.getByRole('table', { name: /Screened locations/ });
const resultRows = (page: Page) => results(page).locator('tbody tr');

async function openScreenings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Screening' }).click();
  await page.getByRole('heading', { level: 1, name: 'Portfolio Screening' }).waitFor();
}

/** Uploads a file from the screenings page; answers the new screening's id once its page opened. */
async function upload(page: Page, file: ReturnType<typeof csvFile>): Promise<string> {
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Start screening' }).click();
  await page.waitForURL(/\/screenings\/[A-Za-z0-9-]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/** The refusal the upload form shows for a file. */
async function refusal(page: Page, file: ReturnType<typeof csvFile>): Promise<string> {
  const alert = page.locator('.screening-upload').getByRole('alert');
  await page.getByLabel('CSV file').setInputFiles(file);
  // Choosing a file clears the previous refusal.
  await alert.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Start screening' }).click();
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('portfolio screening', () => {
  let platform: Platform;
  let facilities: FacilityListItem[];
  let screeningId: string;

  beforeAll(async () => {
    platform = await startPlatform();
    facilities = await fixtureFacilities();
  });
  afterAll(() => platform?.close());

  it('a broker screens 500 locations: live progress, the result filtered, CSV, XLSX and PDF downloads', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openScreenings(page);
    await page.getByText('No screenings yet').waitFor();
    await screenshot(page, 'screening-upload');
    await expectAccessible(page, 'screening-upload');

    const template = await downloadFrom(page, page.getByRole('button', { name: 'Download template CSV' }));
    expect(template.suggestedFilename()).toBe('screening-template.csv');
    expect(parseCsv(await readFile((await template.path())!, 'utf8'))[0]).toEqual(HEADER);

    // A full-size portfolio first: it keeps the one-at-a-time screening queue busy long enough
    // for the page to show it running, and the 500 locations queue behind it.
    await upload(page, csvFile('portfolio-10000.csv', portfolioRows(facilities, 10_000, false)));
    const progress = page.getByTestId('screening-progress');
    await progress.filter({ hasText: /^[1-9][\d,]* of 10,000 rows \(\d+%\) · [\d.,]+ rows\/s · .+ left$/ }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Screening progress' }).getAttribute('max')).toBe('100');
    await screenshot(page, 'screening-progress');
    await expectAccessible(page, 'screening-progress');

    await openScreenings(page);
    const rows = portfolioRows(facilities, 500, true);
    expect(rows).toHaveLength(500);
    screeningId = await upload(page, csvFile('portfolio-500.csv', rows));
    await page.getByRole('heading', { level: 1, name: 'Screening: portfolio-500.csv' }).waitFor();
    await page.getByRole('heading', { name: 'Result' }).waitFor({ timeout: 90_000 });

    const result = await asAdmin<ScreeningResult>(`/screenings/${screeningId}/rows`);
    const { screening } = result;
    expect(screening).toMatchObject({ status: 'done', rows_total: 500, rows_done: 500 });
    expect(screening.matched + screening.screened + screening.not_located).toBe(500);
    expect(screening.matched).toBeGreaterThan(0);
    expect(screening.screened).toBeGreaterThan(0);
    const byReference = (reference: string) => result.rows.filter((row) => row.reference === reference);
    for (const reference of Object.values(BAD)) expect(byReference(reference)[0]).toMatchObject({ outcome: 'not_located' });
    expect(byReference(BAD.latitude)[0]!.reason).toContain('latitude: 123.5 is out of range');
    expect(byReference('ADDR-1')[1]!.reason).toContain('"ADDR-1" is also used on line 2');

    const counts = page.locator('.screening-counts');
    expect(await counts.locator('dd').allInnerTexts()).toEqual(['500', screening.matched, screening.screened, screening.not_located].map(String));
    expect(await page.getByTestId('pricing-note').innerText()).toContain(result.pricing_note);
    // 100 rows a page, never all 500 in the DOM.
    expect(await resultRows(page).count()).toBe(100);
    await page.getByText('500 rows · showing 1–100').waitFor();
    // The top of the result: a full page of 100 rows is too tall a picture to read.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'screening-result.png') });
    await page.setViewportSize({ width: 1280, height: 860 });
    await expectAccessible(page, 'screening-result');

    // Not located: the bad rows, each with the gateway's reason.
    await page.getByLabel('Outcome').selectOption('not_located');
    await page.getByText(`${screening.not_located} of 500 rows match the filters`).waitFor();
    const notLocated = result.rows.filter((row) => row.outcome === 'not_located');
    expect(await resultRows(page).locator('th').allInnerTexts()).toEqual(notLocated.map((row) => row.reference ?? 'No reference'));
    expect(await resultRows(page).locator('.screening-reason').allInnerTexts()).toEqual(notLocated.map((row) => row.reason));
    await screenshot(page, 'screening-not-located');

    // Matched: each row names its facility and how it matched; the riskiest first once sorted.
    await page.getByLabel('Outcome').selectOption('matched');
    await page.getByText(`${screening.matched} of 500 rows match the filters`).waitFor();
    const matched = result.rows.filter((row) => row.outcome === 'matched');
    const first = resultRows(page).first();
    expect(await first.innerText()).toContain(matched[0]!.facility!.id);
    expect(await first.innerText()).toMatch(/Matched: (Same address|Within 250 ft) · \d+ ft/);
    await page.getByRole('button', { name: 'Risk' }).click();
    expect(await page.getByRole('columnheader', { name: 'Risk' }).getAttribute('aria-sort')).toBe('descending');
    const highest = Math.max(...matched.map((row) => row.facility!.risk_score ?? 0));
    expect(await first.locator('.risk-score strong').innerText()).toBe(`${highest}/10`);
    // Each matched facility opens its exposure sheet.
    const sheetLink = first.getByRole('link', { name: /^Exposure sheet of / });
    expect(matched.map((row) => `/facilities/${encodeURIComponent(row.facility!.id)}/sheet`)).toContain(await sheetLink.getAttribute('href'));

    // Free text finds one reference.
    await page.getByLabel('Outcome').selectOption('all');
    await page.getByLabel('Reference or address').fill(BAD.latitude);
    await page.getByText('1 of 500 rows match the filters').waitFor();
    expect(await resultRows(page).locator('.screening-reason').innerText()).toContain('out of range');

    const csv = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const records = parseCsv((await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(501);
    const header = records[0]!;
    for (const column of ['line', 'reference', 'outcome', 'reason', 'facility_id', 'risk_score', 'lowest_premium_usd', 'nearest_release_miles'])
      expect(header).toContain(column);
    const cell = (record: string[], column: string) => record[header.indexOf(column)];
    expect(records.slice(1).map((record) => cell(record, 'reference'))).toEqual(rows.map((row) => row[0]));
    const latitudeRow = records.find((record) => cell(record, 'reference') === BAD.latitude)!;
    expect(cell(latitudeRow, 'outcome')).toBe('Not located');

    const xlsx = await downloadFrom(page, page.getByRole('button', { name: 'Download XLSX' }));
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbookFile = (await xlsx.path())!;
    expect((await readFile(workbookFile)).subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(workbookFile);
    const locations = workbook.worksheets[0]!;
    expect(locations.actualRowCount).toBe(501);

    await page.getByLabel('Paper').selectOption('a4');
    const pdf = await downloadFrom(page, page.getByRole('button', { name: 'Download PDF summary' }));
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfFile = (await pdf.path())!;
    const { stdout: text } = await run('pdftotext', ['-layout', pdfFile, '-']);
    expect(text).toContain('Portfolio screening summary');
    expect(text).toContain('portfolio-500.csv');
    expect(text).toContain('500');
    expect(text).toContain(String(screening.matched));
    const { stdout: info } = await run('pdfinfo', [pdfFile]);
    expect(info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfFile, path.join(SCREENSHOT_DIR, 'screening-pdf')]);

    // The matched facilities become a watchlist of the broker's.
    await page.getByRole('button', { name: 'Watch matched facilities' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Watching [\d,]+ facilities in “.+”\. Open your watchlists$/ })
      .waitFor();
    await expectAccessible(page, 'screening-watching');

    // The Midnight Pro theme keeps the result readable.
    await page.evaluate(() => localStorage.setItem('storage-tank-theme', 'dark'));
    await page.reload();
    await page.getByText('500 rows · showing 1–100').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'screening-result-dark.png') });
    await expectAccessible(page, 'screening-result-dark');

    // Both screenings are in the broker's list.
    await openScreenings(page);
    const list = page.getByRole('table', { name: /Screenings, newest first/ });
    await list.waitFor();
    expect(await list.getByRole('rowheader').allInnerTexts()).toEqual(['portfolio-500.csv', 'portfolio-10000.csv']);
    expect(problemsOf(page)).toEqual([]);
  });

  it("another user who may screen is told the broker's screening does not exist; a general user is told whom screening is for", async () => {
    expect(screeningId).toBeDefined();
    const underwriter = await platform.newPage();
    await signIn(underwriter, 'underwriter');
    await underwriter.goto(`/screenings/${screeningId}`);
    await underwriter.getByRole('heading', { name: 'Screening not found' }).waitFor();
    await expectAccessible(underwriter, 'screening-not-found');
    await openScreenings(underwriter);
    await underwriter.getByText('No screenings yet').waitFor();

    const general = await platform.newPage();
    await signIn(general, 'general');
    expect(await general.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Screening' }).count()).toBe(0);
    await general.goto('/screenings');
    await general.getByText('Portfolio screening is available to brokers, underwriters and admins.').waitFor();
    await screenshot(general, 'screening-general');
    await expectAccessible(general, 'screening-general');
  });

  it('files the gateway refuses show its message, naming the line or the limit', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    await openScreenings(page);

    const noReference = { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('name,phone\r\nAcme,555-0100\r\n') };
    expect(await refusal(page, noReference)).toMatch(/^The file was refused: line 1: no reference column \(found "name", "phone"\)/);
    const noLocation = { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from('reference,name\r\nA-1,Acme\r\n') };
    expect(await refusal(page, noLocation)).toMatch(/^The file was refused: line 1: no address column and no latitude and longitude columns/);
    await screenshot(page, 'screening-refused');
    await expectAccessible(page, 'screening-refused');

    const tooMany = csvFile('too-many.csv', portfolioRows(facilities, 10_001, false));
    expect(await refusal(page, tooMany)).toContain('line 10002: the file holds 10,001 locations; at most 10,000 per file');

    // Padding in a reference column: more than 10 MB, few rows.
    const padding = 'x'.repeat(1_000);
    const big = Array.from({ length: Math.ceil(MAX_SCREENING_BYTES / padding.length) + 1 }, (_, index) => [
      `${padding}${index}`,
      '',
      '',
      '',
      '',
      '39.1',
      '-75.5',
    ]);
    expect(await refusal(page, csvFile('too-large.csv', big))).toContain('a portfolio file holds at most 10 MB');
    expect(await page.getByText('No screenings yet').count()).toBe(1);
  });
});
