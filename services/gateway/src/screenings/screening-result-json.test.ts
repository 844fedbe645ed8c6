/**
 * The bytes GET /screenings/{id}/rows sends, written around the stored result lines, are a
 * ScreeningResult: the record without its run count, every whole row in file order (a row a stop
 * cut short is left out), and the pricing note.
 */
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_DISCLAIMER, ScreeningResult, type ScreeningRow } from '@ust/schemas';
import { NOT_LOCATED_ROW } from '../testing/held-screening.js';
import { screeningResultJson } from './screening-result-json.js';
import { appendResults, createScreening, newScreeningId, queuedScreening, type StoredScreening } from './screening-store.js';

async function resultOf(dataDir: string, screening: StoredScreening): Promise<unknown> {
  let text = '';
  for await (const chunk of screeningResultJson(dataDir, screening)) text += chunk;
  return JSON.parse(text);
}

describe('screeningResultJson', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-screening-result-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newScreening = async () => {
    const screening = { ...queuedScreening(newScreeningId(), 'book.csv', { userId: 'user-1', email: null }, 3), runs: 2 };
    await createScreening(dataDir, screening, new Uint8Array());
    return screening;
  };

  it('is the ScreeningResult of the rows stored so far, without a row cut short', async () => {
    const screening = await newScreening();
    const rows: ScreeningRow[] = [1, 2, 3].map((index) => ({ ...NOT_LOCATED_ROW, line: index + 1, reference: `R-${index}, "quoted"\n` }));
    await appendResults(dataDir, screening.id, rows.slice(0, 2));
    await appendFile(path.join(dataDir, 'screenings', screening.id, 'results.jsonl'), JSON.stringify(rows[2]).slice(0, 40));
    const result = await resultOf(dataDir, screening);
    expect(Value.Check(ScreeningResult, result)).toBe(true);
    const { runs: _runs, ...run } = screening;
    expect(result).toEqual({ screening: run, rows: rows.slice(0, 2), pricing_note: PRICING_DISCLAIMER });
  });

  it('stays one document over many reads and chunks', async () => {
    const screening = await newScreening();
    const rows: ScreeningRow[] = Array.from({ length: 1_000 }, (_, index) => ({
      ...NOT_LOCATED_ROW,
      line: index + 2,
      reference: `R-${index}-${'x'.repeat(1_000)}`,
    }));
    await appendResults(dataDir, screening.id, rows);
    const result = await resultOf(dataDir, screening);
    expect(Value.Check(ScreeningResult, result)).toBe(true);
    expect((result as { rows: ScreeningRow[] }).rows).toEqual(rows);
  });

  it('has no rows before the first is screened', async () => {
    const screening = await newScreening();
    const result = await resultOf(dataDir, screening);
    expect(Value.Check(ScreeningResult, result)).toBe(true);
    expect(result).toMatchObject({ rows: [] });
  });
});
