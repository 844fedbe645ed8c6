/**
 * `pnpm pipeline imports`: one line per import, oldest first, the same offline (from the
 * manifests) and through the platform (from its admin API): id, kind or source, counts, time,
 * outcome.
 */
import type { ImportRun } from '@ust/schemas';
import { importOutcome, type ImportManifest } from '@ust/read-model';

export function manifestLine(manifest: ImportManifest): string {
  const time = manifest.committed_at ?? manifest.failed_at ?? manifest.started_at;
  return `${manifest.import_id}  ${manifest.plan.kind}  ${JSON.stringify(manifest.counts ?? {})}  ${time}  ${importOutcome(manifest)}`;
}

export function importRunLine(run: ImportRun): string {
  const counts = { accepted: run.accepted, rejected: run.rejected, warnings: run.warnings };
  const time = run.finished_at ?? run.started_at ?? run.queued_at;
  const outcome = run.status === 'failed' ? `failed: ${run.failure}` : run.status;
  return `${run.id}  ${run.source}  ${JSON.stringify(counts)}  ${time}  ${outcome}`;
}
