/**
 * The alert digest through a real SMTP server (smtp-server, started here) on chDB: one e-mail of
 * the alerts since the last digest, read back and parsed; nothing twice; nothing when e-mail is
 * off or unset; a mail server that refuses makes the job fail, so it is tried again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createChdbStore, createLogger, findFreePort, migrationsDirectory, type AnalyticsStore } from '@ust/platform';
import { writeAlerts, writeUserRecords, type StoredAlert } from '@ust/read-model';
import { JobNames } from '@ust/schemas';
import { watchAlertRecord } from '@ust/schemas/testing';
import { alertDigestProcessor, type DigestResult } from './digest-job.js';
import { digestJobFor } from './digest-window.js';

const log = createLogger('digest-test', { level: 'silent' });
const owner = 'u_ann_digest';

const alertAt = (id: string, createdAt: string, summary: string, watchlistName = 'Book'): StoredAlert => ({
  owner_id: owner,
  alert: watchAlertRecord({
    id,
    created_at: createdAt,
    summary,
    watchlist_name: watchlistName,
    change: 'score',
    high_risk: true,
    facilities: [{ facility_id: 'DE-1', name: 'DOVER FUEL', old_value: '4 (moderate)', new_value: '8 (high)' }],
  }),
});

describe('alert digests', () => {
  let directory: string;
  let store: AnalyticsStore;
  let smtp: SMTPServer;
  let smtpUrl: string;
  let refuse = false;
  const received: ParsedMail[] = [];

  /** `mailServer` null: as with SMTP_URL unset. */
  const run = (mailServer: string | null = smtpUrl) =>
    alertDigestProcessor({
      store,
      log,
      smtpUrl: mailServer ?? undefined,
      from: 'UST Risk Platform <alerts@ust-risk.invalid>',
      publicUrl: 'https://ust.example',
    })({
      id: 'digest-test',
      name: JobNames.sendAlertDigest,
      data: { owner_id: owner },
      attemptsMade: 0,
      stalledCount: 0,
    }) as Promise<DigestResult>;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-digest-'));
    store = await createChdbStore({ path: directory, database: 'digest_test' });
    await applyMigrations(store, migrationsDirectory);
    await store.insert('users', [
      {
        id: owner,
        auth0_user_id: 'local|ann',
        email: 'ann@example.com',
        name: 'Ann <Broker>',
        role: 'broker',
        is_active: true,
        created_at: '2026-11-01 00:00:00',
        last_login: null,
        version: 1,
      },
    ]);
    await writeUserRecords(store, owner, [
      { kind: 'preferences', id: 'settings', record: { email_notifications: true, show_all_search_markers: true, high_risk_alerts: true } },
    ]);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        if (refuse) {
          stream.resume();
          stream.on('end', () => done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 })));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            done();
          })
          .catch(done);
      },
    });
    const port = await findFreePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await store?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('e-mails the alerts since the last digest once, escaped, with a link to all of them', async () => {
    await writeAlerts(store, [
      alertAt('al-1', '2026-11-30T01:00:00.000Z', 'Risk score 4 → 8 (moderate → high)', '<b>Book</b>'),
      alertAt('al-2', '2026-11-30T01:00:00.000Z', '1 release newly reported: 0 releases (0 open) → 1 release (1 open)'),
    ]);
    expect(await run()).toEqual({ owner_id: owner, sent: 2, skipped: null });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.subject).toBe('UST Risk Platform: 2 alerts on what you watch');
    expect(mail!.to).toMatchObject({ text: 'ann@example.com' });
    expect(mail!.from?.value).toEqual([{ address: 'alerts@ust-risk.invalid', name: 'UST Risk Platform' }]);
    expect(mail!.text).toContain('Hello Ann <Broker>,');
    expect(mail!.text).toContain('- DOVER FUEL (<b>Book</b>): Risk score 4 → 8 (moderate → high) [High risk]');
    expect(mail!.text).toContain('From import DE.xlsx, version 6 → 7');
    expect(mail!.text).toContain('See every alert: https://ust.example/alerts');
    expect(mail!.html).toContain('(&#60;b&#62;Book&#60;/b&#62;)');
    expect(mail!.html).not.toContain('<b>Book</b>');
    expect(mail!.html).toContain('Hello Ann &#60;Broker&#62;,');

    expect(await run()).toEqual({ owner_id: owner, sent: 0, skipped: 'no alert since the last digest' });
    expect(received).toHaveLength(1);

    await writeAlerts(store, [alertAt('al-3', '2026-11-30T02:00:00.000Z', 'Tanks: 2 active → 1 active')]);
    expect(await run()).toMatchObject({ sent: 1 });
    expect(received[1]!.subject).toBe('UST Risk Platform: 1 alert on what you watch');
    expect(received[1]!.text).toContain('Tanks: 2 active → 1 active');
    expect(received[1]!.text).not.toContain('Risk score 4 → 8');
  });

  it('fails when the mail server refuses, so the job is tried again, and sends nothing when e-mail is off or not configured', async () => {
    await writeAlerts(store, [alertAt('al-4', '2026-11-30T03:00:00.000Z', 'Risk score 8 → 9')]);
    refuse = true;
    await expect(run()).rejects.toThrow(/Mailbox unavailable/);
    refuse = false;
    expect(await run()).toMatchObject({ sent: 1 });
    const sent = received.length;

    await writeAlerts(store, [alertAt('al-5', '2026-11-30T04:00:00.000Z', 'Risk score 9 → 10')]);
    expect(await run(null)).toEqual({ owner_id: owner, sent: 0, skipped: 'SMTP_URL is not set' });
    await writeUserRecords(store, owner, [
      { kind: 'preferences', id: 'settings', record: { email_notifications: false, show_all_search_markers: true, high_risk_alerts: true } },
    ]);
    expect(await run()).toEqual({ owner_id: owner, sent: 0, skipped: 'e-mail notifications are off' });
    expect(received).toHaveLength(sent);
  });

  it('names one digest job per user and window, due at the end of the window', () => {
    const at = new Date('2026-11-30T10:20:00.000Z');
    const windowEnd = Date.parse('2026-11-30T11:00:00.000Z');
    expect(digestJobFor('u_1', at, 3_600)).toEqual({ jobId: `digest-u_1-${windowEnd}`, delayMs: 40 * 60_000 });
    expect(digestJobFor('u_1', new Date('2026-11-30T10:59:59.000Z'), 3_600).jobId).toBe(`digest-u_1-${windowEnd}`);
    expect(digestJobFor('u_1', new Date('2026-11-30T11:00:00.000Z'), 3_600).jobId).not.toBe(`digest-u_1-${windowEnd}`);
  });
});
