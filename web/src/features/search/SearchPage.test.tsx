// @vitest-environment jsdom
import type { GeocodeSuggestResponse, SearchFacility, SearchResponse } from '@ust/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLADENSBURG_SEARCH, MARATHON_FLORIDA, SEARCH_ADDRESS } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { fakeWatchlists } from '../../testing/watchlist-gateway';
import { SearchPage } from './SearchPage';

const SUGGESTIONS: GeocodeSuggestResponse = {
  suggestions: [
    {
      id: 'address.DC.20002.1016-BLADENSBURG-RD-NE',
      place_name: '1016 Bladensburg Rd NE, Washington, DC 20002',
      center: [-76.98186192, 38.90305719],
      properties: { address: '1016 Bladensburg Rd NE', match_type: 'address' },
    },
  ],
};

const ROUTES = {
  'GET /api/geocode/suggest': SUGGESTIONS,
  'POST /api/search-address': BLADENSBURG_SEARCH,
  'GET /api/facilities/5000533': MARATHON_FLORIDA,
};

function renderSearch() {
  return renderApp(<SearchPage />, { routes: ROUTES, path: '/search' });
}

describe('the search screen', () => {
  it(
    'finds the facilities closest to an address, with their risk and quotes, the closest release and where the address was placed',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const { gateway } = renderSearch();
      const input = await screen.findByRole('combobox', { name: 'Address' });
      expect(input).toHaveValue('1701 Wynkoop St, Denver, CO 80202');
      await user.clear(input);
      await user.type(input, SEARCH_ADDRESS);
      await user.click(screen.getByRole('button', { name: 'Search Facilities' }));

      const results = await screen.findByRole('region', { name: 'Search Results' });
      expect(await within(results).findByText(`Found 2 closest facilities to "${SEARCH_ADDRESS}"`)).toBeInTheDocument();
      expect(within(results).getByText(/facilities within 10 miles/)).toHaveTextContent(
        '312 facilities within 10 miles, the 2 closest shown. Closest 0.71 miles, furthest 0.96 miles.',
      );
      expect(gateway.callsTo('POST /api/search-address').map((call) => call.body)).toEqual([{ address: SEARCH_ADDRESS }]);

      const names = within(results).getAllByRole('heading', { level: 3 });
      expect(names.map((name) => name.textContent)).toEqual(['MPD 5TH DISTRICT HEADQUARTERS', 'MARATHON FLORIDA 228965']);
      const [closed, marathon] = names.map((name) => name.closest('li')!) as [HTMLLIElement, HTMLLIElement];
      expect(closed).toHaveTextContent('1805 BLADENSBURG RD NE, Washington DC, DC 20002');
      expect(within(closed).getAllByText(/^Quote \d Available$/)).toHaveLength(4);
      expect(closed).toHaveTextContent('No active tanks to insure');
      expect(within(marathon).getByText('Distance').nextElementSibling).toHaveTextContent('0.96 miles');
      expect(within(marathon).getByText('Tanks').nextElementSibling).toHaveTextContent('6 (5 active)');
      expect(marathon).toHaveTextContent('6/10 Moderate');
      const estimates = within(marathon).getAllByRole('listitem');
      expect(estimates.map((estimate) => estimate.querySelector('.estimate-premium')?.textContent)).toEqual([
        '$1,932/yr',
        '$2,478/yr',
        '$7,600/yr',
        '$9,568/yr',
      ]);
      expect(within(estimates[0]!).getByText('Mid-Continent')).toBeInTheDocument();
      expect(within(estimates[0]!).getByText('BEST')).toBeInTheDocument();
      expect(estimates[1]).toHaveTextContent('Indicative estimate · TX SERFF TEXS-131241913, effective 2018-01-01');
      expect(within(marathon).getByRole('link', { name: /View on Map/ })).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/?mlat=38.906789&mlon=-76.998992#map=17/38.906789/-76.998992',
      );

      const release = screen.getByRole('region', { name: 'Closest Known Release/Leak Location' });
      expect(release).toHaveTextContent('BLADENSBURG RD LLC');
      expect(within(release).getByText('No further action')).toBeInTheDocument();
      expect(within(release).getByText('Distance').nextElementSibling).toHaveTextContent('0.00 miles');
      expect(within(release).getByText('Population within 1,500 ft').nextElementSibling).toHaveTextContent('3,215');

      const geocoding = screen.getByRole('region', { name: 'Address Geocoding' });
      expect(within(geocoding).getByText('Formatted Address').nextElementSibling).toHaveTextContent('1016 Bladensburg Rd NE, Washington, DC 20002');
      expect(within(geocoding).getByText('Latitude').nextElementSibling).toHaveTextContent('38.903057');
      expect(within(geocoding).getByText('Match Type').nextElementSibling).toHaveTextContent('Street address');
    },
  );

  it('searches from a picked suggestion with its coordinates, and opens a found facility', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { gateway } = renderSearch();
    const input = await screen.findByRole('combobox', { name: 'Address' });
    await user.clear(input);
    await user.type(input, '1016 Bladens');
    await user.click(await screen.findByRole('option', { name: /1016 Bladensburg Rd NE, Washington, DC 20002/ }));
    expect(input).toHaveValue('1016 Bladensburg Rd NE, Washington, DC 20002');
    expect(screen.getByText('Searching from the selected suggestion at 38.903057, -76.981862.')).toBeInTheDocument();
    expect(gateway.callsTo('GET /api/geocode/suggest').at(-1)?.url).toBe('/api/geocode/suggest?q=1016%20Bladens');

    await user.click(screen.getByRole('button', { name: 'Search Facilities' }));
    const card = (await screen.findByRole('heading', { name: 'MARATHON FLORIDA 228965', level: 3 })).closest('li')!;
    expect(gateway.callsTo('POST /api/search-address')[0]?.body).toEqual({
      address: '1016 Bladensburg Rd NE, Washington, DC 20002',
      latitude: 38.90305719,
      longitude: -76.98186192,
    });

    await user.click(within(card).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'MARATHON FLORIDA 228965' });
    expect(await within(dialog).findByRole('heading', { name: 'Key Information' })).toBeInTheDocument();
  });

  it('says a result placed at its ZIP or town is approximate, and states no distance under a mile from it', { timeout: 20_000 }, async () => {
    const [first, second] = BLADENSBURG_SEARCH.facilities as [SearchFacility, SearchFacility];
    const approximate: SearchResponse = {
      ...BLADENSBURG_SEARCH,
      facilities: [{ ...first, located_by: 'zip', approximate: true, distance_miles: 1 }, second],
      closest_release: { ...BLADENSBURG_SEARCH.closest_release!, located_by: 'place', approximate: true, distance_miles: 2.5 },
    };
    const user = userEvent.setup();
    renderApp(<SearchPage />, { routes: { ...ROUTES, 'POST /api/search-address': approximate }, path: '/search' });
    const input = await screen.findByRole('combobox', { name: 'Address' });
    await user.clear(input);
    await user.type(input, SEARCH_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Search Facilities' }));

    const results = await screen.findByRole('region', { name: 'Search Results' });
    const [placed, exact] = (await within(results).findAllByRole('heading', { level: 3 })).map((name) => name.closest('li')!) as [HTMLLIElement, HTMLLIElement];
    expect(within(placed).getByText('Distance').nextElementSibling).toHaveTextContent('within about 1 mile (approximate location)');
    expect(within(exact).getByText('Distance').nextElementSibling).toHaveTextContent('0.96 miles');
    // The summary line says the same of the closest, rather than '1.00 miles'.
    expect(within(results).getByText(/facilities within 10 miles/)).toHaveTextContent(/Closest within about 1 mile \(approximate location\),/);
    const release = screen.getByRole('region', { name: 'Closest Known Release/Leak Location' });
    expect(within(release).getByText('Distance').nextElementSibling).toHaveTextContent('2.50 miles (approximate location)');
  });
});

describe('watching from the search screen', () => {
  it('watches the searched place within the radius chosen, in a new "My watchlist"', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWatchlists();
    const { gateway } = renderApp(<SearchPage />, { routes: { ...ROUTES, ...fake.routes }, path: '/search' });
    const input = await screen.findByRole('combobox', { name: 'Address' });
    await user.clear(input);
    await user.type(input, SEARCH_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Search Facilities' }));
    const radius = await screen.findByRole('combobox', { name: 'Radius' });
    expect(radius).toHaveValue('0.25');
    expect(
      within(radius)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0.25 miles', '0.5 miles', '1 mile']);
    // Each facility card has its own Watch button.
    expect(await screen.findAllByRole('button', { name: 'Watch' })).toHaveLength(2);

    await user.selectOptions(radius, '0.5');
    await user.click(screen.getByRole('button', { name: 'Watch this place' }));
    expect(await screen.findByText(`Watching within 0.50 miles of ${SEARCH_ADDRESS}`, { exact: false })).toBeInTheDocument();
    const { latitude, longitude } = BLADENSBURG_SEARCH.geocoding;
    expect(gateway.callsTo('POST /api/watchlists').map((call) => call.body)).toEqual([{ name: 'My watchlist' }]);
    expect(gateway.callsTo('POST /api/watchlists/wl-1/items').map((call) => call.body)).toEqual([
      { kind: 'place', label: SEARCH_ADDRESS, latitude, longitude, radius_miles: 0.5 },
    ]);
  });

  it('asks once for the watch state of every card, and a card watched says so while the others do not', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const [closest, marathon] = BLADENSBURG_SEARCH.facilities as [SearchFacility, SearchFacility];
    const watched = {
      kind: 'facility',
      facility_id: marathon.id,
      label: 'MARATHON FLORIDA 228965',
      latitude: null,
      longitude: null,
      radius_miles: null,
      note: '',
      added_at: '2025-03-01T00:00:00.000Z',
    } as const;
    const fake = fakeWatchlists([{ name: 'Renewals', items: [watched] }]);
    const { gateway } = renderApp(<SearchPage />, { routes: { ...ROUTES, ...fake.routes }, path: '/search' });
    const input = await screen.findByRole('combobox', { name: 'Address' });
    await user.clear(input);
    await user.type(input, SEARCH_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Search Facilities' }));

    const results = await screen.findByRole('region', { name: 'Search Results' });
    const marathonCard = (await within(results).findByRole('heading', { name: 'MARATHON FLORIDA 228965', level: 3 })).closest('li')!;
    const closestCard = within(results).getByRole('heading', { name: 'MPD 5TH DISTRICT HEADQUARTERS', level: 3 }).closest('li')!;
    expect(await within(marathonCard).findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(marathonCard).getByText('In “Renewals”')).toBeInTheDocument();
    expect(within(closestCard).getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    // "Watch this place" asks for the lists alone; the cards share one call naming them all. StrictMode's
    // second mount cancels a query's first call and asks again: only the calls not cancelled count.
    const askedAbout = () =>
      gateway
        .callsTo('GET /api/watchlists')
        .filter((call) => !call.signal?.aborted)
        .map((call) => new URL(call.url, 'http://localhost').searchParams.get('facility_ids'))
        .filter((ids) => ids !== null);
    expect(askedAbout()).toEqual([[closest.id, marathon.id].sort().join(',')]);

    await user.click(within(closestCard).getByRole('button', { name: 'Watch' }));
    expect(await within(closestCard).findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(gateway.callsTo('POST /api/watchlists/wl-1/items').map((call) => call.body)).toEqual([{ kind: 'facility', facility_id: closest.id }]);
    expect(within(marathonCard).getByRole('button', { name: 'Watching' })).toBeInTheDocument();
    expect(askedAbout()).toEqual([[closest.id, marathon.id].sort().join(','), [closest.id, marathon.id].sort().join(',')]);
    expect(gateway.unexpected).toEqual([]);
  });
});
