/**
 * What the platform took up again after a crash (a job taken back from a dead worker, an
 * unfinished record repaired at start), kept with the job records so that System Health shows
 * them from any gateway.
 */
import { randomUUID } from 'node:crypto';
import type { AnalyticsStore } from '@ust/platform';
import { LATEST_RECOVERIES, type JobRecovery } from '@ust/schemas';
import { recordTable } from './record-table.js';

const recoveries = (store: AnalyticsStore) => recordTable<JobRecovery>(store, 'job-recovery');

export function recordRecovery(store: AnalyticsStore, recovery: Omit<JobRecovery, 'at'>): Promise<void> {
  return recoveries(store).put(randomUUID(), { at: new Date().toISOString(), ...recovery });
}

/** The newest recoveries first. */
export async function latestRecoveries(store: AnalyticsStore, limit = LATEST_RECOVERIES): Promise<JobRecovery[]> {
  return (await recoveries(store).list()).sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
