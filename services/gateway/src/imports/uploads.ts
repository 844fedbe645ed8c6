/**
 * Saves an import upload under UPLOADS_DIR/{import id}/, keeping each file's relative name
 * (a browser sends `DE/UST/facility.csv` for a folder it uploads), so the folder importer reads
 * it as it reads any folder. A ZIP (by its name or its first bytes) is unpacked there the same
 * way and then deleted (imports/zip-upload.ts). Every problem is an UploadError naming the file:
 * not a CSV, empty, a name that leaves the folder or holds a control character, a name sent
 * twice or as both a file and a folder, a layout no reader knows, a field or a row over its
 * limit (docs/decisions/0041-upload-field-limits.md), or more than the request limit, sent or
 * unpacked.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { parse } from 'csv-parse';
import { CsvFieldLimits, detectFormat, FieldLimitError, importColumnLimits } from '@ust/domain/uploads';
import { UploadNames } from './upload-names.js';
import { recognises, STATE_MAPPINGS } from '@ust/domain/state-native';
import { DATA_SHEETS, dataSheets, isWorkbook, readWorkbook } from '@ust/domain/workbooks';
import { countBytes, formatLimit, safeRelativeName, shownName, tooLarge, UploadError, type ByteTally } from './upload-rules.js';
import { extractZip, hasZipSignature, type UploadedFile } from './zip-upload.js';

/** Writes the request's files under `directory`; returns their paths. Cleans up on any failure. */
export async function saveUpload(files: AsyncIterable<MultipartFile>, directory: string, limitBytes: number): Promise<string[]> {
  const saved: UploadedFile[] = [];
  const received: ByteTally = { bytes: 0 };
  // CSV bytes on disk, sent as they are or unpacked: a ZIP may not hold more than the request could.
  const unpacked: ByteTally = { bytes: 0 };
  const names = new UploadNames();
  let parts = 0;
  try {
    await mkdir(directory, { recursive: true });
    for await (const part of files) {
      // busboy takes a part without a file name for a file when its type is application/octet-stream.
      const filename = (part.filename as string | undefined) ?? '';
      // Held under a dotfile name until its name and first bytes say what it is.
      const staged = path.join(directory, `.part-${parts++}`);
      await pipeline(
        part.file,
        countBytes(received, limitBytes, () => tooLarge(limitBytes)),
        createWriteStream(staged),
      );
      if (part.file.truncated) throw tooLarge(limitBytes);
      const size = (await stat(staged)).size;
      // A workbook is a ZIP too; it is kept whole, as the importer reads it.
      if (filename.toLowerCase().endsWith('.zip') || (!isWorkbook(filename) && (await hasZipSignature(staged)))) {
        const zipName = shownName(filename) || '(no name)';
        if (size === 0) throw new UploadError(400, `${zipName}: the file is empty`);
        saved.push(...(await extractZip(staged, { zipName, directory, limitBytes, unpacked, names })));
        await rm(staged);
        continue;
      }
      const name = safeRelativeName(filename);
      const label = shownName(name);
      if (size === 0) throw new UploadError(400, `${label}: the file is empty`);
      unpacked.bytes += size;
      if (unpacked.bytes > limitBytes) throw tooLarge(limitBytes);
      names.claim(name, label);
      const target = path.join(directory, name);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(staged, target);
      saved.push({ path: target, label });
    }
    if (saved.length === 0) throw new UploadError(400, 'files: the upload holds no file');
    await checkLayouts(saved, limitBytes);
    for (const file of saved) if (!isWorkbook(file.path)) await checkFieldLimits(file);
    return saved.map((file) => file.path);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/** Each file must be one the readers know (by its header row), so the import does not start on a file it would skip. */
async function checkLayouts(files: UploadedFile[], limitBytes: number): Promise<void> {
  for (const file of files) {
    if (isWorkbook(file.path)) {
      await checkWorkbook(file, limitBytes);
      continue;
    }
    const header = await headerRow(file.path).catch((error: unknown) => {
      throw new UploadError(400, `${file.label}, line 1: the header row cannot be read (${error instanceof Error ? error.message : String(error)})`);
    });
    if (detectFormat(header) || STATE_MAPPINGS.some((mapping) => recognises(mapping, header))) continue;
    throw new UploadError(
      400,
      `${file.label}: not a known EPA template or UST Finder file (unknown layout: the header row matches neither the EPA template nor UST Finder)`,
    );
  }
}

/**
 * A workbook must hold a data sheet of the EPA template, found by name as the importer finds it,
 * and unpack to no more than an upload may hold (a small workbook can unpack to gigabytes).
 */
async function checkWorkbook(file: UploadedFile, limitBytes: number): Promise<void> {
  const workbook = await readWorkbook(file.path).catch((error: unknown) => {
    throw new UploadError(400, `${file.label}: not an Excel workbook (${error instanceof Error ? error.message : String(error)})`);
  });
  if (workbook.unpackedBytes > limitBytes)
    throw new UploadError(413, `${file.label}: the workbook unpacks to more than the limit of ${formatLimit(limitBytes)} per request`);
  if (dataSheets(workbook.sheets).length === 0) {
    throw new UploadError(
      400,
      `${file.label}: no sheet of the EPA template (${[...DATA_SHEETS.keys()].map((name) => name.replace(/\b\w/g, (c) => c.toUpperCase())).join(', ')}) in this workbook`,
    );
  }
}

/** The file's first row, read as the importer reads it (a byte-order mark dropped); none for a file without one. */
async function headerRow(file: string): Promise<string[]> {
  const rows = createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, to_line: 1 }));
  for await (const row of rows as AsyncIterable<string[]>) return row;
  return [];
}

/** Every field and row within its limit, read a chunk at a time so that a long file never holds the event loop. */
async function checkFieldLimits(file: UploadedFile): Promise<void> {
  const limits = new CsvFieldLimits(importColumnLimits);
  try {
    for await (const chunk of createReadStream(file.path)) limits.check(chunk as Buffer);
    limits.end();
  } catch (error) {
    if (error instanceof FieldLimitError) throw new UploadError(400, `${file.label}, ${error.message}`);
    throw error;
  }
}
