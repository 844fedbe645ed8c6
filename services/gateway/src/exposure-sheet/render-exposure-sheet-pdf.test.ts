import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { DatasetBuildMeta } from '@ust/read-model';
import { PRICING_DISCLAIMER, riskMethodText } from '@ust/schemas';
import { facilityRecord, tankRecord } from '@ust/schemas/testing';
import { renderExposureSheetPdf } from './render-exposure-sheet-pdf.js';
import { toExposureSheet } from './to-exposure-sheet.js';

const run = promisify(execFile);

/** A generated demo facility in Kent County, Delaware, with two tanks in use. */
const facility = facilityRecord({
  facility_id: 'DE-G-000042',
  state: 'DE',
  name: 'Generated Fuel Stop',
  fips: '10001',
  county: 'Kent',
  latitude: 39.158,
  longitude: -75.524,
  source: 'generated',
  import_id: 'demo-seed',
});
const tanks = ['1', '2'].map((id) =>
  tankRecord({
    tank_id: `DE-G-000042/T-${id}`,
    facility_id: 'DE-G-000042',
    source_tank_id: `T-${id}`,
    state: 'DE',
    tank_status: 'Currently in use',
    installation_date: '1995-06-01',
    capacity_gallons: 8_000,
    substances: 'Gasoline',
    source: 'generated',
    import_id: 'demo-seed',
  }),
);
const meta: DatasetBuildMeta = {
  dataset_version: 7,
  generated_at: '2026-11-01T10:00:00.000Z',
  risk_model: 'risk-v2',
  import_id: 'demo-seed',
  facilities: 1,
  tanks: 2,
  releases: 0,
  sources: { real_facilities: 0, generated_facilities: 1, real_releases: 0, generated_releases: 0 },
};

async function textOf(pdf: AsyncIterable<unknown>): Promise<{ text: string; info: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'ust-sheet-pdf-')), 'sheet.pdf');
  await writeFile(file, Buffer.concat(chunks));
  const [{ stdout: text }, { stdout: info }] = await Promise.all([run('pdftotext', ['-layout', file, '-']), run('pdfinfo', [file])]);
  return { text, info };
}

describe('renderExposureSheetPdf', () => {
  const sheet = toExposureSheet({ facility, tanks, releases: [], leakReported: true }, meta);

  it('labels a generated demo record as generated, and the quotes as indicative', async () => {
    const { text } = await textOf(renderExposureSheetPdf(sheet));
    expect(text).toContain('Generated demo record: this facility');
    expect(text).toContain('Generated demo record (import demo-seed)');
    expect(text).toContain('Facility DE-G-000042');
    expect(text).toContain('T-1');
    expect(text).toContain('T-2');
    expect(text).toContain(PRICING_DISCLAIMER);
    expect(text).toContain('As of dataset version 7, built');
    expect(text).toContain('2026-11-01 10:00 UTC');
    expect(text).toContain('Kent County and the facility');
    expect(text).toContain('No releases on record.');
    // The score's model and how it did on real outcomes, from the model card (GET /api/risk-model).
    expect(sheet.risk_validation).toMatchObject({ model: sheet.risk.model_version, horizon_years: 3 });
    const validation = sheet.risk_validation!;
    expect(text.replace(/\s+/g, ' ')).toContain(
      `ROC AUC ${validation.first_release.roc_auc.toFixed(2)} (95 % ${validation.first_release.low!.toFixed(2)}-${validation.first_release.high!.toFixed(2)}) for a first release`,
    );
    // How the live build's model makes the score: a probability and each factor's share of the log-odds.
    expect(sheet.risk).toMatchObject({ model_version: 'risk-v2', horizon_years: 3 });
    expect(text.replace(/\s+/g, ' ')).toContain(riskMethodText(sheet.risk));
    for (const quote of sheet.pricing.quotes) expect(text).toContain(quote.carrier);
  });

  it("says a facility placed at its ZIP's centroid is at an approximate location (docs/decisions/0110-located-by.md)", async () => {
    const placed = { ...facility, zip_code: '19901', latitude: 39.181542, longitude: -75.532, located_by: 'zip' as const };
    const placedSheet = toExposureSheet({ facility: placed, tanks, releases: [], leakReported: true }, meta);
    expect(placedSheet.facility).toMatchObject({ located_by: 'zip', location_note: 'Approximate location (ZIP 19901)' });
    expect((await textOf(renderExposureSheetPdf(placedSheet))).text).toContain('39.181542, -75.532000, Approximate location (ZIP 19901)');
    expect((await textOf(renderExposureSheetPdf(sheet))).text).not.toContain('Approximate location');
  });

  it('prints on A4 or Letter', async () => {
    expect((await textOf(renderExposureSheetPdf(sheet, 'a4'))).info).toMatch(/\(A4\)/);
    expect((await textOf(renderExposureSheetPdf(sheet, 'letter'))).info).toMatch(/612 x 792 pts \(letter\)/);
  });

  it("cuts a facility's unbroken 20,000-character name and substance to the room they are drawn in", async () => {
    const long = toExposureSheet(
      {
        facility: { ...facility, name: `N${'m'.repeat(19_999)}` },
        tanks: tanks.map((tank) => ({ ...tank, substances: `S${'w'.repeat(19_999)}` })),
        releases: [],
        leakReported: true,
      },
      meta,
    );
    const { text } = await textOf(renderExposureSheetPdf(long));
    const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
    // The name as the title, on two lines at most; the substance in each cell it is drawn in
    // (the tank rows, the risk factors), a few hundred of its characters each.
    expect(count(/Nm/g)).toBe(1);
    expect(count(/m/g)).toBeLessThan(300);
    expect(count(/Sw/g)).toBeGreaterThanOrEqual(2);
    expect(count(/w/g) / count(/Sw/g)).toBeLessThan(700);
    expect(count(/…/g)).toBeGreaterThanOrEqual(1 + count(/Sw/g));
  });

  it('takes ages at the build time and draws the county with the point inside its box', () => {
    expect(sheet.tanks.map((tank) => [tank.tank_id, tank.install_year, tank.age_years])).toEqual([
      ['T-1', 1995, 31],
      ['T-2', 1995, 31],
    ]);
    expect(sheet.locator).not.toBeNull();
    const { width, height, point } = sheet.locator!;
    expect(point.x).toBeGreaterThan(0);
    expect(point.x).toBeLessThan(width);
    expect(point.y).toBeGreaterThan(0);
    expect(point.y).toBeLessThan(height);
  });
});
