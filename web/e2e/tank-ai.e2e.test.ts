/**
 * Tank AI (docs/product.md sections 2, 4, 5 and 7;
 * docs/decisions/0005-tank-ai-for-admins.md and 0014-tank-ai-live-figures.md): the
 * greeting and five suggestions, the typing indicator for 1 to 3 s, answers quoting the
 * live statistics, the Enter and Shift+Enter keys, and the admins-only rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminActivity, FacilityStatistics } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

const SUGGESTIONS = [
  'What are the EPA regulations for storage tanks?',
  'How is facility risk calculated?',
  'What causes tank leaks?',
  'How old are most storage tanks?',
  'Show me facility statistics',
];

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation with Tank AI' });
const messages = (page: Page) => conversation(page).locator('article');
const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const typing = (page: Page) => conversation(page).getByRole('status').filter({ hasText: 'Tank AI is typing...' });

async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('link').allTextContents();
}

/**
 * Waits for the typing indicator to come and go; returns the newest message's text and how long
 * it took from `askedAt` (when the question was sent: timed from there, a busy machine can only
 * lengthen it). `whileTyping` runs while the indicator shows (it lasts at least 1 s).
 */
async function awaitReply(
  page: Page,
  before: number,
  { askedAt = Date.now(), whileTyping }: { askedAt?: number; whileTyping?: () => Promise<unknown> } = {},
): Promise<{ text: string; waitedMs: number }> {
  await typing(page).waitFor();
  expect(await sendButton(page).isDisabled()).toBe(true);
  await whileTyping?.();
  await messages(page)
    .nth(before + 1)
    .waitFor({ timeout: 10_000 });
  const waitedMs = Date.now() - askedAt;
  expect(await typing(page).count()).toBe(0);
  return {
    text: await messages(page)
      .nth(before + 1)
      .locator('p')
      .innerText(),
    waitedMs,
  };
}

describe('Tank AI', () => {
  let platform: Platform;
  let statistics: FacilityStatistics;

  beforeAll(async () => {
    platform = await startPlatform();
    statistics = await asAdmin<FacilityStatistics>('/facilities-statistics');
  });
  afterAll(() => platform?.close());

  it('admin: greeting, suggestions, typing indicator, live figures, Enter and Shift+Enter', async () => {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'admin');
    // The link appears once the server has said admin.
    await page.getByRole('link', { name: 'Tank AI' }).click();
    await page.getByRole('heading', { name: 'Tank AI', level: 1 }).waitFor();

    // The greeting alone, with the five suggestions; Send is disabled while the box is empty.
    await messages(page).first().waitFor();
    expect(await messages(page).count()).toBe(1);
    expect(await messages(page).first().innerText()).toContain("Hello! I'm Tank AI");
    expect(await messages(page).first().locator('time').count()).toBe(1);
    const suggestions = page.getByRole('region', { name: 'Suggested questions' }).getByRole('button');
    expect(await suggestions.allInnerTexts()).toEqual(SUGGESTIONS);
    expect(await sendButton(page).isDisabled()).toBe(true);
    await question(page).fill('   ');
    expect(await sendButton(page).isDisabled()).toBe(true);
    await question(page).fill('');
    await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page repeats the sticky bar
    await screenshot(page, 'tank-ai-greeting');
    await expectAccessible(page, 'tank-ai-greeting');

    // A suggestion is asked at once; the answer follows a 1-3 s typing indicator.
    const askedAt = Date.now();
    await suggestions.filter({ hasText: 'How old are most storage tanks?' }).click();
    expect(await messages(page).nth(1).innerText()).toContain('How old are most storage tanks?');
    const age = await awaitReply(page, 1, { askedAt, whileTyping: () => screenshot(page, 'tank-ai-typing') });
    // At least the shortest delay, timed from before the click; replyDelayMs's range is pinned in
    // tank-ai-rules.test.ts.
    expect(age.waitedMs).toBeGreaterThanOrEqual(1_000);
    expect(age.text).toContain(`The average tank age is ${statistics.average_tank_age.toFixed(1)} years`);
    expect(await page.getByRole('region', { name: 'Suggested questions' }).count()).toBe(0);

    // Enter sends; the answer quotes the live total with thousands separators.
    await question(page).fill('how many facilities');
    await question(page).press('Enter');
    expect(await question(page).inputValue()).toBe('');
    const data = await awaitReply(page, 3);
    expect(statistics.total_facilities).toBeGreaterThan(999);
    expect(data.text).toContain(`The database holds ${statistics.total_facilities.toLocaleString('en-US')} facilities`);
    expect(data.text).toContain(`${statistics.total_tanks.toLocaleString('en-US')} tanks`);

    // Shift+Enter adds a line and sends nothing; Enter then sends both lines as one message.
    await question(page).fill('Thanks');
    await question(page).press('Shift+Enter');
    await question(page).pressSequentially('that helps');
    expect(await question(page).inputValue()).toBe('Thanks\nthat helps');
    expect(await messages(page).count()).toBe(5);
    expect(await typing(page).count()).toBe(0);
    await question(page).press('Enter');
    expect(await messages(page).nth(5).locator('p').innerText()).toBe('Thanks\nthat helps');
    const thanks = await awaitReply(page, 5);
    expect(thanks.text).toContain("You're welcome!");

    // Every message carries its time, and the conversation is scrolled to the newest.
    expect(await messages(page).locator('time').count()).toBe(7);
    await page.waitForFunction(() => {
      const scroller = document.querySelector('.chat-scroll')!;
      return scroller.scrollHeight > scroller.clientHeight && Math.abs(scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop) < 2;
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'tank-ai-conversation');
    await expectAccessible(page, 'tank-ai-conversation');

    // One tank_ai_query activity per question, recorded 2 s later.
    const deadline = Date.now() + 30_000;
    let recorded: AdminActivity[] = [];
    while (recorded.length < 3 && Date.now() < deadline) {
      const { activities } = await asAdmin<{ activities: AdminActivity[] }>('/admin/user-activities?limit=50');
      recorded = activities.filter((activity) => activity.activity_type === 'tank_ai_query' && activity.email === 'admin@ust.local');
      if (recorded.length < 3) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(recorded).toHaveLength(3);
    expect(recorded.every((activity) => activity.page === '/tank-ai')).toBe(true);
    expect(problemsOf(page)).toEqual([]);
  });

  it('statistics that cannot be loaded: figure answers give the spec failure text, others still answer', async () => {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.route('**/api/facilities-statistics', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down for the test' } }) }),
    );
    await signIn(page, 'admin');
    await page.getByRole('link', { name: 'Tank AI' }).click();
    await page.getByRole('region', { name: 'Suggested questions' }).getByRole('button', { name: 'Show me facility statistics' }).click();
    const data = await awaitReply(page, 1);
    expect(data.text).toBe("I apologize, but I'm experiencing technical difficulties. Please try again later.");
    await question(page).fill('How is facility risk calculated?');
    await question(page).press('Enter');
    const risk = await awaitReply(page, 3);
    expect(risk.text).toContain('risk score from 1 to 10');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'tank-ai-statistics-failed');
  });

  it('general: no Tank AI link, and the page says it is for administrators', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    await page.locator('.role-line', { hasText: 'Your role: general' }).waitFor();
    expect(await navLinks(page)).not.toContain('Tank AI');
    await page.goto('/tank-ai');
    await page.getByText('Tank AI is available to administrators.').waitFor();
    expect(await conversation(page).count()).toBe(0);
    await screenshot(page, 'tank-ai-general');
    expect(problemsOf(page)).toEqual([]);
  });
});
