import type { AnalyticsStore } from '@ust/platform';
import type { ReleaseRecord } from '@ust/schemas';

/** The current version of one release, or undefined. */
export async function getRelease(store: AnalyticsStore, releaseId: string): Promise<ReleaseRecord | undefined> {
  const [row] = await store.query<ReleaseRecord>('SELECT * FROM releases FINAL WHERE release_id = {id:String} LIMIT 1', { id: releaseId });
  return row;
}
