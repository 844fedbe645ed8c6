/**
 * Every import leaves a manifest: what it read (or how it generated), its id and version, its
 * counts and whether it was committed. Replaying an import re-runs its plan with the same id and
 * version, so the same rows come out. Manifests live in the analytics store (record-table.ts), so
 * every replica lists the same imports.
 */
import type { AnalyticsStore } from '@ust/platform';
import { recordTable } from './record-table.js';

export type ImportPlan =
  | { kind: 'files'; paths: string[]; sourceRoot: string }
  | {
      kind: 'generated';
      seed: number;
      scale: number;
      excludeStates: string[];
      /** The real records per state that generation fills up to its targets (the demo's); a replay fills the same. */
      realCounts?: Record<string, { facilities: number; tanks: number; releases: number }>;
    };

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
  /** Columns of states' own files that no mapping reads, as `file: column`. */
  columns_not_mapped?: string[];
  /** How the releases found their facility: by its id, by street address and ZIP, or not at all. */
  release_links?: { by_id: number; by_address: number; unlinked: number };
}

const manifests = (store: AnalyticsStore) => recordTable<ImportManifest>(store, 'import-manifest');

export function writeManifest(store: AnalyticsStore, manifest: ImportManifest): Promise<void> {
  return manifests(store).put(manifest.import_id, manifest);
}

/** No import was ever recorded under the id: a replay of it has nothing to re-run. */
export class ImportNotFoundError extends Error {
  override readonly name = 'ImportNotFoundError';
}

export async function readManifest(store: AnalyticsStore, importId: string): Promise<ImportManifest> {
  const manifest = await manifests(store).get(importId);
  if (!manifest) throw new ImportNotFoundError(`No import ${importId} is recorded`);
  return manifest;
}

/** Every committed import, oldest first. */
export async function listManifests(store: AnalyticsStore): Promise<ImportManifest[]> {
  return (await listAllManifests(store)).filter((manifest) => Boolean(manifest.committed_at));
}

/** Where an import stands: committed, failed (with its reason), or never finished (running or killed). */
export function importOutcome(manifest: ImportManifest): string {
  if (manifest.committed_at) return 'committed';
  if (manifest.failure !== undefined) return `failed: ${manifest.failure}`;
  return 'not committed (still running, or stopped before its end)';
}

/** Every import that left a manifest, committed or not, oldest first. */
export async function listAllManifests(store: AnalyticsStore): Promise<ImportManifest[]> {
  return (await manifests(store).list()).sort((a, b) => a.version - b.version);
}

/** `imp-20261121-054412-3f9a`: sortable by time, unique enough for one platform. */
export function newImportId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `imp-${stamp}-${Math.random().toString(16).slice(2, 6)}`;
}
