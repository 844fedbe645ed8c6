/**
 * The Model page (/model): a signed-in user opens it from the navigation; the figures on screen
 * are the API's (GET /api/risk-model, asked with the page's own token) for the default cohort
 * and after choosing another as-of date; axe finds nothing blocking in the light and dark themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RiskModelCard, RiskModelCohort } from '@ust/schemas';
import { expectAccessible, reloadInTheme } from './a11y.js';
import { problemsOf, screenshot, signIn, startPlatform, type DemoRole, type Platform } from './harness.js';

/** Signs in, opens Model from the navigation, and reads the card with the token the page itself sent. */
async function openModelPage(page: Page, platform: Platform, role: DemoRole): Promise<RiskModelCard> {
  await signIn(page, role);
  const cardCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/risk-model');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Model' }).click();
  await page.waitForURL((url) => url.pathname === '/model');
  const authorization = (await cardCall).headers().authorization;
  expect(authorization).toMatch(/^Bearer ey/);
  const response = await fetch(`${platform.standalone.url}/api/risk-model`, { headers: { authorization: authorization! } });
  expect(response.status).toBe(200);
  const card = (await response.json()) as RiskModelCard;
  await page.getByRole('heading', { level: 1, name: 'Risk model' }).waitFor();
  await page.getByRole('table', { name: 'Results per model for the chosen cohort' }).waitFor();
  return card;
}

function cohortOf(card: RiskModelCard, model: string, selection: { asOf: string; horizon: number; view: RiskModelCohort['view'] }): RiskModelCohort {
  const cohort = card.cohorts.find(
    (c) => c.model === model && c.as_of === selection.asOf && c.horizon_years === selection.horizon && c.view === selection.view,
  );
  if (!cohort) throw new Error(`No cohort for ${model} at ${JSON.stringify(selection)}`);
  return cohort;
}

/** Every model's row shows its cohort's facilities and ROC AUC estimate. */
async function expectResultsFollow(page: Page, card: RiskModelCard, selection: { asOf: string; horizon: number; view: RiskModelCohort['view'] }) {
  const table = page.getByRole('table', { name: 'Results per model for the chosen cohort' });
  expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(card.models.map((model) => model.id));
  for (const model of card.models) {
    const cohort = cohortOf(card, model.id, selection);
    const row = table.locator(`tr[data-model="${model.id}"]`);
    await expect.poll(() => row.locator('[data-column="roc-auc"]').innerText()).toContain(cohort.roc_auc.estimate!.toFixed(3));
    expect(await row.innerText()).toContain(cohort.facilities.toLocaleString('en-US'));
  }
}

describe('risk model page', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('a general user sees the API figures for the default cohort and for another as-of date, accessible in light and dark', async () => {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const card = await openModelPage(page, platform, 'general');
    expect(card.models.length).toBeGreaterThanOrEqual(2);

    // The default cohort: the selectors' values, checked against the card.
    const asOf = page.getByLabel('As of', { exact: true });
    const defaultAsOf = await asOf.inputValue();
    expect(await page.getByLabel('Outcome window', { exact: true }).inputValue()).toBe('3');
    expect(await page.getByLabel('View', { exact: true }).inputValue()).toBe('first release');
    await expectResultsFollow(page, card, { asOf: defaultAsOf, horizon: 3, view: 'first release' });

    const total = card.data.reduce((sum, region) => sum + region.facilities, 0);
    expect(await page.getByTestId('risk-model-total-facilities').innerText()).toBe(total.toLocaleString('en-US'));
    const backtested = card.data.filter((region) => region.backtested).reduce((sum, region) => sum + region.facilities, 0);
    expect(await page.getByTestId('risk-model-backtested-facilities').innerText()).toBe(backtested.toLocaleString('en-US'));
    const dataTable = page.getByRole('table', { name: 'Regions the backtest read' });
    expect(await dataTable.getByRole('rowheader').allInnerTexts()).toEqual(card.data.map((region) => region.region));
    const reference = await page.getByTestId('risk-model-reference').innerText();
    expect(reference).toContain(card.published_reference.roc_auc.toFixed(2));
    expect(reference).toContain(`${(card.published_reference.top_decile_capture * 100).toFixed(1)}%`);
    const limitations = page.getByRole('region', { name: 'What it cannot tell' }).getByRole('listitem');
    expect(await limitations.allInnerTexts()).toEqual(card.limitations);
    expect(await page.getByText(`The platform's score is ${card.default_model}`).count()).toBe(1);
    // The fitted model's inputs, coefficients and the means a site without tank records is given.
    for (const model of card.models.filter((each) => each.coefficients)) {
      const inputs = page.getByRole('region', { name: `${model.id} inputs` });
      expect(await inputs.getByRole('rowheader').allInnerTexts()).toEqual(model.coefficients!.map((row) => row.feature));
      expect(await inputs.getByRole('row').nth(1).innerText()).toContain(model.coefficients![0]!.coefficient.toFixed(3));
    }
    await page.getByRole('figure', { name: 'ROC curve' }).locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'risk-model-light');
    await expectAccessible(page, 'risk-model-light');

    // Another as-of date: the table follows the card.
    const otherAsOf = [...new Set(card.cohorts.map((cohort) => cohort.as_of))].find((date) => date !== defaultAsOf)!;
    await asOf.selectOption(otherAsOf);
    await expectResultsFollow(page, card, { asOf: otherAsOf, horizon: 3, view: 'first release' });

    // The dark theme keeps the page readable.
    await reloadInTheme(page, 'dark');
    await page.getByRole('table', { name: 'Results per model for the chosen cohort' }).waitFor();
    await page.getByRole('figure', { name: 'ROC curve' }).locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'risk-model-dark');
    await expectAccessible(page, 'risk-model-dark');
    expect(problemsOf(page)).toEqual([]);
  });

  it('brokers and underwriters have the page too', async () => {
    for (const role of ['broker', 'underwriter'] as const) {
      const page = await platform.newPage();
      const card = await openModelPage(page, platform, role);
      expect(await page.getByTestId('risk-model-total-facilities').innerText()).toBe(
        card.data.reduce((sum, region) => sum + region.facilities, 0).toLocaleString('en-US'),
      );
      expect(problemsOf(page)).toEqual([]);
      await page.close();
    }
  });
});
