/**
 * The pipeline commands through a running platform's admin API (platform-target.ts decides
 * when): the platform reads, writes and rebuilds, the command uploads or asks, then follows the
 * run to live on the same progress bar as offline. Each returns the process's exit code.
 */
import { stat } from 'node:fs/promises';
import type { ImportRun } from '@ust/schemas';
import type { AdminApi } from './admin-api.js';
import { followRun } from './follow-run.js';
import { importRunLine } from './import-lines.js';
import { printImportRunSummary } from './summary.js';
import { importUploadForm } from './upload-form.js';

export interface ApiCommandContext {
  api: AdminApi;
  /** The platform's URL, for what the command prints. */
  url: string;
}

export async function importThroughApi({ api, url }: ApiCommandContext, paths: readonly string[], sourceRoot: string): Promise<number> {
  for (const entry of paths) {
    if (!(await stat(entry).catch(() => null))) {
      console.error(`${entry}: no such file or folder`);
      return 2;
    }
  }
  let upload;
  try {
    upload = await importUploadForm(paths, sourceRoot);
  } catch (error) {
    // A file of a layout no reader knows: named relative to the import root, as offline.
    console.error((error as Error).message);
    return 1;
  }
  if (upload.files.length === 0) {
    console.error(`No EPA template or UST Finder CSV file in ${paths.join(', ')}`);
    return 1;
  }
  process.stderr.write(`Uploading ${upload.files.length} file(s) to the platform at ${url}...\n`);
  const { id } = await api.startImport(upload.form);
  return reportImportRun(await followRun(`import ${id}`, () => listedRun(api, id)), url, 'import');
}

export async function replayThroughApi({ api, url }: ApiCommandContext, id: string): Promise<number> {
  await api.replayImport(id);
  return reportImportRun(await followRun(`replay ${id}`, () => listedRun(api, id)), url, 'replay');
}

export async function replayAllThroughApi({ api }: ApiCommandContext): Promise<number> {
  const { id } = await api.replayAll();
  const run = await followRun('replay --from-beginning', () => api.replayRun(id));
  if (run.status === 'failed') {
    console.error(`\nReplay ${id} failed: ${run.failure}`);
    return 1;
  }
  console.log(`Replayed ${run.imports_replayed} import(s) from their sources.`);
  return 0;
}

export async function listImportsThroughApi({ api }: ApiCommandContext): Promise<number> {
  for (const run of (await api.listImports()).reverse()) console.log(importRunLine(run));
  return 0;
}

async function listedRun(api: AdminApi, id: string): Promise<ImportRun> {
  const run = (await api.listImports()).find((entry) => entry.id === id);
  if (!run) throw new Error(`The platform does not list import ${id}`);
  return run;
}

function reportImportRun(run: ImportRun, url: string, kind: 'import' | 'replay'): number {
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
  printImportRunSummary(run, `${url}/api/admin/imports/${run.id}/rejects`);
  return 0;
}
