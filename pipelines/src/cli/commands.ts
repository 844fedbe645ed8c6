/**
 * The pipeline commands that start a run: each starts it on the platform (import-platform.ts:
 * through a running platform's API, or on the embedded backend), follows it to live on one
 * progress bar, and prints one summary, whichever platform ran it. Each returns the process's
 * exit code.
 */
import type { ImportPlan } from '@ust/read-model';
import type { ImportRun } from '@ust/schemas';
import { followRun } from './follow-run.js';
import { importRunLine } from './import-lines.js';
import type { ImportPlatform } from './import-platform.js';
import { printImportRunSummary } from './summary.js';

export async function importCommand(platform: ImportPlatform, paths: readonly string[], sourceRoot: string): Promise<number> {
  const { id } = await platform.importFiles(paths, sourceRoot);
  return reportImportRun(platform, await followRun(`import ${id}`, () => listedRun(platform, id)), 'import');
}

export async function generateCommand(platform: ImportPlatform, plan: Extract<ImportPlan, { kind: 'generated' }>): Promise<number> {
  const { id } = await platform.generate(plan);
  return reportImportRun(platform, await followRun(`generate ${id}`, () => listedRun(platform, id)), 'import');
}

export async function replayCommand(platform: ImportPlatform, id: string): Promise<number> {
  await platform.replayImport(id);
  return reportImportRun(platform, await followRun(`replay ${id}`, () => listedRun(platform, id)), 'replay');
}

export async function replayAllCommand(platform: ImportPlatform): Promise<number> {
  const { id } = await platform.replayAll();
  const run = await followRun('replay --from-beginning', () => platform.replayRun(id));
  if (run.status === 'failed') {
    console.error(`\nReplay ${id} failed: ${run.failure}`);
    return 1;
  }
  console.log(`Replayed ${run.imports_replayed} import(s) from their sources.`);
  return 0;
}

export async function listImportsCommand(platform: ImportPlatform): Promise<number> {
  for (const run of (await platform.listImports()).reverse()) console.log(importRunLine(run));
  return 0;
}

async function listedRun(platform: ImportPlatform, id: string): Promise<ImportRun> {
  const run = (await platform.listImports()).find((entry) => entry.id === id);
  if (!run) throw new Error(`The platform does not list import ${id}`);
  return run;
}

function reportImportRun(platform: ImportPlatform, run: ImportRun, kind: 'import' | 'replay'): number {
  if (run.status === 'failed') {
    console.error(`\nImport ${run.id} failed: ${run.failure}`);
    // Staged rows are dropped: a new import shows nothing, a replay leaves the import as it was.
    console.error(
      kind === 'import'
        ? 'Nothing of this import is visible: its records were staged and are dropped. `pnpm pipeline imports` lists it as failed.'
        : 'The import stays as it was before the replay.',
    );
    return 1;
  }
  printImportRunSummary(run, platform.rejectsUrl(run.id));
  return 0;
}
