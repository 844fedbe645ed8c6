/**
 * Portfolio files an attacker with a broker's or an admin's account could send to make the
 * gateway work at will: one field as long as the file, a row of millions of empty columns (a
 * header of them is in imports/uploads.attack.integration.test.ts), a second file beside the
 * first. Each is refused at upload naming the line, the column and the limit
 * (docs/decisions/0041-upload-field-limits.md), in an error body of at most 2,000 bytes, and
 * nothing is kept of it.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SCREENING_BYTES } from '@ust/schemas';
import { multipartBody } from '../../testing/multipart-body.js';
import { refusalProblems } from '../../testing/refusal-problems.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../../testing/test-gateway.js';

/** Just under the 10 MB a portfolio file may weigh: the most an attacker can send. */
const FILE_BYTES = MAX_SCREENING_BYTES - 1_000;

describe('portfolio uploads over the field limits', () => {
  let platform: TestGateway;
  let authorization: { authorization: string };

  const upload = async (content: string | Buffer) => {
    const { payload, headers } = await multipartBody([{ name: 'portfolio.csv', content }]);
    return platform.gateway.inject({ method: 'POST', url: '/api/screenings', headers: { ...authorization, ...headers }, payload });
  };
  const screenings = () => readdir(path.join(platform.embedded.dataDir, 'screenings')).catch(() => [] as string[]);
  const expectRefused = async (content: string | Buffer, message: string) => {
    const response = await upload(content);
    expect(refusalProblems(response)).toEqual([]);
    expect({ status: response.statusCode, message: response.json().error.message }).toEqual({ status: 400, message });
    expect(await screenings()).toEqual([]);
  };

  beforeAll(async () => {
    platform = await startTestGateway('portfolio-upload-attack');
    authorization = (await platform.signIn(TEST_ADMIN)).headers;
  }, 120_000);
  afterAll(() => platform?.close());

  it('refuses a reference of one long unbroken string, which the summary PDF would wrap at a cost that grows with its square', async () => {
    await expectRefused(
      `reference,latitude,longitude\n${'R'.repeat(20_000)},38.9,-77.03\n`,
      'line 2, column "reference": the field holds more than 200 characters, the limit for this column',
    );
    await expectRefused(
      `reference,latitude,longitude\nA,38.9,-77.03\n${'R'.repeat(FILE_BYTES)},38.9,-77.03\n`,
      'line 3, column "reference": the field holds more than 200 characters, the limit for this column',
    );
  });

  it('refuses an address over 500 characters and any other field over 1,000', async () => {
    await expectRefused(
      `ref,address,city\nA,${'1 Main St '.repeat(51)},Dover\n`,
      'line 2, column "address": the field holds more than 500 characters, the limit for this column',
    );
    await expectRefused(
      `ref,address,city\nA,1 Main St,${'D'.repeat(1_001)}\n`,
      'line 2, column "city": the field holds more than 1,000 characters, the limit for this column',
    );
  });

  it('refuses a data row of nothing but commas', async () => {
    await expectRefused(`ref,address\nA,${','.repeat(FILE_BYTES)}\n`, 'line 2: the row holds more than 100 columns, the limit for a row');
  });

  it('sends a second file after the portfolio, hoping it goes unread', async () => {
    const { payload, headers } = await multipartBody([
      { name: 'portfolio.csv', content: 'reference,latitude,longitude\nA,38.9,-77.03\n' },
      { name: 'more.csv', content: 'reference,latitude,longitude\nB,38.9,-77.03\n' },
    ]);
    const response = await platform.gateway.inject({ method: 'POST', url: '/api/screenings', headers: { ...authorization, ...headers }, payload });
    expect(refusalProblems(response)).toEqual([]);
    expect({ status: response.statusCode, message: response.json().error.message }).toEqual({
      status: 413,
      message: 'file: the upload holds more files than the limit of 1 per request',
    });
    expect(await screenings()).toEqual([]);
  });
});
