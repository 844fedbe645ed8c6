/**
 * The send-alert-digest job (JobNames.sendAlertDigest; docs/decisions/0121-alert-digests.md):
 * e-mails one user the alerts created since their last digest, through SMTP_URL, then records
 * the newest alert it sent, so the next digest starts after it. Nothing is sent to a user who has
 * turned e-mail off since, who is deactivated or has no e-mail, or who has nothing new.
 * A send that fails throws, and the job is tried again with back-off; a crash between the send
 * and the record sends the same digest again (at least once, never lost).
 */
import { createTransport, type Transporter } from 'nodemailer';
import { UnrecoverableError, type AnalyticsStore, type Logger, type Processor } from '@ust/platform';
import { readAlertsOf, readUserRecords, writeUserRecords } from '@ust/read-model';
import { DEFAULT_PREFERENCES, JobNames, type SendAlertDigestData, type UserPreferences } from '@ust/schemas';
import { renderDigest } from './render-digest.js';

/** Alerts listed in one e-mail; the rest are counted, with a link to the alerts page. */
const ALERTS_PER_DIGEST = 50;

export interface DigestDeps {
  store: AnalyticsStore;
  log: Logger;
  /** Unset: digests are off, and each job says so in the log. */
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
}

export interface DigestResult {
  owner_id: string;
  sent: number;
  /** Why nothing was sent, when nothing was. */
  skipped: string | null;
}

export function parseDigestData(data: unknown): SendAlertDigestData {
  const owner = (data as Record<string, unknown> | null)?.['owner_id'];
  if (typeof owner !== 'string' || owner === '') throw new UnrecoverableError(`send-alert-digest needs an owner_id, got ${JSON.stringify(data)}`);
  return { owner_id: owner };
}

async function recipientOf(store: AnalyticsStore, id: string): Promise<{ email: string; name: string | null; is_active: boolean } | undefined> {
  const [user] = await store.query<{ email: string; name: string | null; is_active: boolean }>(
    'SELECT email, name, is_active FROM users FINAL WHERE id = {id:String} LIMIT 1',
    { id },
  );
  return user;
}

export function alertDigestProcessor({ store, log, smtpUrl, from, publicUrl }: DigestDeps): Processor<unknown, DigestResult> {
  let transport: Transporter | undefined;
  return async (job) => {
    const { owner_id: owner } = parseDigestData(job.data);
    const skip = (skipped: string): DigestResult => {
      log.info({ job: JobNames.sendAlertDigest, owner }, `alert digest for ${owner} not sent: ${skipped}`);
      return { owner_id: owner, sent: 0, skipped };
    };
    if (!smtpUrl) return skip('SMTP_URL is not set');
    const documents = await readUserRecords(store, owner, ['preferences', 'digest-sent']);
    const record = (kind: string) => documents.find((document) => document.kind === kind)?.record;
    const preferences: UserPreferences = { ...DEFAULT_PREFERENCES, ...(JSON.parse(record('preferences') ?? '{}') as Partial<UserPreferences>) };
    if (!preferences.email_notifications) return skip('e-mail notifications are off');
    const user = await recipientOf(store, owner);
    if (!user?.email) return skip('the user has no e-mail address');
    if (!user.is_active) return skip('the user is deactivated');
    const sentThrough = (JSON.parse(record('digest-sent') ?? 'null') as { through: string } | null)?.through ?? null;
    const { alerts, unread } = await readAlertsOf(store, owner, ALERTS_PER_DIGEST, sentThrough);
    const fresh = alerts.filter((alert) => sentThrough === null || alert.created_at > sentThrough);
    if (fresh.length === 0) return skip('no alert since the last digest');

    const message = renderDigest({ name: user.name, alerts: fresh, total: unread, publicUrl });
    transport ??= createTransport(smtpUrl);
    const info = await transport.sendMail({ from, to: user.email, ...message });
    const through = fresh.reduce((newest, alert) => (alert.created_at > newest ? alert.created_at : newest), fresh[0]!.created_at);
    await writeUserRecords(store, owner, [{ kind: 'digest-sent', id: 'cursor', record: { through, message_id: info.messageId } }]);
    log.info({ job: JobNames.sendAlertDigest, owner, alerts: unread, messageId: info.messageId }, `alert digest sent to ${owner}: ${unread} alerts`);
    return { owner_id: owner, sent: unread, skipped: null };
  };
}
