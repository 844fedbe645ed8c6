/**
 * Browser tests against the real platform: the standalone server in this process (embedded
 * adapters, the real files only: DEMO_SCALE=fixtures) serving the built web app, driven through
 * the system Chromium with playwright-core. Build the app first (`pnpm --filter @ust/web build`).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { DemoAccount } from '@ust/identity';
import { createLogger, loadConfig, workspaceRoot } from '@ust/platform';
import { startStandalone, type Standalone } from '@ust/standalone';
import { copyFixturesTemplate } from '@ust/standalone/fixtures-template';

export const CHROMIUM = '/usr/bin/chromium';
/** Headless, and quiet: no background traffic that a test or a benchmark would count. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const SCREENSHOT_DIR = path.join(import.meta.dirname, 'screenshots');
const WEB_DIST = path.join(workspaceRoot, 'web/dist');

export type DemoRole = DemoAccount['role'];

/** Errors a page logged or threw, by page: a test can assert there were none. */
const pageProblems = new WeakMap<Page, string[]>();

export function problemsOf(page: Page): string[] {
  return pageProblems.get(page) ?? [];
}

export interface Platform {
  /** The public URL (http://localhost:PORT): the issuer's host, so the provider's cookies work. */
  baseUrl: string;
  /** Who signIn() signs in as: the embedded provider's demo accounts, or those given to startPlatform. */
  accounts: readonly DemoAccount[];
  standalone: Standalone;
  browser: Browser;
  /** A page in a fresh browser context: its own cookies and storage, so a new visitor. */
  newPage(): Promise<Page>;
  /** Closes every page opened so far: a page left drawing (a test that timed out) would slow the next test. */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

let active: Platform | undefined;

export interface PlatformOptions {
  /** The accounts of an issuer of its own (OIDC_ISSUER in env), for signIn(). */
  accounts?: readonly DemoAccount[];
  /** An existing data directory (a national one, for a benchmark), used as it is and kept; else a new one with the fixtures. */
  dataDir?: string;
}

/**
 * @param env more configuration, e.g. the map's tile URLs, or an issuer of its own
 *   (OIDC_ISSUER, OIDC_JWKS_URL) with the PORT that issuer expects the app at
 */
export async function startPlatform(env: Record<string, string> = {}, options: PlatformOptions = {}): Promise<Platform> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST}): run \`npx -y pnpm@10.34.9 --filter @ust/web build\` first`);
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ust-e2e-')));
  // The run's copy of the fixtures' dataset (fixtures-template.global-setup.ts); without one the start builds it.
  const template = process.env.UST_E2E_DATA_TEMPLATE;
  if (template && !options.dataDir) await copyFixturesTemplate(template, dataDir);
  const config = loadConfig({ ...env, DATA_DIR: dataDir, DEMO_SCALE: 'fixtures', PORT: env.PORT ?? '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const standalone = await startStandalone({ config, log: createLogger('e2e', { level: 'warn' }), listen: true });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  } catch (error) {
    await standalone.close();
    throw error;
  }
  let contexts: Array<{ close(): Promise<void> }> = [];
  const closePages = async () => {
    const open = contexts;
    contexts = [];
    await Promise.allSettled(open.map((context) => context.close()));
  };
  const platform: Platform = {
    baseUrl: standalone.config.publicUrl,
    accounts: options.accounts ?? standalone.identity?.accounts ?? [],
    standalone,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: standalone.config.publicUrl, viewport: { width: 1280, height: 860 } });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      pageProblems.set(page, problems);
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      return page;
    },
    closePages,
    async close() {
      active = undefined;
      await closePages();
      await browser.close();
      await standalone.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  active = platform;
  return platform;
}

function demoAccount(role: DemoRole): DemoAccount {
  if (!active) throw new Error('startPlatform() first');
  const account = active.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}

/**
 * Signs in through the real flow: the landing page's 'Access Platform', the embedded
 * provider's sign-in page with the demo account's e-mail and password (wherever the provider
 * runs: in the platform, or as its own process), back through /callback to the dashboard.
 * @param from where the visit starts: a path on the public URL, or a full URL (another host)
 */
export async function signIn(page: Page, role: DemoRole, from = '/'): Promise<DemoAccount> {
  const account = demoAccount(role);
  await page.goto(from);
  await page.getByRole('button', { name: 'Access Platform' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // The navigation bar's Logout: a deactivated account's page offers a second one.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).waitFor();
  return account;
}

/** Calls the API as a demo account: to see what the platform recorded for a user, or to act as one. */
export async function asAccount<T>(role: DemoRole, apiPath: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<T> {
  if (!active?.standalone.identity) throw new Error('startPlatform() first');
  const account = demoAccount(role);
  const token = await active.standalone.identity.issueAccessToken({ sub: account.sub, email: account.email });
  const response = await fetch(`${active.standalone.url}/api${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Calls the API as the demo admin: to see what the browser's telemetry delivered, or to change a user. */
export function asAdmin<T>(apiPath: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  return asAccount<T>('admin', apiPath, options);
}

/** Saves web/e2e/screenshots/<name>.png (gitignored; CI keeps the folder as an artifact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
