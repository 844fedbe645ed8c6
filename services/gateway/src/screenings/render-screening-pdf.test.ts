/**
 * The summary PDF draws what a file gave (its name, each row's reference) cut to the room it
 * has: an unbroken 20,000-character reference and file name render, and show as a prefix with
 * an ellipsis (docs/decisions/0041-upload-field-limits.md).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { ScreeningRow, ScreeningRun } from '@ust/schemas';
import { streamBytes } from '../cpu-pool/stream-bytes.js';
import { renderScreeningPdf } from './render-screening-pdf.js';

const run = promisify(execFile);

const LONG = 20_000;
const screening: ScreeningRun = {
  id: 'scr-20261128T101500-0a1b2c3d4e5f',
  file_name: `F${'n'.repeat(LONG - 5)}.csv`,
  owner_id: 'user-1',
  owner_email: 'bea@example.com',
  status: 'done',
  failure: null,
  rows_total: 1,
  rows_done: 1,
  rows_per_second: 1,
  eta_seconds: 0,
  matched: 1,
  screened: 0,
  not_located: 0,
  dataset_version: 3,
  created_at: '2026-11-28T10:15:00.000Z',
  started_at: '2026-11-28T10:15:01.000Z',
  finished_at: '2026-11-28T10:15:02.000Z',
};
const matched: ScreeningRow = {
  line: 2,
  reference: `R${'q'.repeat(LONG - 1)}`,
  input: { address: null, city: null, state: null, zip: null, latitude: '39.158', longitude: '-75.524' },
  outcome: 'matched',
  reason: null,
  location: { latitude: 39.158, longitude: -75.524, located_by: 'coordinates', formatted_address: null },
  match: { rule: 'proximity', distance_feet: 0 },
  facility: {
    id: 'DE-G-000042',
    name: 'Generated Fuel Stop',
    address: '1 Main St',
    city: 'Dover',
    state: 'DE',
    zip_code: '19901',
    latitude: 39.158,
    longitude: -75.524,
    tank_count: 2,
    active_tank_count: 2,
    has_leaks: false,
    leak_data: 'reported',
    leak_count: 0,
    county_fips: '10001',
    risk_score: 4,
    pricing: {
      quotes: [{ carrier: 'Carrier A', annual_premium: 1_200, modelled_on: 'A filing' }],
      best_carrier: 'Carrier A',
      lowest_premium: 1_200,
      no_quote_reason: null,
    },
    source: 'generated',
    is_generated: false,
    located_by: 'coordinates',
    approximate: false,
  },
  surroundings: null,
};

async function pdfText(bytes: Uint8Array): Promise<{ text: string; info: string }> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'ust-screening-pdf-')), 'summary.pdf');
  await writeFile(file, bytes);
  const [{ stdout: text }, { stdout: info }] = await Promise.all([run('pdftotext', ['-layout', file, '-']), run('pdfinfo', [file])]);
  return { text, info };
}

const count = (text: string, char: string) => text.split(char).length - 1;

describe('renderScreeningPdf', () => {
  it('cuts an unbroken 20,000-character reference and file name to what their cells show, with an ellipsis', async () => {
    const { text, info } = await pdfText(await streamBytes(renderScreeningPdf(screening, [matched])));
    expect(text).toContain('Top 20 exposures');
    expect(text).toContain('Generated Fuel Stop (DE-G-000042)');
    // The reference's first characters are drawn, then an ellipsis, and only a cell's worth of them.
    expect(text).toMatch(/Rq+/);
    expect(count(text, 'q')).toBeGreaterThan(20);
    expect(count(text, 'q')).toBeLessThan(400);
    expect(text).toMatch(/Fn+/);
    expect(count(text, 'n')).toBeLessThan(1_000);
    expect(count(text, '…')).toBeGreaterThanOrEqual(2);
    expect(info).toMatch(/Title:\s+Portfolio screening summary: Fn+…/);
  });
});
