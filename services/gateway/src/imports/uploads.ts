/**
 * Saves an import upload under DATA_DIR/uploads/{import id}/, keeping each file's relative name
 * (a browser sends `DE/UST/facility.csv` for a folder it uploads), so the folder importer reads
 * it as it reads any folder. Every problem is an UploadError naming the file: not a CSV, empty,
 * a name that leaves the folder, a layout no reader knows, or more than the request limit.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { resolveSources } from '@ust/pipelines';

export class UploadError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const tooLarge = (limitBytes: number) => new UploadError(413, `The upload is larger than the limit of ${formatLimit(limitBytes)} per request`);

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

/** `DE/UST/facility.csv` stays as it is; `..`, absolute names and empty segments are refused. */
export function safeRelativeName(name: string): string {
  const segments = name.replace(/\\/g, '/').split('/');
  if (!name || name.startsWith('/') || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new UploadError(400, `${name || '(no name)'}: not a file name inside the upload`);
  }
  if (!segments.at(-1)!.toLowerCase().endsWith('.csv')) throw new UploadError(400, `${name}: not a CSV file (EPA template or UST Finder .csv files only)`);
  return segments.join('/');
}

/** Writes the request's files under `directory`; returns their paths. Cleans up on any failure. */
export async function saveUpload(files: AsyncIterable<MultipartFile>, directory: string, limitBytes: number): Promise<string[]> {
  const saved: string[] = [];
  let total = 0;
  try {
    for await (const part of files) {
      const name = safeRelativeName(part.filename);
      const target = path.join(directory, name);
      await mkdir(path.dirname(target), { recursive: true });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          total += chunk.length;
          callback(total > limitBytes ? tooLarge(limitBytes) : null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(target));
      if (part.file.truncated) throw tooLarge(limitBytes);
      if ((await stat(target)).size === 0) throw new UploadError(400, `${name}: the file is empty`);
      saved.push(target);
    }
    if (saved.length === 0) throw new UploadError(400, 'files: the upload holds no file');
    await checkLayouts(saved, directory);
    return saved;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/** Each file must be one the readers know, so the import does not start on a file it would skip. */
async function checkLayouts(files: string[], directory: string): Promise<void> {
  for (const file of files) {
    try {
      await resolveSources([file], directory);
    } catch (error) {
      // Named as the admin sent them, not by where the server keeps them.
      const message = (error instanceof Error ? error.message : String(error)).split(`${directory}${path.sep}`).join('');
      throw new UploadError(400, message.replace(/\(headers: .*\)$/, '(unknown layout: the header row matches neither the EPA template nor UST Finder)'));
    }
  }
}
