/**
 * Real values from the imported data, by the name of the parameter or field that takes them:
 * random strings rarely hit an existing facility or an address the geocoder knows, and the
 * handlers' real work (a facility with tanks and releases, a search with results) happens only
 * for those. Sampled by hash rather than by order, so every fixture state appears.
 */
import type { AnalyticsStore } from '@ust/platform';

export type DataSeeds = Record<string, readonly unknown[]>;

const SAMPLE = 12;

export async function seedsFromData(store: AnalyticsStore): Promise<DataSeeds> {
  const facilities = await store.query<{
    facility_id: string;
    state: string;
    fips: string | null;
    address: string | null;
    city: string | null;
    zip_code: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    `SELECT facility_id, state, fips, address, city, zip_code, latitude, longitude FROM facilities FINAL
     WHERE facility_id IN (SELECT facility_id FROM releases FINAL WHERE facility_id IS NOT NULL)
     ORDER BY cityHash64(facility_id) LIMIT {n:UInt32}`,
    { n: SAMPLE },
  );
  const releases = await store.query<{ release_id: string }>('SELECT release_id FROM releases FINAL ORDER BY cityHash64(release_id) LIMIT {n:UInt32}', {
    n: SAMPLE,
  });
  const present = <T>(values: Array<T | null>) => [...new Set(values.filter((value): value is T => value !== null && value !== ''))];
  const addresses = present(
    facilities.map(({ address, city, state, zip_code }) =>
      address ? [address, city, [state, zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null,
    ),
  );
  const places = present([...facilities.map(({ zip_code }) => zip_code), ...facilities.map(({ city }) => city), ...addresses]);
  const states = present(facilities.map(({ state }) => state));
  return {
    id: [...facilities.map(({ facility_id }) => facility_id), ...releases.map(({ release_id }) => release_id)],
    fips: present(facilities.map(({ fips }) => fips)),
    state: [...states, ...states.map((state) => state.toLowerCase())],
    q: places,
    address: places,
    latitude: present(facilities.map(({ latitude }) => latitude)),
    longitude: present(facilities.map(({ longitude }) => longitude)),
  };
}
