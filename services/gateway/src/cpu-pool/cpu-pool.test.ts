/**
 * The CPU pool's threads run the gateway's own tasks from its sources (through tsx here), give
 * bytes and rows back, keep an upload's refusal as it was, and refuse a task past their threads
 * and queue at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadError } from '../imports/upload-rules.js';
import { readPortfolioCsv } from '../screenings/portfolio-csv.js';
import { acceptedPortfolio } from '../screenings/portfolio-read.js';
import { doneScreening } from '../testing/held-screening.js';
import { createCpuPool, CpuPoolFullError, RETRY_AFTER_SECONDS, type CpuPool } from './cpu-pool.js';

const owner = { userId: 'user-1', email: 'bea@example.com' };

describe('the CPU pool', () => {
  let pool: CpuPool;
  let dataDir: string;

  beforeAll(async () => {
    pool = createCpuPool({ threads: 1, queue: 1 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-cpu-pool-'));
  });
  afterAll(async () => {
    await pool?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads a portfolio file in a thread into the rows readPortfolioCsv gives, as JSON lines', async () => {
    const file = Buffer.from('reference,latitude,longitude\nA,38.9,-77.03\nB,91,-77\n');
    const { rows, rowsJsonLines } = acceptedPortfolio(await pool.run('readPortfolio', file));
    expect(rows).toBe(2);
    const lines = Buffer.from(rowsJsonLines).toString().trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(readPortfolioCsv(file));
  });

  it('gives back a refused file as the same UploadError, status and message', async () => {
    const refusal = await pool
      .run('readPortfolio', Buffer.from('name,street\nA,1 Main St\n'))
      .then(acceptedPortfolio)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadError);
    expect(refusal).toMatchObject({
      statusCode: 400,
      message:
        'line 1: no reference column (found "name", "street"); expected a header row with a reference column and either an address column (with city, state and zip columns if the address holds only the street) or latitude and longitude columns',
    });
  });

  it("makes a screening's PDF and workbook from its results file", async () => {
    const { screening, resultsFile } = await doneScreening(dataDir, owner);
    const pdf = await pool.run('screeningPdf', { resultsFile, screening });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const xlsx = await pool.run('screeningXlsx', { resultsFile, screening });
    // A workbook is a ZIP file.
    expect(Buffer.from(xlsx.subarray(0, 2)).toString()).toBe('PK');
  });

  it('refuses a task past its threads and queue with a 503 to retry, and takes tasks again once one ends', async () => {
    const running = await doneScreening(dataDir, owner, { held: true });
    const waiting = await doneScreening(dataDir, owner, { held: true });
    const first = pool.run('screeningPdf', { resultsFile: running.resultsFile, screening: running.screening });
    const second = pool.run('screeningPdf', { resultsFile: waiting.resultsFile, screening: waiting.screening });
    expect(pool.stats().admitted).toBe(2);

    const refused = await pool.run('readPortfolio', Buffer.from('reference,latitude,longitude\nA,38.9,-77.03\n')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CpuPoolFullError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: RETRY_AFTER_SECONDS });

    await Promise.all([running.release(), waiting.release()]);
    for (const pdf of await Promise.all([first, second])) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pool.stats().admitted).toBe(0);
    expect(acceptedPortfolio(await pool.run('readPortfolio', Buffer.from('reference,latitude,longitude\nA,38.9,-77.03\n'))).rows).toBe(1);
  });
});
