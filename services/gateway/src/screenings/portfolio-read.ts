/**
 * A portfolio file read in the CPU pool. An UploadError loses its status on the way back from a
 * worker thread (only an error's message and stack cross), so the refusal travels as data and
 * becomes the same UploadError again on the request's side.
 */
import { UploadError } from '../imports/upload-rules.js';
import { readPortfolioCsv, type PortfolioRow } from './portfolio-csv.js';

export type PortfolioRead = { rows: PortfolioRow[] } | { refused: { statusCode: UploadError['statusCode']; message: string } };

export function readPortfolio(bytes: Uint8Array): PortfolioRead {
  try {
    return { rows: readPortfolioCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    if (error instanceof UploadError) return { refused: { statusCode: error.statusCode, message: error.message } };
    throw error;
  }
}

/** The rows read, or the UploadError the file was refused with. */
export function portfolioRowsOf(read: PortfolioRead): PortfolioRow[] {
  if ('refused' in read) throw new UploadError(read.refused.statusCode, read.refused.message);
  return read.rows;
}
