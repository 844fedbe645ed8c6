import { alterTableParts, type AnalyticsStore } from '@ust/platform';

/** Drops every facility_summary row of one dataset version (its partition; on a cluster, on every shard). */
export async function dropSummaryVersion(store: AnalyticsStore, version: number): Promise<void> {
  await store.command(alterTableParts(store, 'facility_summary', 'DROP PARTITION {version:UInt32}'), { version });
}
