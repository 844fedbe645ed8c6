// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ScreeningResult, ScreeningRow } from '@ust/schemas';
import { SCREENING_POLL_MS } from '../../api';
import { gatewayError } from '../../testing/gateway-stub';
import { renderApp } from '../../testing/render-app';
import { matched, notLocated, screened, screeningRun } from '../../testing/screening-bodies';
import { SCREENING_ROLES_MESSAGE } from './ScreeningAccess';
import { ScreeningPage } from './ScreeningPage';
import { ScreeningsPage } from './ScreeningsPage';

const PRICING_NOTE = 'Indicative estimates, not binding offers.';

/** 150 rows: every tenth not located, every third matched, the rest screened. */
const ROWS: ScreeningRow[] = Array.from({ length: 150 }, (_, index) => {
  const line = index + 2;
  if (index % 10 === 0) return notLocated(line, `REF-${line}`, `Line ${line}: no address and no coordinates`);
  return index % 3 === 0 ? matched(line, `REF-${line}`, 6, 40, 2_400) : screened(line, `REF-${line}`, 4, 0.3);
});
const COUNTS = { rows_total: 150, matched: ROWS.filter((row) => row.outcome === 'matched').length, not_located: 15 };

const screeningRoutes = (
  <Routes>
    <Route path="/screenings/:id" element={<ScreeningPage />} />
  </Routes>
);

describe('a screening page', () => {
  it('shows progress while running, then the result, 100 rows a page, filterable by outcome', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    let finished = false;
    const running = screeningRun({ status: 'running', rows_total: 150, rows_done: 60, rows_per_second: 30, eta_seconds: 3 });
    const done = screeningRun({ ...COUNTS, screened: 150 - COUNTS.matched - 15, status: 'done', rows_done: 150, finished_at: '2026-03-05T14:00:06.000Z' });
    const result: ScreeningResult = { screening: done, rows: ROWS, pricing_note: PRICING_NOTE };
    const { gateway } = renderApp(screeningRoutes, {
      path: '/screenings/scr-1',
      routes: {
        'GET /api/screenings/scr-1': () => (finished ? done : running),
        'GET /api/screenings/scr-1/rows': result,
      },
    });
    expect(await screen.findByTestId('screening-progress')).toHaveTextContent('60 of 150 rows (40%) · 30.0 rows/s · about 3 s left');
    expect(screen.getByRole('progressbar', { name: 'Screening progress' })).toHaveAttribute('value', '40');

    // The rows are incomplete until the run is done: not asked for before.
    expect(gateway.callsTo('GET /api/screenings/scr-1/rows')).toHaveLength(0);
    finished = true;
    const table = await screen.findByRole('table', { name: /Screened locations/ });
    expect(screen.queryByTestId('screening-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('pricing-note')).toHaveTextContent(PRICING_NOTE);
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    // A generated nearest release says so, as everywhere in the app.
    expect(within(table).getAllByText('Generated demo record').length).toBeGreaterThan(0);
    expect(screen.getByText('150 rows · showing 1–100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('table', { name: /Screened locations/ })).getAllByRole('row')).toHaveLength(51);

    await user.selectOptions(screen.getByLabelText('Outcome'), 'not_located');
    expect(screen.getByText('15 of 150 rows match the filters')).toBeInTheDocument();
    const reasons = within(screen.getByRole('table', { name: /Screened locations/ }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('.screening-reason')?.textContent);
    expect(reasons[0]).toBe('Line 2: no address and no coordinates');
    expect(reasons).toHaveLength(15);
  });

  it('makes the matched facilities a watchlist, and links to it', async () => {
    const user = userEvent.setup();
    const done = screeningRun({ ...COUNTS, screened: 150 - COUNTS.matched - 15, status: 'done', rows_done: 150, finished_at: '2026-03-05T14:00:06.000Z' });
    const list = {
      id: 'wl-7',
      name: 'portfolio.csv matches',
      notes: '',
      facilities: 42,
      places: 0,
      created_at: '2026-03-05T14:01:00.000Z',
      updated_at: '2026-03-05T14:01:00.000Z',
    };
    const { gateway } = renderApp(screeningRoutes, {
      path: '/screenings/scr-1',
      routes: {
        'GET /api/screenings/scr-1': done,
        'GET /api/screenings/scr-1/rows': { screening: done, rows: ROWS, pricing_note: PRICING_NOTE } satisfies ScreeningResult,
        'POST /api/screenings/scr-1/watch': list,
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Watch matched facilities' }));
    expect(await screen.findByText(/Watching 42 facilities in “portfolio.csv matches”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your watchlists' })).toHaveAttribute('href', '/watchlists?list=wl-7');
    expect(gateway.callsTo('POST /api/screenings/scr-1/watch').map((call) => call.body)).toEqual([{}]);
    expect(screen.getByRole('button', { name: 'Watch matched facilities' })).toBeDisabled();
  });

  it('says "Screening not found" for an unknown or another user\'s screening, and stops asking', async () => {
    const { gateway } = renderApp(screeningRoutes, {
      path: '/screenings/nope',
      routes: { 'GET /api/screenings/nope': gatewayError(404, 'NOT_FOUND', 'Screening nope not found') },
    });
    expect(await screen.findByRole('heading', { name: 'Screening not found' })).toBeInTheDocument();
    const asked = gateway.callsTo('GET /api/screenings/nope').length;
    // Longer than the polling interval: a 404 is not asked again.
    await new Promise((resolve) => setTimeout(resolve, SCREENING_POLL_MS * 1.5));
    expect(gateway.callsTo('GET /api/screenings/nope')).toHaveLength(asked);
  });
});

describe('the screenings page', () => {
  it('tells a general user whom screening is for, without asking the API', async () => {
    const { gateway } = renderApp(<ScreeningsPage />, { role: 'general', path: '/screenings' });
    expect(await screen.findByText(SCREENING_ROLES_MESSAGE)).toBeInTheDocument();
    expect(gateway.callsTo('GET /api/screenings')).toHaveLength(0);
  });

  it("shows the server's reason for refusing a file", async () => {
    const user = userEvent.setup();
    renderApp(<ScreeningsPage />, {
      path: '/screenings',
      routes: {
        'GET /api/screenings': { screenings: [screeningRun({ rows_total: 12, matched: 5, screened: 6, not_located: 1 })] },
        'POST /api/screenings': gatewayError(400, 'BAD_REQUEST', 'Line 1: the file has no address or latitude/longitude columns'),
      },
    });
    const list = await screen.findByRole('table', { name: /Screenings, newest first/ });
    expect(within(list).getByRole('link', { name: 'portfolio.csv' })).toHaveAttribute('href', '/screenings/scr-1');
    await user.upload(screen.getByLabelText('CSV file'), new File(['name\nx\n'], 'wrong.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Start screening' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file was refused: Line 1: the file has no address or latitude/longitude columns');
  });
});
