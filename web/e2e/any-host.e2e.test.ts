/**
 * The app opened under another host of the machine than PUBLIC_URL's (here 127.0.0.1, where
 * PUBLIC_URL says localhost): the gateway sends the browser to PUBLIC_URL before the app loads,
 * so the landing page shows without a sign-in check (the issuer registers the app's redirect
 * URIs for PUBLIC_URL's host only, and a silent sign-in check from another host waits for its
 * timeout) and sign-in works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf, signIn, startPlatform, type Platform } from './harness.js';

describe('the app opened at 127.0.0.1', () => {
  let platform: Platform;
  let otherHost: string;

  beforeAll(async () => {
    platform = await startPlatform();
    otherHost = platform.baseUrl.replace('//localhost:', '//127.0.0.1:');
    expect(otherHost).not.toBe(platform.baseUrl);
  });
  afterAll(() => platform?.close());

  it('is sent to PUBLIC_URL before the app loads, so the landing page needs no sign-in check', async () => {
    const page = await platform.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${otherHost}/`);
    expect(page.url()).toBe(`${platform.baseUrl}/`);
    await page.getByRole('heading', { name: 'Underground Storage Tank Risk Platform' }).waitFor();
    await page.getByRole('button', { name: 'Access Platform' }).waitFor();
    // Only the first document is asked of the other host; a silent check (prompt=none) there
    // would hold the landing page for the check's whole timeout.
    expect(requested.filter((url) => url.startsWith(otherHost))).toEqual([`${otherHost}/`]);
    expect(requested.filter((url) => new URL(url).searchParams.get('prompt') === 'none')).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('keeps the path and query of a deep link', async () => {
    const page = await platform.newPage();
    await page.goto(`${otherHost}/search?q=Dover`);
    expect(page.url()).toBe(`${platform.baseUrl}/search?q=Dover`);
    await page.getByText('Please log in to search facilities.', { exact: true }).waitFor();
  });

  it('signs in', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general', `${otherHost}/`);
    expect(new URL(page.url()).origin).toBe(platform.baseUrl);
    expect(problemsOf(page)).toEqual([]);
  });
});
