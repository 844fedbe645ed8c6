/**
 * Steps on the Settings screen that more than one browser test takes.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const SECRET_NOTE = 'Copy this secret now: it will not be shown again.';

/** Adds a webhook through the form and answers the secret the page shows for it. */
export async function addWebhook(page: Page, url: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
  const added = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/webhooks' && response.request().method() === 'POST');
  await section.getByRole('button', { name: 'Add webhook' }).click();
  expect((await added).status()).toBe(200);
  const secret = section.getByRole('group', { name: 'Signing secret of the new webhook' });
  await secret.getByText(SECRET_NOTE).waitFor();
  await section.getByRole('list', { name: 'Your webhooks' }).getByRole('listitem', { name: url }).waitFor();
  return secret.getByRole('textbox', { name: 'Signing secret' }).inputValue();
}

/** Ticks or clears a preference and waits for the server's answer to be announced. */
export async function setPreference(page: Page, name: string, checked: boolean): Promise<void> {
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/preferences' && response.request().method() === 'PUT');
  await page.getByRole('checkbox', { name }).setChecked(checked);
  expect((await saved).status()).toBe(200);
  await page.locator('.preferences-status', { hasText: /^Saved$/ }).waitFor();
}
