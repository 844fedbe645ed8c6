/**
 * A done screening's results as a file on this gateway's own disk, for the CPU pool's threads,
 * which cannot reach the analytics store (chDB must not load in a worker thread). A done
 * screening's results never change, so the copy is made once, from the store, and kept under
 * DATA_DIR/screening-results/ by screening and dataset version; it is only ever a copy, made
 * again by any gateway that lacks it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ensurePrivateDirectory, type AnalyticsStore } from '@ust/platform';
import { readResultLines } from '@ust/read-model';
import type { ScreeningRun } from '@ust/schemas';

/** Where this gateway keeps its copy of a screening's results. */
export function resultsCopyFile(dataDir: string, screening: Pick<ScreeningRun, 'id' | 'dataset_version'>): string {
  return path.join(dataDir, 'screening-results', `${screening.id}-v${screening.dataset_version ?? 0}.jsonl`);
}

/** The copy's path, made first when this gateway has none. */
export async function resultsCopy(store: AnalyticsStore, dataDir: string, screening: ScreeningRun): Promise<string> {
  const file = resultsCopyFile(dataDir, screening);
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) return file;
  await ensurePrivateDirectory(path.dirname(file));
  // Written aside and renamed: a task never reads half a copy, and two requests never mix theirs.
  const aside = `${file}.${randomUUID()}.tmp`;
  const out = createWriteStream(aside, { mode: 0o600 });
  try {
    for await (const lines of readResultLines(store, screening)) {
      if (!out.write(`${lines.join('\n')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    out.end();
    await finished(out);
    await rename(aside, file);
  } catch (error) {
    out.destroy();
    await rm(aside, { force: true });
    throw error;
  }
  return file;
}
