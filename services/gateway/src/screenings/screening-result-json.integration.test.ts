/**
 * The bytes GET /screenings/{id}/rows sends, written around the stored result lines, are a
 * ScreeningResult: the record without its run count, every saved row in file order, and the
 * pricing note.
 */
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_DISCLAIMER, ScreeningResult, type ScreeningRow } from '@ust/schemas';
import type { AnalyticsStore } from '@ust/platform';
import { appendResultLines, createScreening, newScreeningId, queuedScreening, type StoredScreening } from '@ust/read-model';
import { NOT_LOCATED_ROW } from '../testing/held-screening.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { screeningResultJson } from './screening-result-json.js';

async function resultOf(store: AnalyticsStore, screening: StoredScreening): Promise<unknown> {
  let text = '';
  for await (const chunk of screeningResultJson(store, screening)) text += chunk;
  return JSON.parse(text);
}

const appendResults = (store: AnalyticsStore, screening: StoredScreening, from: number, rows: readonly ScreeningRow[]) =>
  appendResultLines(
    store,
    screening,
    from,
    rows.map((row) => JSON.stringify(row)),
  );

describe('screeningResultJson', () => {
  let embedded: EmbeddedTestPorts;
  let store: AnalyticsStore;
  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('screening-result');
    store = embedded.ports.store;
  });
  afterAll(() => embedded?.close());

  const newScreening = async () => {
    const screening = { ...queuedScreening(newScreeningId(), 'book.csv', { userId: 'user-1', email: null }, 3), runs: 2, dataset_version: 7 };
    await createScreening(store, screening, new Uint8Array());
    return screening;
  };

  it('is the ScreeningResult of the rows stored so far, each once', async () => {
    const screening = await newScreening();
    const rows: ScreeningRow[] = [1, 2, 3].map((index) => ({ ...NOT_LOCATED_ROW, line: index + 1, reference: `R-${index}, "quoted"\n` }));
    await appendResults(store, screening, 0, rows.slice(0, 2));
    // A batch saved again by a job that resumed before it recorded its progress.
    await appendResults(store, screening, 1, rows.slice(1, 2));
    // Rows screened against another dataset version are not this screening's.
    await appendResults(store, { ...screening, dataset_version: 6 }, 2, rows.slice(2));
    const result = await resultOf(store, screening);
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
    await appendResults(store, screening, 0, rows);
    const result = await resultOf(store, screening);
    expect(Value.Check(ScreeningResult, result)).toBe(true);
    expect((result as { rows: ScreeningRow[] }).rows).toEqual(rows);
  });

  it('has no rows before the first is screened', async () => {
    const screening = await newScreening();
    const result = await resultOf(store, screening);
    expect(Value.Check(ScreeningResult, result)).toBe(true);
    expect(result).toMatchObject({ rows: [] });
  });
});
