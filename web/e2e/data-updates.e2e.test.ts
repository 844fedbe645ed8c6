/**
 * Data Updates as a real signed-in admin: the DE fixture folder uploaded through the
 * form, its progress followed to live, the import listed with its counts, its rejects downloaded
 * as CSV, and a confirmed replay that goes live again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

const DE_FOLDER = path.resolve(import.meta.dirname, '../../pipelines/fixtures/epa-template/DE');
/** The DE fixture's facilities and tanks (it has no release table). */
const DE_ACCEPTED = (2_665 + 8_986).toLocaleString('en-US');

describe('Data Updates', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  // Two imports, each followed by a rebuild, outlast the suite's default on a busy CI machine:
  // the waits below give each import 180 s, and so does the test.
  const IMPORT_AND_REPLAY_MS = 420_000;

  it('admin uploads the DE fixture, watches it go live, downloads its rejects and replays it', { timeout: IMPORT_AND_REPLAY_MS }, async () => {
    const page = await platform.newPage();
    await signIn(page, 'admin');
    await page.getByRole('region', { name: 'Admin Tools', exact: true }).getByRole('button', { name: 'Data Updates' }).click();
    await page.waitForURL((url) => url.searchParams.get('admin') === 'data-updates');
    const screen = page.getByRole('region', { name: 'Data Updates' });
    await screen.getByTestId('live-dataset-version').waitFor();
    const versionBefore = await screen.getByTestId('live-dataset-version').innerText();
    await expectAccessible(page, 'data-updates-form');

    await screen.getByTestId('import-folder').setInputFiles(DE_FOLDER);
    await screen.getByRole('button', { name: 'Import 4 files' }).click();
    const queued = screen.getByRole('status').filter({ hasText: /^Import imp-.* queued\.$/ });
    await queued.waitFor();
    const id = (await queued.innerText()).split(' ')[1]!;
    const row = screen.locator(`tr[data-import="${id}"]`);

    // The list is polled every 2 s while the import runs: record each status it shows until live.
    const seen: string[] = [];
    const deadline = Date.now() + 180_000;
    for (;;) {
      const status = await row.getAttribute('data-status').catch(() => null);
      if (status && seen.at(-1) !== status) seen.push(status);
      if (status === 'live' || status === 'failed' || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    expect(seen.at(-1)).toBe('live');
    expect(seen.length).toBeGreaterThan(1);
    expect(await row.getByRole('progressbar').getAttribute('value')).toBe('100');
    expect(await row.getByTestId('accepted').innerText()).toBe(DE_ACCEPTED);
    expect(await row.innerText()).toContain('upload · DE');
    // The live dataset shown is the one built after this import.
    const [run] = (await asAdmin<{ imports: ImportRun[] }>('/admin/imports')).imports.filter((candidate) => candidate.id === id);
    await screen.getByTestId('live-dataset-version').filter({ hasText: run!.dataset_version! }).waitFor();
    expect(run!.dataset_version).not.toBe(versionBefore);
    await screenshot(page, 'data-updates-live');
    await expectAccessible(page, 'data-updates-live');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Rejects CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`rejects-${id}.csv`);
    const csv = await readFile((await download.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('file,line,field,value,reason');
    expect(lines.length - 1).toBe(run!.rejected + run!.warnings);

    await row.getByRole('button', { name: `Replay ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Replay import ${id}?` });
    await dialog.waitFor();
    await screenshot(page, 'data-updates-replay-confirm');
    await expectAccessible(page, 'data-updates-replay-confirm');
    await dialog.getByRole('button', { name: 'Replay', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-status') !== 'live', `tr[data-import="${id}"]`, {
      timeout: 30_000,
    });
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-status') === 'live', `tr[data-import="${id}"]`, {
      timeout: 180_000,
    });
    expect(await row.getByTestId('accepted').innerText()).toBe(DE_ACCEPTED);
    await screenshot(page, 'data-updates');
    expect(problemsOf(page)).toEqual([]);
  });
});
