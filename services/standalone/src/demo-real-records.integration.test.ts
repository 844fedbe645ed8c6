/**
 * The demo dataset at a generated scale uses every real record
 * (docs/decisions/0111-national-demo-real-records.md): the real imports first (Utah's workbook
 * last), live before the platform answers, then generated records for what they leave missing,
 * counted from what the real imports were accepted with, as an import job in the background
 * (docs/decisions/0131). GET /api/facilities-statistics reports the real counts and each state's
 * coverage. DEMO_SCALE=0.01 keeps the generated part small; the real part is whole.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { getRealCountsByState, LATER_REAL_SOURCES, REAL_SOURCES, STATE_EXPORT_SOURCES } from '@ust/pipelines';
import { isFinalStatus, listManifests, newImportId, readRunRecord, type ImportManifest, type RunRecord } from '@ust/read-model';
import type { FacilityStatistics, StateCoverage } from '@ust/schemas';
import { startStandalone, type Standalone } from './start-standalone.js';

const log = createLogger('demo-real-records', { level: 'silent' });

interface DemoMarker {
  generated: { import_id: string; plan: unknown };
}

const readMarker = async (dataDir: string): Promise<DemoMarker> => JSON.parse(await readFile(path.join(dataDir, 'demo-dataset.json'), 'utf8'));

/** The import's run record once it is live or failed. */
async function settledRun(standalone: Standalone, importId: string): Promise<RunRecord> {
  for (;;) {
    const record = await readRunRecord(standalone.ports.store, importId);
    if (record && isFinalStatus(record.status)) return record;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function brokerStatistics(standalone: Standalone): Promise<FacilityStatistics> {
  const broker = standalone.identity!.accounts.find((account) => account.role === 'broker')!;
  const token = await standalone.identity!.issueAccessToken(broker);
  const response = await standalone.gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('the demo dataset with every real record', () => {
  let standalone: Standalone;
  let dataDir: string;
  let manifests: ImportManifest[];
  let statistics: FacilityStatistics;
  let atStart: FacilityStatistics;
  let generatedRun: RunRecord;
  const state = (code: string): StateCoverage => statistics.coverage.find((each) => each.state === code)!;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-demo-real-'));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: '0.01' }), log, listen: false });
    atStart = await brokerStatistics(standalone);
    generatedRun = await settledRun(standalone, (await readMarker(dataDir)).generated.import_id);
    statistics = await brokerStatistics(standalone);
    manifests = await listManifests(standalone.ports.store);
  }, 900_000);
  afterAll(async () => {
    await standalone?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const real = () => manifests.filter((manifest) => manifest.plan.kind === 'files');
  const accepted = (table: 'facilities' | 'tanks' | 'releases') => real().reduce((sum, manifest) => sum + manifest.counts![table], 0);
  const summed = (table: 'facilities' | 'tanks' | 'releases', origin: 'real' | 'generated') =>
    statistics.coverage.reduce((sum, each) => sum + each[table][origin], 0);

  it('imports the real folders together, then Utah’s workbook, then the generated records', () => {
    expect(
      manifests.map((manifest) =>
        manifest.plan.kind === 'files'
          ? manifest.plan.paths.map((file) => path.relative(manifest.plan.kind === 'files' ? manifest.plan.sourceRoot : '', file))
          : 'generated',
      ),
    ).toEqual([[...REAL_SOURCES, ...STATE_EXPORT_SOURCES], LATER_REAL_SOURCES, 'generated']);
    // The workbook's own figures (docs/data-model.md, "Template workbooks").
    expect(manifests[1]!.counts).toMatchObject({ facilities: 6_076, tanks: 18_554, releases: 0, rejects: 0 });
  });

  it('answers with every real record when it starts, and the generated ones once their import job is live', () => {
    // Utah's workbook replaces facilities of fac.csv, so the real facilities are fewer than accepted.
    expect(atStart.sources.real_facilities).toBe(statistics.sources.real_facilities);
    expect(atStart.sources.real_releases).toBe(accepted('releases'));
    expect(atStart.sources.generated_facilities).toBe(0);
    expect(atStart.coverage.every((each) => each.facilities.generated === 0 && each.releases.generated === 0)).toBe(true);
    expect(generatedRun).toMatchObject({ status: 'live', source: 'cli', plan: { kind: 'generated' } });
    expect(statistics.sources.generated_facilities).toBeGreaterThan(0);
  });

  it('derives the real data once, after the last real import, then the generated records with their import', async () => {
    const builds = await standalone.ports.store.query<{ dataset_version: number; import_id: string | null }>(
      'SELECT dataset_version, import_id FROM dataset_builds FINAL ORDER BY dataset_version',
    );
    expect(builds).toEqual([
      { dataset_version: 1, import_id: manifests[1]!.import_id },
      { dataset_version: 2, import_id: manifests[2]!.import_id },
    ]);
    const committed = await standalone.ports.store.query<{ import_id: string }>(
      "SELECT import_id FROM imports FINAL WHERE status = 'committed' ORDER BY version",
    );
    expect(committed.map((row) => row.import_id)).toEqual(manifests.map((manifest) => manifest.import_id));
  });

  it('reports the real releases and tanks the real imports were accepted with', () => {
    // No release or tank id is in two real imports, so their accepted counts add up.
    expect(statistics.sources.real_releases).toBe(accepted('releases'));
    expect(summed('releases', 'real')).toBe(accepted('releases'));
    expect(summed('tanks', 'real')).toBe(accepted('tanks'));
  });

  it('reports each real facility once: the workbook replaces the Utah facilities it shares with fac.csv', async () => {
    // Every facility id the workbook holds is live once, from the workbook, beside those only fac.csv lists.
    const [utah] = await standalone.ports.store.query<{ workbook: number; fac: number }>(
      `SELECT countIf(source LIKE 'epa-template-xlsx/UT/%') AS workbook, countIf(source = 'state-native/UT/fac.csv') AS fac
       FROM facilities FINAL WHERE state = 'UT' AND NOT startsWith(facility_id, 'TRIBAL-')`,
    );
    expect(Number(utah!.workbook)).toBe(6_076);
    expect(state('UT').facilities.real).toBeGreaterThanOrEqual(6_497);
    expect(Number(utah!.workbook) + Number(utah!.fac)).toBe((await getRealCountsByState(standalone.ports.store))['UT']!.facilities);
    expect(statistics.sources.real_facilities).toBe(summed('facilities', 'real'));
    expect(statistics.sources.generated_facilities).toBe(summed('facilities', 'generated'));
    expect(statistics.sources.generated_releases).toBe(summed('releases', 'generated'));
  });

  it('fills from the real counts the real imports were accepted with', async () => {
    const generated = manifests[2]!.plan;
    expect(generated.kind === 'generated' && generated.realCounts).toEqual(await getRealCountsByState(standalone.ports.store));
    expect(generated.kind === 'generated' && generated.realCounts?.['WV']).toEqual({ facilities: 8_833, tanks: 3_842, releases: 3_930 });
    expect(generated.kind === 'generated' && generated.realCounts?.['MD']).toEqual({ facilities: 0, tanks: 0, releases: 16_915 });
  });

  it('classes Utah real, Maryland partly real and Georgia generated, with their source files and dates', () => {
    // The workbook's tanks and ut_lust.csv's cases, and the tribal file's 289 tanks and 70 releases in Utah.
    expect(state('UT')).toMatchObject({
      coverage: 'real',
      tanks: { real: 18_554 + 289, generated: 0 },
      releases: { real: 5_631 + 70, generated: 0 },
    });
    expect(state('UT').facilities.generated).toBe(0);
    expect(state('UT').sources).toEqual(
      expect.arrayContaining([
        { file: 'epa-template-xlsx/UT/UT_UST_template_20250312182403.xlsx', date: '2025-03-12', date_kind: 'file', tribal: false },
        { file: 'state-native/UT/fac.csv', date: '2025-02-03', date_kind: 'retrieved', tribal: false },
        { file: 'state-native/UT/ut_lust.csv', date: '2025-02-03', date_kind: 'retrieved', tribal: false },
      ]),
    );
    // Maryland: its real releases (above its target at this scale) and generated facilities with tanks.
    expect(state('MD')).toMatchObject({ coverage: 'partly_real', releases: { real: 16_915, generated: 0 }, tanks: { real: 0 } });
    expect(state('MD').facilities.generated).toBeGreaterThan(0);
    expect(state('MD').sources).toEqual([
      { file: 'epa-template-xlsx/MD/MD_Releases_template_20250227184321.xlsx', date: '2025-02-27', date_kind: 'file', tribal: false },
    ]);
    expect(state('GA')).toMatchObject({ coverage: 'generated', sources: [], facilities: { real: 0 }, releases: { real: 0 } });
  });

  it('queues the generated import at the next start when the last one stopped before queueing it', async () => {
    await standalone.close();
    // As a stop right after the marker was written leaves it: an import chosen, none queued.
    const marker = await readMarker(dataDir);
    const unqueued = newImportId();
    await writeFile(path.join(dataDir, 'demo-dataset.json'), JSON.stringify({ ...marker, generated: { ...marker.generated, import_id: unqueued } }));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: '0.01' }), log, listen: false });
    expect(await settledRun(standalone, unqueued)).toMatchObject({ status: 'live', plan: marker.generated.plan });
    // The marker's import: the real ones are not imported again.
    expect((await listManifests(standalone.ports.store)).map((manifest) => manifest.import_id)).toEqual([
      ...manifests.map((manifest) => manifest.import_id),
      unqueued,
    ]);
  }, 900_000);
});
