/**
 * The files of `pnpm pipeline import <paths...>` as a multipart upload: the CSV files and
 * workbooks the offline import would read (folders searched recursively, unknown layouts in a
 * folder skipped), each once and named by its path relative to the import root, so
 * `DE/UST/tank.csv` keeps the folder its state comes from. (The import reads a workbook once per
 * data sheet and a state's file once per mapping; the upload carries the file once.) File parts
 * are read from disk as the request streams, not loaded first.
 */
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from '../read/read-context.js';
import { resolveSources } from '../read/sources.js';

export interface ImportUpload {
  form: FormData;
  files: SourceFile[];
}

export async function importUploadForm(paths: readonly string[], sourceRoot: string): Promise<ImportUpload> {
  const files = await resolveSources(paths, sourceRoot);
  const form = new FormData();
  for (const file of new Set(files.map((source) => source.path))) {
    const type = file.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
    form.append('files', await openAsBlob(file, { type }), path.relative(sourceRoot, file).split(path.sep).join('/'));
  }
  return { form, files };
}
