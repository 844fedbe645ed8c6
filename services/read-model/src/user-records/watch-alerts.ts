/**
 * Alerts on watched items (docs/decisions/0120-watch-alerts.md): one row per owner and alert in
 * watch_alerts. An alert's id is a hash of its owner, item, change and version, so a version
 * evaluated twice writes the same ids, and the writer skips the ids the version already has.
 */
import type { AnalyticsStore } from '@ust/platform';
import type { WatchAlert } from '@ust/schemas';

/** Alerts per insert: a national version with every item changed is written in pieces. */
const ALERTS_PER_INSERT = 10_000;

export interface StoredAlert {
  owner_id: string;
  /** As the API shows it, less whether it is read (that depends on who asks, and when). */
  alert: Omit<WatchAlert, 'unread'>;
}

/** The alert ids a version already has: evaluating it again adds none of them. */
export async function readAlertIdsOfVersion(store: AnalyticsStore, version: number): Promise<Set<string>> {
  const rows = await store.query<{ alert_id: string }>('SELECT DISTINCT alert_id FROM watch_alerts WHERE dataset_version = {version:UInt32}', { version });
  return new Set(rows.map((row) => row.alert_id));
}

export async function writeAlerts(store: AnalyticsStore, alerts: readonly StoredAlert[]): Promise<void> {
  for (let from = 0; from < alerts.length; from += ALERTS_PER_INSERT) {
    await store.insert(
      'watch_alerts',
      alerts.slice(from, from + ALERTS_PER_INSERT).map(({ owner_id, alert }) => ({
        owner_id,
        alert_id: alert.id,
        dataset_version: alert.dataset_version,
        created_at: alert.created_at,
        alert: JSON.stringify(alert),
      })),
    );
  }
}

/** A user's newest alerts, and how many were created after `seenAt` (all of them when null). */
export async function readAlertsOf(
  store: AnalyticsStore,
  ownerId: string,
  limit: number,
  seenAt: string | null,
): Promise<{ alerts: Array<StoredAlert['alert']>; unread: number }> {
  const rows = await store.query<{ alert: string; unread: number }>(
    `SELECT alert, toUInt32(0) AS unread FROM (
       SELECT alert, created_at, alert_id FROM watch_alerts FINAL WHERE owner_id = {owner:String} ORDER BY created_at DESC, alert_id LIMIT {limit:UInt32}
     )
     UNION ALL
     SELECT '' AS alert, toUInt32(count()) AS unread FROM watch_alerts FINAL
      WHERE owner_id = {owner:String} AND created_at > parseDateTime64BestEffort({seen:String}, 3, 'UTC')`,
    { owner: ownerId, limit, seen: seenAt ?? '1970-01-01T00:00:00.000Z' },
  );
  const alerts = rows.filter((row) => row.alert !== '').map((row) => JSON.parse(row.alert) as StoredAlert['alert']);
  alerts.sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
  return { alerts, unread: Number(rows.find((row) => row.alert === '')?.unread ?? 0) };
}
