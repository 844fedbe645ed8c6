/**
 * Every import leaves a manifest in DATA_DIR/imports/{import_id}/: what it read (or how it
 * generated), its id and version, its counts, and its rejects report. Replaying an import
 * re-runs its plan with the same id and version, so the same rows come out.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImportPlan = { kind: 'files'; paths: string[]; sourceRoot: string } | { kind: 'generated'; seed: number; scale: number; excludeStates: string[] };

export interface ImportManifest {
  import_id: string;
  version: number;
  plan: ImportPlan;
  started_at: string;
  committed_at?: string;
  /** Set when the import stopped before its commit, with what stopped it (file, line, problem). */
  failed_at?: string;
  failure?: string;
  counts?: { facilities: number; tanks: number; releases: number; rejects: number; warnings?: number };
  rejects_by_reason?: Record<string, number>;
  /** Tables the source provided, per state (docs/decisions/0037-leaks-not-reported.md). */
  tables_by_state?: Record<string, string[]>;
  warnings_by_reason?: Record<string, number>;
}

export function importDirectory(dataDir: string, importId: string): string {
  return path.join(dataDir, 'imports', importId);
}

export async function writeManifest(dataDir: string, manifest: ImportManifest): Promise<void> {
  const directory = importDirectory(dataDir, manifest.import_id);
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** No import was ever committed under the id: a replay of it has nothing to re-run. */
export class ImportNotFoundError extends Error {
  override readonly name = 'ImportNotFoundError';
}

export async function readManifest(dataDir: string, importId: string): Promise<ImportManifest> {
  const file = path.join(importDirectory(dataDir, importId), 'manifest.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ImportManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ImportNotFoundError(`No import ${importId}: ${file} does not exist`);
    throw error;
  }
}

/** Every committed import, oldest first. */
export async function listManifests(dataDir: string): Promise<ImportManifest[]> {
  return (await listAllManifests(dataDir)).filter((manifest) => Boolean(manifest.committed_at));
}

/** Where an import stands: committed, failed (with its reason), or never finished (running or killed). */
export function importOutcome(manifest: ImportManifest): string {
  if (manifest.committed_at) return 'committed';
  if (manifest.failure !== undefined) return `failed: ${manifest.failure}`;
  return 'not committed (still running, or stopped before its end)';
}

/** Every import that left a manifest, committed or not, oldest first. */
export async function listAllManifests(dataDir: string): Promise<ImportManifest[]> {
  let ids: string[];
  try {
    ids = await readdir(path.join(dataDir, 'imports'));
  } catch {
    return [];
  }
  const manifests = await Promise.all(ids.map((id) => readManifest(dataDir, id).catch(() => undefined)));
  return manifests.filter((manifest): manifest is ImportManifest => manifest !== undefined).sort((a, b) => a.version - b.version);
}

/** `imp-20261121-054412-3f9a`: sortable by time, unique enough for one data directory. */
export function newImportId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `imp-${stamp}-${Math.random().toString(16).slice(2, 6)}`;
}
