// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAlerts, watchAlert } from '../../testing/alerts-gateway';
import { MARATHON_FLORIDA } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { AlertsPage } from './AlertsPage';
import { NotificationsMenu } from './NotificationsMenu';

const SCORE = watchAlert();
const GONE = watchAlert({
  id: 'al-2',
  watchlist_id: 'wl-2',
  watchlist_name: 'Prospects',
  item_id: 'wi-7',
  item_kind: 'place',
  item_label: '1016 Bladensburg Rd NE',
  change: 'removed',
  summary: 'QUICK STOP 12 is no longer within 0.5 miles',
  facilities: [{ facility_id: '5000600', name: 'QUICK STOP 12', old_value: '3 (low)', new_value: null }],
  high_risk: false,
  dataset_version: 5,
  base_version: 4,
  import_id: null,
  import_label: null,
  created_at: '2025-02-01T10:00:00.000Z',
  unread: false,
});

function renderAlerts(alerts = [SCORE, GONE]) {
  const fake = fakeAlerts(alerts);
  const rendered = renderApp(
    <>
      <NotificationsMenu />
      <AlertsPage />
    </>,
    { path: '/alerts', routes: { ...fake.routes, 'GET /api/facilities/5000533': MARATHON_FLORIDA } },
  );
  return { ...rendered, fake };
}

const card = (summary: string) => screen.getByRole('heading', { name: summary, level: 2 }).closest('li')!;

describe('the Alerts screen', () => {
  it('shows each alert: change, summary, watched item and list, facilities before and after, import, versions, date', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderAlerts();
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Risk score 4 → 8 (moderate → high)', level: 2 });
    const cards = within(screen.getByRole('list', { name: 'Alerts, newest first' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const score = card('Risk score 4 → 8 (moderate → high)');
    expect(within(score).getByText('Score changed')).toBeInTheDocument();
    expect(within(score).getByText('New')).toBeInTheDocument();
    expect(within(score).getByText('High risk')).toBeInTheDocument();
    expect(within(score).getByText(/^Watched facility/)).toHaveTextContent('Watched facility MARATHON FLORIDA 228965 in Renewals');
    expect(within(score).getByRole('link', { name: 'Renewals' })).toHaveAttribute('href', '/watchlists?list=wl-1');
    const table = within(score).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Facility', 'Before', 'After']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('MARATHON FLORIDA 228965');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4 (moderate)', '8 (high)']);
    expect(within(score).getByText(/^From import DE\.xlsx, version 6 → 7 ·/)).toBeInTheDocument();
    expect(score.querySelector('time')).toHaveAttribute('dateTime', '2025-03-05T14:30:00.000Z');

    const gone = card('QUICK STOP 12 is no longer within 0.5 miles');
    expect(within(gone).getByText('Left the area')).toBeInTheDocument();
    expect(within(gone).queryByText('New')).toBeNull();
    expect(within(gone).queryByText('High risk')).toBeNull();
    expect(within(gone).getByText(/^Watched place/)).toHaveTextContent('Watched place 1016 Bladensburg Rd NE in Prospects');
    expect(within(gone).getByRole('link', { name: 'Prospects' })).toHaveAttribute('href', '/watchlists?list=wl-2');
    expect(
      within(within(gone).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3 (low)', 'N/A']);
    expect(within(gone).getByText(/^From a rebuild, version 4 → 5 ·/)).toBeInTheDocument();

    // A facility's name opens its details.
    await user.click(within(table).getByRole('button', { name: 'MARATHON FLORIDA 228965' }));
    expect(await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' })).toBeInTheDocument();
  });

  it("marks the alerts seen once it has them, exactly once; the menu's count drops and the screen still marks what was new", async () => {
    const { gateway, fake } = renderAlerts();
    await screen.findByRole('heading', { name: 'Risk score 4 → 8 (moderate → high)', level: 2 });
    await waitFor(() => expect(gateway.callsTo('POST /api/alerts/seen')).toHaveLength(1));
    expect(fake.alerts.every((alert) => !alert.unread)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // The page's own list was asked again too, and answers them read now.
    await waitFor(() => expect(gateway.callsTo('GET /api/alerts').filter((call) => call.url.includes('limit=200')).length).toBeGreaterThanOrEqual(2));
    expect(within(card('Risk score 4 → 8 (moderate → high)')).getByText('New')).toBeInTheDocument();
    expect(gateway.callsTo('POST /api/alerts/seen')).toHaveLength(1);
  });

  it('says so when there are no alerts', async () => {
    renderAlerts([]);
    expect(await screen.findByText('No alerts yet. Watch facilities and places to hear when they change.')).toBeInTheDocument();
  });

  it('shows the wording of each change', async () => {
    const changes = [
      watchAlert({ id: 'a1', change: 'release', summary: 's1' }),
      watchAlert({ id: 'a2', change: 'tanks', summary: 's2' }),
      watchAlert({ id: 'a3', change: 'removed', summary: 's3' }),
      watchAlert({ id: 'a4', change: 'added_nearby', item_kind: 'place', summary: 's4' }),
      watchAlert({ id: 'a5', change: 'high_risk_nearby', item_kind: 'place', summary: 's5' }),
    ];
    renderAlerts(changes);
    await screen.findByRole('heading', { name: 's1', level: 2 });
    expect(['s1', 's2', 's3', 's4', 's5'].map((summary) => card(summary).querySelector('.alert-change')!.textContent)).toEqual([
      'Release reported',
      'Tanks changed',
      'No longer listed',
      'New nearby',
      'Now high risk nearby',
    ]);
  });
});
