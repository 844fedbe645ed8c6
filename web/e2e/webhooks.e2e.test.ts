/**
 * Webhooks against the real platform (docs/decisions/0122-webhooks.md): a broker adds
 * https://hooks.example.com/ust on Settings and sees its signing secret once (a reload shows the
 * webhook without it); Send test reaches no receiver (the e2e platform refuses private networks
 * and hooks.example.com does not resolve) and says so; the admin's Webhook Deliveries lists that
 * try. Both themes pass axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, reloadInTheme } from './a11y.js';
import { addWebhook, SECRET_NOTE } from './settings-page.js';
import { problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

const URL_ADDED = 'https://hooks.example.com/ust';

describe('webhooks', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('Settings adds a webhook and shows its secret once; Send test says the receiver was not reached', { timeout: 120_000 }, async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await page.getByRole('link', { name: 'Settings for Brian Broker' }).click();
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('No webhooks yet.').waitFor();

    const secret = await addWebhook(page, URL_ADDED);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await screenshot(page, 'settings-webhook-secret');
    await expectAccessible(page, 'settings-webhook-secret');

    // Read afresh: the webhook is listed, its secret is shown nowhere.
    await reloadInTheme(page, 'dark');
    const webhook = section.getByRole('listitem', { name: URL_ADDED });
    await webhook.getByText('No deliveries yet.').waitFor();
    expect(await page.getByText(SECRET_NOTE).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(secret);

    await webhook.getByRole('button', { name: 'Send test' }).click();
    await webhook
      .getByRole('status')
      .filter({ hasText: /^Test failed: .+ \(\d+ ms\)\.$/ })
      .waitFor({ timeout: 30_000 });
    await webhook.getByText(/Last delivery: failed: /).waitFor();
    await screenshot(page, 'settings-webhook-test-dark');
    await expectAccessible(page, 'settings-webhook-test-dark');

    // The secret panel in the dark theme too.
    await addWebhook(page, `${URL_ADDED}/second`);
    await expectAccessible(page, 'settings-webhook-secret-dark');
    expect(problemsOf(page)).toEqual([]);
  });

  it('admin: Webhook Deliveries lists the tries, and the dead letters alone', { timeout: 120_000 }, async () => {
    const page = await platform.newPage();
    await signIn(page, 'admin');
    await page.getByRole('region', { name: 'Admin Tools', exact: true }).getByRole('button', { name: 'Webhook Deliveries' }).click();
    await page.waitForURL((url) => url.searchParams.get('admin') === 'webhook-deliveries');
    const view = page.getByRole('region', { name: 'Webhook Deliveries' });
    // The broker's Send test above: one failed try to the receiver's host, not given up (a test is not retried).
    const table = view.getByRole('table', { name: 'Webhook delivery tries, newest first' });
    await table.waitFor();
    const row = table.locator('tbody tr').filter({ hasText: 'hooks.example.com' }).first();
    await row.waitFor();
    expect(await row.getByText(/^Failed/).count()).toBe(1);
    expect(await row.getByText('Dead', { exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-webhook-deliveries');
    await expectAccessible(page, 'admin-webhook-deliveries');

    const asked = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/admin/webhook-deliveries' && request.url().includes('dead_only=true'),
    );
    await view.getByRole('checkbox', { name: 'Dead letters only' }).check();
    await asked;
    await view.getByText('No dead letters: every delivery got through or is still being retried.').waitFor();

    await reloadInTheme(page, 'dark');
    await view.getByRole('table', { name: 'Webhook delivery tries, newest first' }).waitFor();
    await expectAccessible(page, 'admin-webhook-deliveries-dark');
    expect(problemsOf(page)).toEqual([]);
  });
});
