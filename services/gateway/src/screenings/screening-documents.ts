/**
 * A done screening's summary PDF and workbook as bytes, made in the CPU pool: the worker reads
 * the results itself, so the request's thread neither parses nor copies thousands of rows.
 */
import type { ScreeningRun } from '@ust/schemas';
import { streamBytes } from '../cpu-pool/stream-bytes.js';
import type { Paper } from '../pdf/pdf-layout.js';
import { renderScreeningPdf } from './render-screening-pdf.js';
import { readResults } from './screening-store.js';
import { screeningXlsx } from './screening-xlsx.js';

export interface ScreeningDocumentInput {
  dataDir: string;
  screening: ScreeningRun;
}

export async function screeningPdfBytes({ dataDir, screening, paper }: ScreeningDocumentInput & { paper?: Paper }): Promise<Uint8Array> {
  return streamBytes(renderScreeningPdf(screening, await readResults(dataDir, screening.id), paper));
}

export async function screeningXlsxBytes({ dataDir, screening }: ScreeningDocumentInput): Promise<Uint8Array> {
  return streamBytes(screeningXlsx(screening, await readResults(dataDir, screening.id)));
}
