/**
 * What the CPU pool's threads run (cpu-pool.ts starts them on this module): each task by name.
 * Everything this module reaches must be pure code (pdfkit, exceljs, csv-parse, the schemas,
 * the gateway's own text and layout helpers): no port, and never chDB, which crashes in a
 * worker thread. The rule `cpu-worker-stays-pure` of .dependency-cruiser.cjs holds it to that.
 */
import { move } from 'piscina';
import type { ExposureSheet } from '@ust/schemas';
import { renderExposureSheetPdf } from '../exposure-sheet/render-exposure-sheet-pdf.js';
import type { Paper } from '../pdf/pdf-layout.js';
import { readPortfolio } from '../screenings/portfolio-read.js';
import { screeningPdfBytes, screeningXlsxBytes } from '../screenings/screening-documents.js';
import { streamBytes } from './stream-bytes.js';

export const cpuTasks = {
  readPortfolio,
  screeningPdf: screeningPdfBytes,
  screeningXlsx: screeningXlsxBytes,
  exposureSheetPdf: ({ sheet, paper }: { sheet: ExposureSheet; paper?: Paper }) => streamBytes(renderExposureSheetPdf(sheet, paper)),
};

export type CpuTaskName = keyof typeof cpuTasks;
export type CpuTaskInput<Name extends CpuTaskName> = Parameters<(typeof cpuTasks)[Name]>[0];
export type CpuTaskOutput<Name extends CpuTaskName> = Awaited<ReturnType<(typeof cpuTasks)[Name]>>;
export interface CpuTaskRequest {
  task: CpuTaskName;
  input: unknown;
}

/** Runs one task; bytes go back by moving their buffer to the requesting thread, not by copying it. */
export default async function runCpuTask({ task, input }: CpuTaskRequest): Promise<unknown> {
  const result: unknown = await cpuTasks[task](input as never);
  return result instanceof Uint8Array ? move(result) : result;
}
