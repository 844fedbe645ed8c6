/**
 * A replay from the beginning is one job over every committed import; its record, kept beside
 * the imports' run records, is what `GET /api/admin/replay/{id}` answers while it runs and after.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirectory, writePrivateFile } from '@ust/platform';
import type { ReplayRun } from '@ust/schemas';

const recordFile = (dataDir: string, id: string) => path.join(dataDir, 'replays', `${id}.json`);

export function queuedReplayRecord(id: string): ReplayRun {
  return {
    id,
    status: 'queued',
    failure: null,
    imports_total: null,
    imports_replayed: 0,
    progress: { records: 0, total: null, records_per_second: 0, eta_seconds: null },
    queued_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
  };
}

export async function writeReplayRecord(dataDir: string, record: ReplayRun): Promise<void> {
  const file = recordFile(dataDir, record.id);
  await ensurePrivateDirectory(path.dirname(file));
  // Written aside and renamed: a reader never sees half a record.
  await writePrivateFile(file, JSON.stringify(record));
}

export async function readReplayRecord(dataDir: string, id: string): Promise<ReplayRun | null> {
  try {
    return JSON.parse(await readFile(recordFile(dataDir, id), 'utf8')) as ReplayRun;
  } catch {
    return null;
  }
}
