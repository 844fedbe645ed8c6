// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gatewayError } from '../../testing/gateway-stub';
import { renderApp } from '../../testing/render-app';
import { fakeWatchlists } from '../../testing/watchlist-gateway';
import { useWatchingQuery } from '../../api';
import { WatchButton, WatchToggle } from './WatchButton';

const FACILITY = '5000533';
const NAMES = { [FACILITY]: 'MARATHON FLORIDA 228965' };

describe('the Watch button', () => {
  it('creates "My watchlist" for a user without a list, says "Watching", and a second click stops watching', async () => {
    const user = userEvent.setup();
    const fake = fakeWatchlists([], NAMES);
    const { gateway } = renderApp(<WatchButton facilityId={FACILITY} />, { routes: fake.routes });
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(watch).toBeEnabled());
    expect(watch).toHaveAttribute('aria-pressed', 'false');

    await user.click(watch);
    const watching = await screen.findByRole('button', { name: 'Watching' });
    expect(watching).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('In “My watchlist”');
    expect(gateway.callsTo('POST /api/watchlists').map((call) => call.body)).toEqual([{ name: 'My watchlist' }]);
    expect(gateway.callsTo('POST /api/watchlists/wl-1/items').map((call) => call.body)).toEqual([{ kind: 'facility', facility_id: FACILITY }]);
    expect(gateway.calls.some((call) => call.url === `/api/watchlists?facility_ids=${FACILITY}`)).toBe(true);

    await user.click(watching);
    expect(await screen.findByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    expect(gateway.callsTo('DELETE /api/watchlists/wl-1/items/wi-1')).toHaveLength(1);
    expect(fake.lists[0]?.items).toEqual([]);
    expect(gateway.unexpected).toEqual([]);
  });

  it('adds to the list chosen when there are several, and takes the facility out of every list holding it', async () => {
    const user = userEvent.setup();
    const fake = fakeWatchlists([{ name: 'Renewals' }, { name: 'Prospects' }], NAMES);
    const { gateway } = renderApp(<WatchButton facilityId={FACILITY} />, { routes: fake.routes });
    const choice = await screen.findByRole('combobox', { name: 'Watchlist to add to' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Renewals', 'Prospects']);
    await user.selectOptions(choice, 'Prospects');
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByRole('button', { name: 'Watching' })).toBeInTheDocument();
    expect(gateway.callsTo('POST /api/watchlists/wl-2/items')).toHaveLength(1);
    expect(gateway.callsTo('POST /api/watchlists')).toEqual([]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('takes the facility out of every list that holds it', async () => {
    const user = userEvent.setup();
    const item = {
      kind: 'facility',
      facility_id: FACILITY,
      label: NAMES[FACILITY],
      latitude: null,
      longitude: null,
      radius_miles: null,
      note: '',
      added_at: '2025-03-01T00:00:00.000Z',
    } as const;
    const fake = fakeWatchlists([{ name: 'Renewals', items: [item] }, { name: 'Prospects' }, { name: 'Claims', items: [item] }], NAMES);
    const { gateway } = renderApp(<WatchButton facilityId={FACILITY} />, { routes: fake.routes });
    const watching = await screen.findByRole('button', { name: 'Watching' });
    expect(screen.getByRole('status')).toHaveTextContent('In “Renewals”, “Claims”');
    await user.click(watching);
    await screen.findByRole('button', { name: 'Watch' });
    expect(gateway.callsTo('DELETE /api/watchlists/wl-1/items/wi-1')).toHaveLength(1);
    expect(gateway.callsTo('DELETE /api/watchlists/wl-3/items/wi-2')).toHaveLength(1);
    expect(fake.lists.map((list) => list.items.length)).toEqual([0, 0, 0]);
  });

  it("shows the server's reason when a limit is reached", async () => {
    const user = userEvent.setup();
    const fake = fakeWatchlists([{ name: 'Full' }], NAMES);
    fake.routes['POST /api/watchlists/wl-1/items'] = gatewayError(409, 'CONFLICT', 'Full holds 10000 items, the most a list may hold');
    renderApp(<WatchButton facilityId={FACILITY} />, { routes: fake.routes });
    const watch = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(watch).toBeEnabled());
    await user.click(watch);
    expect(await screen.findByRole('alert')).toHaveTextContent('Full holds 10000 items, the most a list may hold');
  });

  it('asks about a set of facilities 100 ids a call, and finds the lists holding any of them', async () => {
    const ids = Array.from({ length: 150 }, (_, n) => `FAC-${String(n).padStart(3, '0')}`);
    const last = ids.at(-1)!;
    const item = {
      kind: 'facility',
      facility_id: last,
      label: last,
      latitude: null,
      longitude: null,
      radius_miles: null,
      note: '',
      added_at: '2025-03-01T00:00:00.000Z',
    } as const;
    const fake = fakeWatchlists([{ name: 'Renewals' }, { name: 'Claims', items: [item] }]);
    function Results() {
      const watchState = useWatchingQuery(ids);
      return <WatchToggle facilityId={last} watchState={watchState} />;
    }
    const { gateway } = renderApp(<Results />, { routes: fake.routes });
    expect(await screen.findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('In “Claims”');
    const asked = gateway.callsTo('GET /api/watchlists').map((call) => new URL(call.url, 'http://localhost').searchParams.get('facility_ids')!.split(','));
    expect(asked).toEqual([ids.slice(0, 100), ids.slice(100)]);
    expect(gateway.unexpected).toEqual([]);
  });
});
