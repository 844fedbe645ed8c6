/**
 * A portfolio file read in the CPU pool. The rows come back as the JSON lines the screening
 * keeps (screening-store.ts), so the request's thread copies bytes instead of rebuilding and
 * serializing thousands of objects. An UploadError loses its status on the way back from a
 * worker thread (only an error's message and stack cross), so the refusal travels as data and
 * becomes the same UploadError again on the request's side.
 */
import { UploadError } from '../imports/upload-rules.js';
import { toJsonLines } from './json-lines.js';
import { readPortfolioCsv } from './portfolio-csv.js';

export interface AcceptedPortfolio {
  rows: number;
  /** Each row (PortfolioRow) as a JSON line. */
  rowsJsonLines: Uint8Array;
}

export type PortfolioRead = AcceptedPortfolio | { refused: { statusCode: UploadError['statusCode']; message: string } };

export function readPortfolio(bytes: Uint8Array): PortfolioRead {
  try {
    const rows = readPortfolioCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { rows: rows.length, rowsJsonLines: toJsonLines(rows) };
  } catch (error) {
    if (error instanceof UploadError) return { refused: { statusCode: error.statusCode, message: error.message } };
    throw error;
  }
}

/** The portfolio read, or the UploadError the file was refused with. */
export function acceptedPortfolio(read: PortfolioRead): AcceptedPortfolio {
  if ('refused' in read) throw new UploadError(read.refused.statusCode, read.refused.message);
  return read;
}
