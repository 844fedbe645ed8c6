/**
 * The files of `pnpm pipeline import <paths...>` as a multipart upload: the CSV files the
 * offline import would read (folders searched recursively, unknown layouts in a folder skipped),
 * each named by its path relative to the import root, so `DE/UST/tank.csv` keeps the folder
 * its state comes from. File parts are read from disk as the request streams, not loaded first.
 */
import { openAsBlob } from 'node:fs';
import type { SourceFile } from '../read/read-context.js';
import { resolveSources } from '../read/sources.js';

export interface ImportUpload {
  form: FormData;
  files: SourceFile[];
}

export async function importUploadForm(paths: readonly string[], sourceRoot: string): Promise<ImportUpload> {
  const files = await resolveSources(paths, sourceRoot);
  const form = new FormData();
  for (const file of files) form.append('files', await openAsBlob(file.path, { type: 'text/csv' }), file.source);
  return { form, files };
}
