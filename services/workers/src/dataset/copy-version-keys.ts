/**
 * Copies derived documents from one dataset version to the next: a build that rebuilds only
 * some states copies every other document as it is, byte for byte.
 */
import type { Cache } from '@ust/platform';
import { datasetVersionPrefix } from '@ust/read-model';

/** Keys per read and write: one Redis round trip stays a few MB. */
const KEYS_PER_COPY = 1_000;

export interface CopyTally {
  keys: number;
  bytes: number;
}

/**
 * Copies the keys of version `from` under `prefix` (after `v{n}:`) for which `keep` holds into
 * version `to`. A key gone before it is read means `from` was pruned meanwhile: the copy fails,
 * and the job's retry plans again from the live version.
 */
export async function copyVersionKeys(
  cache: Cache,
  from: number,
  to: number,
  prefix: string,
  keep: (key: string) => boolean,
  /** Sees each copied key (without `v{n}:`) and value. */
  onCopy?: (key: string, value: Buffer) => void,
): Promise<CopyTally> {
  const source = datasetVersionPrefix(from);
  const target = datasetVersionPrefix(to);
  const keys = (await cache.keys(source + prefix)).map((key) => key.slice(source.length)).filter(keep);
  const tally: CopyTally = { keys: 0, bytes: 0 };
  for (let start = 0; start < keys.length; start += KEYS_PER_COPY) {
    const batch = keys.slice(start, start + KEYS_PER_COPY);
    const values = await cache.getBuffers(batch.map((key) => source + key));
    const entries = batch.map((key, index) => {
      const value = values[index];
      if (!value) throw new Error(`v${from}:${key} went away while v${to} copied it (was v${from} pruned?)`);
      tally.bytes += value.length;
      onCopy?.(key, value);
      return [target + key, value] as const;
    });
    await cache.setMany(entries);
    tally.keys += entries.length;
  }
  return tally;
}
