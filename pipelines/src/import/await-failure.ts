import type { AnalyticsStore } from '@ust/platform';

/**
 * Waits until ingest has recorded `importId` as failed: run embedded, the command's process is
 * the ingest service, and closing it sooner would leave the import staged and unrecorded.
 */
export async function awaitFailureRecorded(store: AnalyticsStore, importId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await store.query<{ status: string }>('SELECT argMax(status, updated) AS status FROM imports WHERE import_id = {id:String}', {
      id: importId,
    });
    if (row?.status === 'failed') return;
    if (Date.now() > deadline) throw new Error(`The failure of import ${importId} was not recorded within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
