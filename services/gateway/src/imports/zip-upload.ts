/**
 * Unpacks a ZIP sent as an import upload into the upload folder, keeping its inner paths (a tank
 * file's state comes from its folder: `DE/UST/tank.csv`). Refused, naming the ZIP and the entry:
 * a name that leaves the folder or holds a control character, a name the upload already holds as
 * a file or a folder, a link, an encrypted entry, a ZIP inside the ZIP, a file that is not a CSV,
 * more than MAX_ZIP_ENTRIES entries, and more unpacked bytes than the request limit, counted as
 * they inflate because the sizes a ZIP declares can lie. `__MACOSX/` and dotfiles
 * (`.DS_Store`) are what archivers add on their own, so they are passed over.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { UploadNames } from './upload-names.js';
import { countBytes, formatLimit, isImportFileName, notImportFile, safeRelativePath, shownName, UploadError, type ByteTally } from './upload-rules.js';

/** Entries per ZIP: as many files as one multipart request may hold. */
export const MAX_ZIP_ENTRIES = 10_000;

/** A file the upload holds, with the name the admin knows it by (`DE.zip: DE/UST/tank.csv`). */
export interface UploadedFile {
  path: string;
  label: string;
}

export interface ZipExtraction {
  /** The ZIP's name as messages show it. */
  zipName: string;
  /** The upload folder the entries are written under. */
  directory: string;
  limitBytes: number;
  /** Bytes unpacked so far in this request, across its files. */
  unpacked: ByteTally;
  /** The names written so far in this request, across its files. */
  names: UploadNames;
}

const FILE_TYPE = 0o170000;
const SYMLINK = 0o120000;
const REGULAR = 0o100000;
const FOLDER = 0o040000;
const DEFLATE = 8;
const STORE = 0;

/** A local file header (`PK\3\4`), or the end record that is all an empty ZIP holds (`PK\5\6`). */
export async function hasZipSignature(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt16LE(0) === 0x4b50 && [0x0403, 0x0605].includes(head.readUInt16LE(2));
  } finally {
    await handle.close();
  }
}

/** Writes the ZIP's CSV files under `directory`; returns them. The caller removes the folder on failure. */
export async function extractZip(zipPath: string, options: ZipExtraction): Promise<UploadedFile[]> {
  const { zipName } = options;
  // Names stay raw so that a bad one is refused here, naming the entry, rather than ending the listing.
  const zip = await yauzl.openPromise(zipPath, { decodeStrings: false, validateEntrySizes: false }).catch((error: unknown) => {
    throw unreadable(zipName, error);
  });
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      throw new UploadError(413, `${zipName}: the ZIP holds ${zip.entryCount} entries, more than the limit of ${MAX_ZIP_ENTRIES}`);
    }
    const root = await realpath(options.directory);
    const written: UploadedFile[] = [];
    for await (const entry of entriesOf(zip, zipName)) {
      const file = await extractEntry(zip, entry, root, options);
      if (file) written.push(file);
    }
    if (!written.length) throw new UploadError(400, `${zipName}: the ZIP holds no CSV file`);
    return written;
  } finally {
    zip.close();
  }
}

async function* entriesOf(zip: ZipFile, zipName: string): AsyncGenerator<Entry> {
  const entries = zip.eachEntry();
  for (;;) {
    const next = await entries.next().catch((error: unknown) => {
      throw unreadable(zipName, error);
    });
    if (next.done) return;
    yield next.value;
  }
}

async function extractEntry(zip: ZipFile, entry: Entry, root: string, options: ZipExtraction): Promise<UploadedFile | null> {
  const { zipName, limitBytes, unpacked, names } = options;
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
  const label = `${zipName}: ${shownName(name)}`;
  const isFolder = name.endsWith('/');
  const relative = safeRelativePath(isFolder ? name.slice(0, -1) : name, label);
  const target = path.resolve(root, relative);
  if (!target.startsWith(`${root}${path.sep}`)) throw new UploadError(400, `${label}: not a file name inside the upload`);
  const segments = relative.split('/');
  if (segments[0] === '__MACOSX' || segments.some((segment) => segment.startsWith('.'))) return null;

  const type = (entry.externalFileAttributes >>> 16) & FILE_TYPE;
  if (type === SYMLINK) throw new UploadError(400, `${label}: a symbolic link; the ZIP may hold only folders and CSV files`);
  if (isFolder || type === FOLDER) return null;
  if (type !== 0 && type !== REGULAR) throw new UploadError(400, `${label}: not a regular file; the ZIP may hold only folders and CSV files`);
  if (entry.isEncrypted()) throw new UploadError(400, `${label}: the entry is encrypted; send a ZIP without a password`);
  if (relative.toLowerCase().endsWith('.zip')) throw new UploadError(400, `${label}: a ZIP inside the ZIP; put its CSV files in the one ZIP`);
  if (!isImportFileName(relative)) throw notImportFile(label);
  if (entry.compressionMethod !== DEFLATE && entry.compressionMethod !== STORE) {
    throw new UploadError(400, `${label}: compressed with a method other than deflate (method ${entry.compressionMethod})`);
  }
  const bomb = () => new UploadError(413, `${label}: the ZIP unpacks to more than the limit of ${formatLimit(limitBytes)} per request`);
  if (unpacked.bytes + entry.uncompressedSize > limitBytes) throw bomb();
  names.claim(relative, label);

  await mkdir(path.dirname(target), { recursive: true });
  // Nothing in the folder is a link (links are refused above), so this holds; it is checked all the same.
  if (!`${await realpath(path.dirname(target))}${path.sep}`.startsWith(`${root}${path.sep}`)) {
    throw new UploadError(400, `${label}: not a file name inside the upload`);
  }
  const before = unpacked.bytes;
  try {
    const content = await zip.openReadStreamPromise(entry);
    await pipeline(content, countBytes(unpacked, limitBytes, bomb), createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof UploadError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('Z_')) throw error;
    throw new UploadError(400, `${label}: the entry cannot be unpacked (${messageOf(error)})`);
  }
  const size = unpacked.bytes - before;
  if (size !== entry.uncompressedSize) {
    throw new UploadError(400, `${label}: unpacks to ${size} bytes where the ZIP declares ${entry.uncompressedSize} (a damaged ZIP)`);
  }
  if (size === 0) throw new UploadError(400, `${label}: the file is empty`);
  return { path: target, label };
}

function unreadable(zipName: string, error: unknown): UploadError {
  return new UploadError(400, `${zipName}: not a readable ZIP file (${messageOf(error)})`);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
