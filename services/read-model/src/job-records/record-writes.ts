/**
 * How a job writes its record as it goes: one write at a time, in order, so a late progress
 * write never puts back an earlier status; and progress at most every PROGRESS_WRITE_MS.
 */

/** Progress is written at most this often: readers poll every second or two. */
const PROGRESS_WRITE_MS = 500;

/** `save(changes)` merges the changes into `current` and queues the write of a snapshot of it. */
export function orderedSaver<Record extends object>(current: Record, write: (record: Record) => Promise<void>) {
  let writes = Promise.resolve();
  return (changes: Partial<Record>): Promise<void> => {
    const snapshot = { ...Object.assign(current, changes) };
    writes = writes.catch(() => undefined).then(() => write(snapshot));
    return writes;
  };
}

/** A progress callback taking the records read so far, writing them and the rate now and then. */
export function progressWriter(save: (records: number, recordsPerSecond: number) => Promise<void>, startedAt: number): (records: number) => void {
  let lastWrite = 0;
  let writing = false;
  return (records) => {
    const now = Date.now();
    if (writing || now - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = now;
    writing = true;
    const seconds = Math.max(0.001, (now - startedAt) / 1000);
    // Progress is best effort: a write that fails leaves the previous figures until the next one.
    save(records, Math.round(records / seconds))
      .catch(() => undefined)
      .finally(() => {
        writing = false;
      });
  };
}
