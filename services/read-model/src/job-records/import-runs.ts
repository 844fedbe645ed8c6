/**
 * What the API knows of an import beyond its manifest: how it came (upload, inbox), where it
 * stands (queued … live) and its live progress. The import job rewrites the record as it goes,
 * in the analytics store, so every gateway reads the same progress; imports run before the
 * platform kept run records have only a manifest and are listed from it.
 */
import path from 'node:path';
import type { AnalyticsStore } from '@ust/platform';
import type { ImportRun, ImportStatus, RunAttempt } from '@ust/schemas';
import { listAllManifests, type ImportManifest, type ImportPlan } from './import-manifests.js';
import { recordTable } from './record-table.js';

export interface RunRecord {
  import_id: string;
  /** 'cli' for an import `pnpm pipeline` ran offline, given a record when the API replays it. */
  source: 'upload' | 'inbox' | 'cli';
  plan: ImportPlan;
  status: ImportStatus;
  failure: string | null;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  records: number;
  total: number | null;
  records_per_second: number;
  dataset_version: string | null;
  /** The job that runs this import now: a job the record does not name has nothing to do. */
  job_id?: string;
  /** Runs of that job, oldest first. */
  attempts?: RunAttempt[];
}

/** A new import's record, waiting for its job. */
export function queuedRunRecord(id: string, source: RunRecord['source'], plan: ImportPlan, jobId = id): RunRecord {
  return {
    import_id: id,
    job_id: jobId,
    attempts: [],
    source,
    plan,
    status: 'queued',
    failure: null,
    queued_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
    records: 0,
    total: null,
    records_per_second: 0,
    dataset_version: null,
  };
}

const runRecords = (store: AnalyticsStore) => recordTable<RunRecord>(store, 'import-run');

export function writeRunRecord(store: AnalyticsStore, record: RunRecord): Promise<void> {
  return runRecords(store).put(record.import_id, record);
}

export function readRunRecord(store: AnalyticsStore, id: string): Promise<RunRecord | null> {
  return runRecords(store).get(id);
}

/** Every import, newest first: API imports from their run records, CLI imports from their manifests. */
export async function listImportRuns(store: AnalyticsStore): Promise<ImportRun[]> {
  const manifests = new Map((await listAllManifests(store)).map((manifest) => [manifest.import_id, manifest]));
  const records = new Map((await runRecords(store).list()).map((record) => [record.import_id, record]));
  const runs: ImportRun[] = [];
  for (const id of new Set([...manifests.keys(), ...records.keys()])) runs.push(toImportRun(id, records.get(id) ?? null, manifests.get(id)));
  return runs.sort((a, b) => (b.queued_at ?? b.started_at ?? '').localeCompare(a.queued_at ?? a.started_at ?? ''));
}

export function toImportRun(id: string, record: RunRecord | null, manifest: ImportManifest | undefined): ImportRun {
  const counts = manifest?.counts;
  const accepted = counts ? counts.facilities + counts.tanks + counts.releases : 0;
  const rejected = counts?.rejects ?? 0;
  const plan = record?.plan ?? manifest?.plan;
  const status: ImportStatus = record?.status ?? (manifest?.committed_at ? 'live' : manifest?.failure !== undefined ? 'failed' : 'reading');
  const records = record?.records ?? accepted + rejected;
  const total = record?.total ?? null;
  const rate = record?.records_per_second ?? 0;
  const running = status === 'reading';
  return {
    id,
    source: record?.source ?? 'cli',
    files: plan?.kind === 'files' ? plan.paths.map((entry) => path.relative(plan.sourceRoot, entry) || '.') : ['generated'],
    states: Object.keys(manifest?.tables_by_state ?? {}).sort(),
    status,
    failure: record?.failure ?? manifest?.failure ?? null,
    records_read: counts ? accepted + rejected : records,
    accepted,
    rejected,
    rejects_by_reason: manifest?.rejects_by_reason ?? {},
    warnings: counts?.warnings ?? 0,
    warnings_by_reason: manifest?.warnings_by_reason ?? {},
    columns_not_mapped: manifest?.columns_not_mapped ?? [],
    release_links: manifest?.release_links ?? { by_id: 0, by_address: 0, unlinked: 0 },
    progress: {
      records,
      total,
      records_per_second: rate,
      eta_seconds: running && total !== null && rate > 0 ? Math.max(0, Math.round((total - records) / rate)) : null,
    },
    dataset_version: record?.dataset_version ?? null,
    queued_at: record?.queued_at ?? null,
    started_at: record?.started_at ?? manifest?.started_at ?? null,
    finished_at: record?.finished_at ?? manifest?.committed_at ?? manifest?.failed_at ?? null,
    attempts: record?.attempts ?? [],
  };
}
