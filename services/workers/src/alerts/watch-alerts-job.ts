/**
 * The evaluate-watch-alerts job (JobNames.evaluateWatchAlerts; docs/decisions/0120-watch-alerts.md):
 * after a version goes live, compares every watched item between it and the version before and
 * records what changed as alerts. Only facilities whose figures differ are read (after an import,
 * only those of the states it touched), and the items meet them in memory, so the work is in
 * proportion to what changed and how much is watched, not to the dataset.
 */
import path from 'node:path';
import { UnrecoverableError, type AnalyticsStore, type Cache, type JobQueue, type Logger, type Processor } from '@ust/platform';
import {
  datasetKeys,
  inTurns,
  readAlertIdsOfVersion,
  readManifest,
  readUserRecordsOfKinds,
  userAlertsCacheKey,
  writeAlerts,
  type DatasetBuildMeta,
  type OwnedUserRecord,
  type StoredAlert,
} from '@ust/read-model';
import {
  DEFAULT_PREFERENCES,
  JobNames,
  JobQueueOf,
  type DeliverWebhookData,
  type EvaluateWatchAlertsData,
  type SendAlertDigestData,
  type UserPreferences,
  type WatchedItem,
} from '@ust/schemas';
import { digestJobFor } from './digest/digest-window.js';
import { WEBHOOK_ATTEMPTS, WEBHOOK_BACKOFF_MS, webhookDeliveryId } from './webhooks/deliver-webhook-job.js';
import { getChangedFacilities } from '../queries/dataset/get-changed-facilities.js';
import { getSummaryVersionsPresent } from '../queries/dataset/get-summary-versions-present.js';
import { ChangeIndex } from './change-index.js';
import { evaluateAlerts, type WatchedItemOf } from './evaluate-alerts.js';

export interface WatchAlertsDeps {
  store: AnalyticsStore;
  cache: Cache;
  /** Where the digests of users with e-mail notifications on are enqueued. */
  jobs: JobQueue;
  log: Logger;
  /** A user's digest goes out at the end of the window of this length an alert falls in. */
  digestIntervalSeconds: number;
  now?: () => Date;
}

export interface WatchAlertsResult {
  version: number;
  base: number;
  items: number;
  changedFacilities: number;
  alerts: number;
  /** Why nothing was compared, when nothing was. */
  skipped: string | null;
  /** Seconds spent reading the watched items, finding what changed, meeting the two, and writing the alerts. */
  seconds: { items: number; changes: number; evaluate: number; write: number };
}

/** A digest whose mail server is down is tried again for about an hour (1, 2, 4 ... 32 minutes). */
const DIGEST_ATTEMPTS = 7;
const DIGEST_BACKOFF_MS = 60_000;

/** Watched items met with the changes between turns of the event loop (each slice is independent). */
const ITEMS_PER_TURN = 5_000;

const secondsSince = (start: number) => Math.round(performance.now() - start) / 1000;

export function parseWatchAlertsData(data: unknown): EvaluateWatchAlertsData {
  const { version, base_version: base } = (data ?? {}) as Record<string, unknown>;
  if (!Number.isInteger(version) || !Number.isInteger(base) || (base as number) < 1 || (version as number) <= (base as number)) {
    throw new UnrecoverableError(`evaluate-watch-alerts needs integer version > base_version >= 1, got ${JSON.stringify(data)}`);
  }
  return { version: version as number, base_version: base as number };
}

/** The watched items of every user, with their list's name, and every user's preferences (parsed in slices). */
async function watchedItemsOf(
  records: readonly OwnedUserRecord[],
): Promise<{ items: WatchedItemOf[]; preferences: Map<string, UserPreferences>; webhooks: Map<string, string[]> }> {
  const listNames = new Map<string, string>();
  const webhooks = new Map<string, string[]>();
  const preferences = new Map<string, UserPreferences>();
  const watched: OwnedUserRecord[] = [];
  for (const record of records) {
    if (record.kind === 'watchlist') listNames.set(`${record.owner_id}/${record.id}`, (JSON.parse(record.record) as { name: string }).name);
    else if (record.kind === 'preferences')
      preferences.set(record.owner_id, { ...DEFAULT_PREFERENCES, ...(JSON.parse(record.record) as Partial<UserPreferences>) });
    else if (record.kind === 'watched-item') watched.push(record);
    else if (record.kind === 'webhook') webhooks.set(record.owner_id, [...(webhooks.get(record.owner_id) ?? []), record.id]);
  }
  const items: WatchedItemOf[] = [];
  await inTurns(watched, ITEMS_PER_TURN, (slice) => {
    for (const record of slice) {
      const item = JSON.parse(record.record) as WatchedItem & { watchlist_id: string };
      const listName = listNames.get(`${record.owner_id}/${item.watchlist_id}`);
      // An item whose list was deleted by another replica between its two writes watches nothing.
      if (listName !== undefined) items.push({ ...item, owner_id: record.owner_id, watchlist_name: listName });
    }
  });
  return { items, preferences, webhooks };
}

async function importLabelOf(store: AnalyticsStore, importId: string | null): Promise<string | null> {
  if (importId === null) return null;
  try {
    const { plan } = await readManifest(store, importId);
    return plan.kind === 'files' ? plan.paths.map((file) => path.basename(file)).join(', ') : `generated demo records (scale ${plan.scale})`;
  } catch {
    return null;
  }
}

export function watchAlertsProcessor({
  store,
  cache,
  jobs,
  log,
  digestIntervalSeconds,
  now = () => new Date(),
}: WatchAlertsDeps): Processor<unknown, WatchAlertsResult> {
  return async (job) => {
    const { version, base_version: base } = parseWatchAlertsData(job.data);
    const seconds = { items: 0, changes: 0, evaluate: 0, write: 0 };
    const result = (fields: Partial<WatchAlertsResult>): WatchAlertsResult => ({
      version,
      base,
      items: 0,
      changedFacilities: 0,
      alerts: 0,
      skipped: null,
      seconds,
      ...fields,
    });
    let phase = performance.now();
    const { items, preferences, webhooks } = await watchedItemsOf(await readUserRecordsOfKinds(store, ['watchlist', 'watched-item', 'preferences', 'webhook']));
    seconds.items = secondsSince(phase);
    if (items.length === 0) return result({ skipped: 'nothing is watched' });
    const present = await getSummaryVersionsPresent(store, [base, version]);
    if (present.length < 2) {
      const skipped = `the summaries of v${base} or v${version} are gone (a later build pruned them): nothing to compare`;
      log.warn({ job: JobNames.evaluateWatchAlerts, version, base }, `watch alerts v${version}: ${skipped}`);
      return result({ items: items.length, skipped });
    }
    const metaText = await cache.get(datasetKeys.meta(version));
    const meta = metaText === null ? null : (JSON.parse(metaText) as DatasetBuildMeta);
    // A build that derived some states and copied the rest from this base changed only those.
    const states = meta?.rebuilt_states?.base_version === base ? meta.rebuilt_states.states : null;
    phase = performance.now();
    const changes = await getChangedFacilities(store, base, version, states);
    const importId = meta?.import_id ?? null;
    const importLabel = await importLabelOf(store, importId);
    seconds.changes = secondsSince(phase);
    phase = performance.now();
    const context = {
      version,
      base,
      importId,
      importLabel,
      createdAt: now().toISOString(),
      preferencesOf: (owner: string) => preferences.get(owner) ?? DEFAULT_PREFERENCES,
    };
    const alerts: StoredAlert[] = [];
    const index = new ChangeIndex(changes);
    await inTurns(items, ITEMS_PER_TURN, (slice) => alerts.push(...evaluateAlerts(slice, index, context)));
    seconds.evaluate = secondsSince(phase);
    phase = performance.now();
    const known = alerts.length ? await readAlertIdsOfVersion(store, version) : new Set<string>();
    const fresh = alerts.filter(({ alert }) => !known.has(alert.id));
    await writeAlerts(store, fresh);
    const owners = [...new Set(fresh.map((alert) => alert.owner_id))];
    if (owners.length) await cache.del(...owners.map(userAlertsCacheKey));
    const emailed = owners.filter((owner) => (preferences.get(owner) ?? DEFAULT_PREFERENCES).email_notifications);
    for (const owner of emailed) {
      const { jobId, delayMs } = digestJobFor(owner, now(), digestIntervalSeconds);
      const data: SendAlertDigestData = { owner_id: owner };
      await jobs.enqueue(JobQueueOf[JobNames.sendAlertDigest], JobNames.sendAlertDigest, data, {
        jobId,
        delayMs,
        attempts: DIGEST_ATTEMPTS,
        backoffMs: DIGEST_BACKOFF_MS,
      });
    }
    let deliveries = 0;
    for (const owner of owners) {
      for (const webhookId of webhooks.get(owner) ?? []) {
        const data: DeliverWebhookData = { owner_id: owner, webhook_id: webhookId, version };
        await jobs.enqueue(JobQueueOf[JobNames.deliverWebhook], JobNames.deliverWebhook, data, {
          jobId: webhookDeliveryId(webhookId, version),
          attempts: WEBHOOK_ATTEMPTS,
          backoffMs: WEBHOOK_BACKOFF_MS,
        });
        deliveries++;
      }
    }
    seconds.write = secondsSince(phase);
    log.info(
      { job: JobNames.evaluateWatchAlerts, version, base, items: items.length, changed: changes.length, alerts: fresh.length, owners: owners.length, seconds },
      `watch alerts v${base} → v${version}: ${items.length} watched items, ${changes.length} facilities changed${states ? ` in ${states.join(', ')}` : ''}, ${fresh.length} new alerts for ${owners.length} users, ${emailed.length} digests due, ${deliveries} webhook deliveries`,
    );
    return result({ items: items.length, changedFacilities: changes.length, alerts: fresh.length });
  };
}
