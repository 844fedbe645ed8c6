/**
 * A done screening's summary PDF and workbook as bytes, made in the CPU pool: the thread reads
 * the results from this gateway's copy of them (results-copy.ts; a pool thread cannot reach the
 * analytics store), so the request's thread neither parses nor copies thousands of rows.
 */
import { readFile } from 'node:fs/promises';
import type { ScreeningRow, ScreeningRun } from '@ust/schemas';
import { streamBytes } from '../cpu-pool/stream-bytes.js';
import type { Paper } from '../pdf/pdf-layout.js';
import { renderScreeningPdf } from './render-screening-pdf.js';
import { screeningXlsx } from './screening-xlsx.js';

export interface ScreeningDocumentInput {
  /** The results as JSON lines, one ScreeningRow each, in file order. */
  resultsFile: string;
  screening: ScreeningRun;
}

async function readResultsFile(file: string): Promise<ScreeningRow[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ScreeningRow);
}

export async function screeningPdfBytes({ resultsFile, screening, paper }: ScreeningDocumentInput & { paper?: Paper }): Promise<Uint8Array> {
  return streamBytes(renderScreeningPdf(screening, await readResultsFile(resultsFile), paper));
}

export async function screeningXlsxBytes({ resultsFile, screening }: ScreeningDocumentInput): Promise<Uint8Array> {
  return streamBytes(screeningXlsx(screening, await readResultsFile(resultsFile)));
}
