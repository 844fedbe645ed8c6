/**
 * What an upload may hold (an import's files; a portfolio file shares its error), shared by the files sent as they are and the entries of a ZIP:
 * names that stay inside the upload folder, CSV files only, and a byte limit per request.
 */
import { Transform } from 'node:stream';

export class UploadError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Characters of a name a message shows: enough to tell files apart, never the whole of a crafted one. */
const SHOWN_NAME_CHARS = 120;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A file name as a message shows it: control characters escaped (`a\u0000b.csv`), and a name
 * longer than SHOWN_NAME_CHARS cut in its middle, keeping its folder and its extension.
 */
export function shownName(name: string): string {
  const escaped = name.replace(CONTROL_CHARACTERS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped.length <= SHOWN_NAME_CHARS) return escaped;
  const half = Math.floor((SHOWN_NAME_CHARS - 1) / 2);
  return `${escaped.slice(0, half)}…${escaped.slice(-half)}`;
}

export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`;
}

export const tooLarge = (limitBytes: number) => new UploadError(413, `The upload is larger than the limit of ${formatLimit(limitBytes)} per request`);

/**
 * `DE/UST/facility.csv` stays as it is; `..`, absolute names, empty segments and control
 * characters (a NUL ends a path for the system) are refused. `label` names the file in messages.
 */
export function safeRelativePath(name: string, label = shownName(name)): string {
  const segments = name.replace(/\\/g, '/').split('/');
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new UploadError(400, `${label || '(no name)'}: not a file name inside the upload`);
  }
  if (name.search(CONTROL_CHARACTERS) >= 0) throw new UploadError(400, `${label}: a file name may not hold control characters`);
  return segments.join('/');
}

/** A file an import reads: a CSV file, or an EPA template workbook. */
export const isImportFileName = (name: string) => /\.(csv|xlsx)$/i.test(name);

export const notImportFile = (label: string) =>
  new UploadError(400, `${label}: not a CSV file or EPA template workbook (EPA template or UST Finder .csv files, EPA template .xlsx workbooks)`);

/** A safe relative name ending in `.csv` or `.xlsx`. */
export function safeRelativeName(name: string): string {
  const relative = safeRelativePath(name);
  if (!isImportFileName(relative)) throw notImportFile(shownName(name));
  return relative;
}

/** A running byte count shared by the streams of one request. */
export interface ByteTally {
  bytes: number;
}

/** Passes chunks through, adding them to `tally`; fails with `tooMany()` once it passes `limitBytes`. */
export function countBytes(tally: ByteTally, limitBytes: number, tooMany: () => UploadError): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      tally.bytes += chunk.length;
      callback(tally.bytes > limitBytes ? tooMany() : null, chunk);
    },
  });
}
