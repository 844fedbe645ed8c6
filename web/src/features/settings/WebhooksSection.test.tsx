// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserPreferences } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { fakeWebhooks } from '../../testing/webhooks-gateway';
import { SettingsPage } from './SettingsPage';

const PREFERENCES: UserPreferences = { email_notifications: true, show_all_search_markers: false, high_risk_alerts: true };
const SECRET_NOTE = 'Copy this secret now: it will not be shown again.';

function renderSettings(fake: ReturnType<typeof fakeWebhooks>) {
  return renderApp(<SettingsPage />, { path: '/settings', routes: { 'GET /api/me/preferences': PREFERENCES, ...fake.routes } });
}

const section = () => screen.getByRole('region', { name: 'Webhooks' });
const webhookList = async () => within(await screen.findByRole('region', { name: 'Webhooks' })).findByRole('list', { name: 'Your webhooks' });
const item = (url: string) => within(section()).getByRole('listitem', { name: url });

describe('the webhooks', () => {
  it('explain how to verify a delivery and state the limit of 5', { timeout: 20_000 }, async () => {
    renderSettings(fakeWebhooks());
    await screen.findByRole('heading', { name: 'Webhooks' });
    expect(section()).toHaveTextContent('Alerts on the items you watch are POSTed as signed JSON to your URL.');
    expect(section()).toHaveTextContent(
      'compute the HMAC-SHA256 of timestamp.body (the X-UST-Timestamp header, a dot, the raw body) with your secret and compare it with X-UST-Signature (sha256= and the hex digest); reject timestamps older than 5 minutes.',
    );
    expect(await within(section()).findByText('No webhooks yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveAccessibleDescription('An https URL on the public internet; up to 5 webhooks.');
  });

  it('shows the secret of a new webhook once, to copy, and never again once the list is read afresh', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWebhooks();
    const first = renderSettings(fake);
    await within(await screen.findByRole('region', { name: 'Webhooks' })).findByText('No webhooks yet.');

    await user.type(screen.getByRole('textbox', { name: 'Webhook URL' }), 'https://hooks.example.com/ust');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByRole('group', { name: 'Signing secret of the new webhook' });
    expect(secret).toHaveTextContent(`Added https://hooks.example.com/ust. ${SECRET_NOTE}`);
    const field = within(secret).getByRole('textbox', { name: 'Signing secret' });
    expect(field).toHaveValue('whsec-secret-1');
    expect(field).toHaveAttribute('readonly');
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('whsec-secret-1');
    expect(within(secret).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    expect(first.gateway.callsTo('POST /api/me/webhooks').map((call) => call.body)).toEqual([{ url: 'https://hooks.example.com/ust' }]);
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('');

    // The list, read again after the add, names the webhook without its secret.
    expect(await within(await webhookList()).findByRole('listitem', { name: 'https://hooks.example.com/ust' })).toHaveTextContent(
      /^https:\/\/hooks\.example\.com\/ustAdded Mar 4, 2025\. No deliveries yet\./,
    );
    expect(within(section()).getAllByDisplayValue('whsec-secret-1')).toHaveLength(1);

    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('group', { name: 'Signing secret of the new webhook' })).toBeNull();
    expect(screen.queryByDisplayValue('whsec-secret-1')).toBeNull();

    // Another visit: the webhook is listed, its secret is nowhere.
    first.unmount();
    renderSettings(fake);
    await within(await webhookList()).findByRole('listitem', { name: 'https://hooks.example.com/ust' });
    expect(screen.queryByText(SECRET_NOTE)).toBeNull();
    expect(screen.queryByDisplayValue('whsec-secret-1')).toBeNull();
    expect(document.body).not.toHaveTextContent('whsec-secret-1');
  });

  it("says why the server refused a URL, in the server's words", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderSettings(fakeWebhooks());
    await within(await screen.findByRole('region', { name: 'Webhooks' })).findByText('No webhooks yet.');
    await user.type(screen.getByRole('textbox', { name: 'Webhook URL' }), 'http://hooks.example.com/ust');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Not added: body.url must use https');
    expect(screen.queryByText(SECRET_NOTE)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue('http://hooks.example.com/ust');
  });

  it('sends a test event and shows what the receiver answered, then the last delivery', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWebhooks([{ url: 'https://hooks.example.com/ust' }]);
    const { gateway } = renderSettings(fake);
    await webhookList();
    const webhook = item('https://hooks.example.com/ust');
    expect(webhook).toHaveTextContent('No deliveries yet.');

    await user.click(within(webhook).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(within(webhook).getByRole('status')).toHaveTextContent('Test delivered: the receiver answered 202 in 31 ms.'));
    await waitFor(() => expect(webhook).toHaveTextContent(/Last delivery: OK \(202\) Mar 4, 2025, \d{1,2}:\d{2}\s[AP]M/));

    fake.testResult = { ok: false, status: 500, error: 'the receiver answered 500', duration_ms: 80 };
    await user.click(within(webhook).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(within(webhook).getByRole('status')).toHaveTextContent('Test failed: the receiver answered 500 (80 ms).'));
    await waitFor(() => expect(webhook).toHaveTextContent(/Last delivery: failed: the receiver answered 500 \(Mar 4, 2025, \d{1,2}:\d{2}\s[AP]M\)/));
    expect(gateway.callsTo('POST /api/me/webhooks/wh-1/test')).toHaveLength(2);
    expect(gateway.unexpected).toEqual([]);
  });

  it('deletes a webhook only after a confirmation', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWebhooks([{ url: 'https://hooks.example.com/a' }, { url: 'https://hooks.example.com/b' }]);
    const { gateway } = renderSettings(fake);
    await webhookList();

    await user.click(within(item('https://hooks.example.com/a')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete the webhook to https://hooks.example.com/a?' });
    expect(confirm).toHaveTextContent('Stop sending alerts to https://hooks.example.com/a? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(gateway.callsTo('DELETE /api/me/webhooks/wh-1')).toHaveLength(0);

    await user.click(within(item('https://hooks.example.com/a')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Delete the webhook to https://hooks.example.com/a?' })).getByRole('button', { name: 'Delete webhook' }),
    );
    await waitFor(() => expect(within(section()).queryByRole('listitem', { name: 'https://hooks.example.com/a' })).toBeNull());
    expect(item('https://hooks.example.com/b')).toBeInTheDocument();
    expect(gateway.callsTo('DELETE /api/me/webhooks/wh-1')).toHaveLength(1);
    expect(fake.webhooks.map((webhook) => webhook.url)).toEqual(['https://hooks.example.com/b']);
  });

  it('stop the form at 5 webhooks', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderSettings(fakeWebhooks([1, 2, 3, 4, 5].map((n) => ({ url: `https://hooks.example.com/${n}` }))));
    expect(within(await webhookList()).getAllByRole('listitem')).toHaveLength(5);
    await user.type(screen.getByRole('textbox', { name: 'Webhook URL' }), 'https://hooks.example.com/6');
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveAccessibleDescription(
      'You have 5 webhooks, the most one account may keep: delete one to add another.',
    );
  });
});
