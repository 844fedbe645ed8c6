import type { AnalyticsStore } from '@ust/platform';

/** Drops every facility_summary row of one dataset version (its partition). */
export async function dropSummaryVersion(store: AnalyticsStore, version: number): Promise<void> {
  await store.command('ALTER TABLE facility_summary DROP PARTITION {version:UInt32}', { version });
}
