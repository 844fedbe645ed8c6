// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARATHON_FLORIDA } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { fakeWatchlists } from '../../testing/watchlist-gateway';
import { WatchlistsPage } from './WatchlistsPage';

const ADDED = '2025-03-01T12:00:00.000Z';
const MARATHON = {
  kind: 'facility',
  facility_id: '5000533',
  label: 'MARATHON FLORIDA 228965',
  latitude: 38.906789,
  longitude: -76.99,
  radius_miles: null,
  note: 'Renewal in May',
  added_at: ADDED,
} as const;
const DEPOT = {
  kind: 'place',
  facility_id: null,
  label: '1016 Bladensburg Rd NE',
  latitude: 38.903,
  longitude: -76.98,
  radius_miles: 0.5,
  note: '',
  added_at: ADDED,
} as const;

function renderWatchlists() {
  const fake = fakeWatchlists([{ name: 'Renewals', notes: 'Due this quarter', items: [MARATHON, DEPOT] }, { name: 'Prospects' }]);
  const rendered = renderApp(<WatchlistsPage />, { path: '/watchlists', routes: { ...fake.routes, 'GET /api/facilities/5000533': MARATHON_FLORIDA } });
  return { ...rendered, fake };
}

const card = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li')!;

describe('the Watchlists screen', () => {
  it("lists the user's lists with their counts, and the first list's items with Remove", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { gateway, fake } = renderWatchlists();
    await screen.findByRole('heading', { name: 'Renewals', level: 3 });
    expect(within(card('Renewals')).getByText('1 facility, 1 place')).toBeInTheDocument();
    expect(within(card('Renewals')).getByText('Due this quarter')).toBeInTheDocument();
    expect(within(card('Prospects')).getByText('0 facilities, 0 places')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Items watched in Renewals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kind', 'Name or place', 'Facility ID', 'Radius', 'Note', 'Added', 'Remove']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Facility', '5000533', '', 'Renewal in May', expect.any(String), 'Remove']);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('1016 Bladensburg Rd NE');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 3),
    ).toEqual(['Place', '', '0.50 miles']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    // A facility's name opens its details.
    await user.click(within(table).getByRole('button', { name: 'MARATHON FLORIDA 228965' }));
    expect(await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove 1016 Bladensburg Rd NE' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(gateway.callsTo('DELETE /api/watchlists/wl-1/items/wi-2')).toHaveLength(1);
    expect(fake.lists[0]!.items.map((item) => item.label)).toEqual(['MARATHON FLORIDA 228965']);
    await waitFor(() => expect(within(card('Renewals')).getByText('1 facility, 0 places')).toBeInTheDocument());
  });

  it('creates, renames and (after a confirmation) deletes a list', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { gateway, fake } = renderWatchlists();
    const form = await screen.findByRole('form', { name: 'New watchlist' });
    await user.type(within(form).getByLabelText('Name'), 'Claims');
    await user.type(within(form).getByLabelText('Notes'), 'Open claims');
    await user.click(within(form).getByRole('button', { name: 'Create watchlist' }));
    await screen.findByRole('heading', { name: 'Claims', level: 3 });
    expect(gateway.callsTo('POST /api/watchlists').map((call) => call.body)).toEqual([{ name: 'Claims', notes: 'Open claims' }]);
    // The new list is shown, and the form is empty again.
    expect(await screen.findByRole('heading', { name: 'Claims', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText("Nothing watched in this list yet. Use Watch on a facility's details, or on a search.")).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'New watchlist' })).getByLabelText('Name')).toHaveValue('');

    await user.click(within(card('Prospects')).getByRole('button', { name: 'Rename or edit notes' }));
    const edit = screen.getByRole('form', { name: 'Edit Prospects' });
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), 'Hot prospects');
    await user.type(within(edit).getByLabelText('Notes'), 'Call back');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: 'Hot prospects', level: 3 });
    expect(gateway.callsTo('PATCH /api/watchlists/wl-2').map((call) => call.body)).toEqual([{ name: 'Hot prospects', notes: 'Call back' }]);

    await user.click(within(card('Renewals')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete Renewals?' });
    expect(confirm).toHaveTextContent('Delete “Renewals” and the 1 facility, 1 place it watches? This cannot be undone.');
    expect(gateway.callsTo('DELETE /api/watchlists/wl-1')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete watchlist' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Renewals', level: 3 })).not.toBeInTheDocument());
    expect(fake.lists.map((list) => list.name)).toEqual(['Hot prospects', 'Claims']);
    expect(gateway.unexpected).toEqual([]);
  });
});
