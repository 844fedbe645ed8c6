/** What tests of other packages use to run ingest (`@ust/ingest/testing`). */
import { startIngest, type IngestHandle } from '../start-ingest.js';

/**
 * Starts ingest, trying again while a just-started broker's group coordinator is still loading
 * (the first consumer can stop before it joins): a deployed ingest service is restarted by its
 * supervisor, a test retries the same way.
 */
export async function startIngestWhenCoordinatorReady(...args: Parameters<typeof startIngest>): Promise<IngestHandle> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startIngest(...args);
    } catch (error) {
      if (attempt === 5 || !/stopped before it joined|coordinator/i.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
