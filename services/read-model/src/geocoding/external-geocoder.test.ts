import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '@ust/platform';
import { createGeocoder } from './create-geocoder.js';

const bladensburg = {
  id: 'address.123',
  place_type: ['address'],
  place_name: '1016 Bladensburg Road Northeast, Washington, District of Columbia 20002, United States',
  center: [-76.98186, 38.90306],
  address: '1016',
  text: 'Bladensburg Road Northeast',
};
const capitol = {
  id: 'poi.9',
  place_type: ['poi'],
  place_name: 'US Capitol, Washington, DC',
  center: [-77.009, 38.889],
  text: 'US Capitol',
  properties: { address: 'First St SE' },
};

/** A fetch that records the URLs asked and answers `body` with `status`. */
function fakeFetch(body: unknown, status = 200) {
  const urls: URL[] = [];
  const fetch = (async (input: string | URL) => {
    urls.push(new URL(String(input)));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}

const config = { GEOCODER_URL: 'https://geocoder.test/geocoding/v5/mapbox.places/', GEOCODER_API_KEY: 'secret-key' };

describe('the external geocoder', () => {
  it('is chosen when GEOCODER_URL is set, and the local index otherwise', () => {
    const cache = createMemoryCache();
    expect(createGeocoder({ cache, config })).toMatchObject({ adapter: 'external', target: 'https://geocoder.test' });
    expect(createGeocoder({ cache, config: {} })).toMatchObject({ adapter: 'local' });
  });

  it('asks for US addresses and points of interest, 8 at most, and maps features to suggestions', async () => {
    const { fetch, urls } = fakeFetch({ features: [bladensburg, capitol, { id: 'broken' }] });
    const geocoder = createGeocoder({ cache: createMemoryCache(), config, fetch });
    expect(await geocoder.suggest('  1016 blad ')).toEqual([
      {
        id: 'address.123',
        place_name: bladensburg.place_name,
        center: [-76.98186, 38.90306],
        properties: { address: '1016 Bladensburg Road Northeast', match_type: 'address' },
      },
      { id: 'poi.9', place_name: 'US Capitol, Washington, DC', center: [-77.009, 38.889], properties: { address: 'First St SE', match_type: 'address' } },
    ]);
    const [url] = urls;
    expect(url!.pathname).toBe('/geocoding/v5/mapbox.places/1016%20blad.json');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      country: 'US',
      limit: '8',
      types: 'address,poi',
      autocomplete: 'true',
      access_token: 'secret-key',
    });
    expect(await geocoder.suggest('de')).toEqual([]);
    expect(urls).toHaveLength(1);
  });

  it('geocodes to the first feature, or says what to try', async () => {
    const found = createGeocoder({ cache: createMemoryCache(), config, fetch: fakeFetch({ features: [bladensburg] }).fetch });
    expect(await found.geocode('1016 Bladensburg Rd NE, Washington DC 20002')).toEqual({
      success: true,
      message: 'Address found',
      original_address: '1016 Bladensburg Rd NE, Washington DC 20002',
      formatted_address: bladensburg.place_name,
      latitude: 38.90306,
      longitude: -76.98186,
      match_type: 'address',
    });
    const none = createGeocoder({ cache: createMemoryCache(), config, fetch: fakeFetch({ features: [] }).fetch });
    expect(await none.geocode('nowhere at all')).toMatchObject({
      success: false,
      message: 'We could not find that address. Try a street address with city and state, or a ZIP code.',
      latitude: null,
    });
  });

  it('reports a failing service without its key', async () => {
    const geocoder = createGeocoder({ cache: createMemoryCache(), config, fetch: fakeFetch({ message: 'Not Authorized' }, 401).fetch });
    await expect(geocoder.suggest('1016 blad')).rejects.toThrow('The geocoding service at https://geocoder.test answered HTTP 401');
    const result = await geocoder.geocode('1016 Bladensburg Rd');
    expect(result).toMatchObject({ success: false, message: 'The geocoding service at https://geocoder.test answered HTTP 401' });
    expect(JSON.stringify(result)).not.toContain('secret-key');
  });
});
