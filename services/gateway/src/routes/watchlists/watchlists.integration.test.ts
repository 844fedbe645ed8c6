/**
 * Watchlists and saved preferences on chDB (docs/decisions/0119-watchlists.md): a list is its
 * owner's alone (anyone else, an admin included, gets 404), limits and bad bodies are refused
 * with their reason, a screening's matches become a list, and every change reaches another
 * gateway sharing the store and cache at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, createLogger } from '@ust/platform';
import { facilityRecord } from '@ust/schemas/testing';
import { appendResultLines, createScreening, newScreeningId, queuedScreening, type StoredScreening } from '@ust/read-model';
import { DEFAULT_PREFERENCES, WATCHLIST_LIMITS, type ScreeningRow } from '@ust/schemas';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../../build.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../../testing/test-gateway.js';

const ann = { sub: 'local|ann-watch', email: 'ann@example.com', name: 'Ann Broker' };
const bob = { sub: 'local|bob-watch', email: 'bob@example.com', name: 'Bob Underwriter' };

describe('watchlists', () => {
  let test: TestGateway;
  let annHeaders: { authorization: string };
  let bobHeaders: { authorization: string };
  let adminHeaders: { authorization: string };
  let annId: string;
  const call = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    test.gateway.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    test = await startTestGateway('watchlists');
    await test.embedded.ports.store.insert('facilities', [
      facilityRecord({ facility_id: 'DE-1', name: 'DOVER FUEL', state: 'DE', latitude: 39.158, longitude: -75.524 }),
      facilityRecord({ facility_id: 'DE-2', name: 'SMYRNA GAS', state: 'DE', latitude: 39.3, longitude: -75.6 }),
    ]);
    ({ headers: annHeaders, userId: annId } = await test.signIn(ann));
    let bobId: string;
    ({ headers: bobHeaders, userId: bobId } = await test.signIn(bob));
    ({ headers: adminHeaders } = await test.signIn(TEST_ADMIN));
    // Both may screen portfolios, so the screening below is refused to Bob for being Ann's, not for his role.
    for (const [id, role] of [
      [annId, 'broker'],
      [bobId, 'underwriter'],
    ] as const) {
      expect((await call('PATCH', `/api/admin/users/${id}`, adminHeaders, { role })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await test?.close();
  });

  it('saves preferences per user, answering the defaults before the first save', async () => {
    expect((await call('GET', '/api/me/preferences', annHeaders)).json()).toEqual(DEFAULT_PREFERENCES);
    const saved = { email_notifications: true, show_all_search_markers: false, high_risk_alerts: true };
    const put = await call('PUT', '/api/me/preferences', annHeaders, saved);
    expect(put.statusCode).toBe(200);
    expect((await call('GET', '/api/me/preferences', annHeaders)).json()).toEqual(saved);
    expect((await call('GET', '/api/me/preferences', bobHeaders)).json()).toEqual(DEFAULT_PREFERENCES);

    const partial = await call('PUT', '/api/me/preferences', annHeaders, { email_notifications: false });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toMatch(/show_all_search_markers/);
    const unknown = await call('PUT', '/api/me/preferences', annHeaders, { ...saved, theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect((await call('GET', '/api/me/preferences', annHeaders)).json()).toEqual(saved);
  });

  it('keeps facilities and places in named lists, exports them, and answers a facility already watched as it is', async () => {
    const created = await call('POST', '/api/watchlists', annHeaders, { name: '  Delaware book ', notes: 'Placed 2026' });
    expect(created.statusCode).toBe(200);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Delaware book', notes: 'Placed 2026', facilities: 0, places: 0 });
    expect(list.id).toMatch(/^wl-[0-9a-f]{16}$/);

    const facility = await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, { kind: 'facility', facility_id: 'DE-1', note: '=cmd|calc' });
    expect(facility.statusCode).toBe(200);
    expect(facility.json()).toMatchObject({
      kind: 'facility',
      facility_id: 'DE-1',
      label: 'DOVER FUEL',
      latitude: 39.158,
      longitude: -75.524,
      radius_miles: null,
    });
    const again = await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, { kind: 'facility', facility_id: 'DE-1' });
    expect(again.json().id).toBe(facility.json().id);

    const place = await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, {
      kind: 'place',
      label: '1 Capitol St, Washington, DC',
      latitude: 38.8899,
      longitude: -77.0091,
      radius_miles: 1,
    });
    expect(place.statusCode).toBe(200);

    const unknownFacility = await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, { kind: 'facility', facility_id: 'XX-404' });
    expect(unknownFacility.statusCode).toBe(400);
    expect(unknownFacility.json().error.message).toMatch(/facility_id.*XX-404/);
    const tooFar = await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, {
      kind: 'place',
      label: 'x',
      latitude: 38,
      longitude: -77,
      radius_miles: 50,
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.message).toMatch(/radius_miles/);

    const read = (await call('GET', `/api/watchlists/${list.id}`, annHeaders)).json();
    expect(read).toMatchObject({ facilities: 1, places: 1 });
    expect(read.items.map((item: { kind: string }) => item.kind)).toEqual(['facility', 'place']);

    const listed = (await call('GET', '/api/watchlists?facility_ids=DE-1,DE-2', annHeaders)).json();
    expect(listed.watchlists).toEqual([expect.objectContaining({ id: list.id, facilities: 1, places: 1 })]);
    expect(listed.watching).toEqual([{ facility_id: 'DE-1', watchlist_id: list.id, item_id: facility.json().id }]);
    expect(listed.limits).toEqual({
      lists: WATCHLIST_LIMITS.listsPerUser,
      items_per_list: WATCHLIST_LIMITS.itemsPerList,
      items: WATCHLIST_LIMITS.itemsPerUser,
    });
    expect((await call('GET', '/api/watchlists?facility_ids=DE-2', annHeaders)).json().watching).toEqual([]);
    expect((await call('GET', '/api/watchlists', annHeaders)).json().watching).toEqual([]);
    const tooMany = await call('GET', `/api/watchlists?facility_ids=${Array.from({ length: 101 }, (_, n) => `DE-${n}`).join(',')}`, annHeaders);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/facility_ids/);

    const csv = await call('GET', `/api/watchlists/${list.id}/export/csv`, annHeaders);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`watchlist-Delaware-book-${list.id}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Kind,Facility ID,Name or Place,Latitude,Longitude,Radius (miles),Note,Added');
    // A note that looks like a formula is written as text.
    expect(lines[1]).toMatch(/^facility,DE-1,DOVER FUEL,39.158,-75.524,,'=cmd\|calc,/);
    expect(lines[2]).toMatch(/^place,,"1 Capitol St, Washington, DC",38.8899,-77.0091,1,,/);

    const renamed = await call('PATCH', `/api/watchlists/${list.id}`, annHeaders, { name: 'Delaware stations' });
    expect(renamed.json()).toMatchObject({ name: 'Delaware stations', notes: 'Placed 2026', facilities: 1, places: 1 });
    expect((await call('PATCH', `/api/watchlists/${list.id}`, annHeaders, {})).statusCode).toBe(400);

    const removed = await call('DELETE', `/api/watchlists/${list.id}/items/${facility.json().id}`, annHeaders);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/watchlists/${list.id}/items/${facility.json().id}`, annHeaders)).statusCode).toBe(404);
    expect((await call('GET', `/api/watchlists/${list.id}`, annHeaders)).json()).toMatchObject({ facilities: 0, places: 1 });
  });

  it("answers another user's list, and an admin asking for it, 404 on every route, and changes nothing", async () => {
    const list = (await call('POST', '/api/watchlists', annHeaders, { name: 'Private' })).json();
    await call('POST', `/api/watchlists/${list.id}/items`, annHeaders, { kind: 'facility', facility_id: 'DE-2' });
    const item = (await call('GET', `/api/watchlists/${list.id}`, annHeaders)).json().items[0];
    for (const headers of [bobHeaders, adminHeaders]) {
      const attempts = [
        await call('GET', `/api/watchlists/${list.id}`, headers),
        await call('PATCH', `/api/watchlists/${list.id}`, headers, { name: 'Taken' }),
        await call('POST', `/api/watchlists/${list.id}/items`, headers, { kind: 'facility', facility_id: 'DE-1' }),
        await call('DELETE', `/api/watchlists/${list.id}/items/${item.id}`, headers),
        await call('GET', `/api/watchlists/${list.id}/export/csv`, headers),
        await call('DELETE', `/api/watchlists/${list.id}`, headers),
      ];
      expect(attempts.map((attempt) => attempt.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(JSON.stringify(attempts.map((attempt) => attempt.body))).not.toContain('Private');
      expect((await call('GET', '/api/watchlists', headers)).json().watchlists.map((own: { id: string }) => own.id)).not.toContain(list.id);
    }
    expect((await call('GET', `/api/watchlists/${list.id}`, annHeaders)).json()).toMatchObject({ name: 'Private', facilities: 1 });

    // Admins see counts per user, never names or items.
    const counts = await call('GET', '/api/admin/watchlists', adminHeaders);
    expect(counts.statusCode).toBe(200);
    expect(counts.json().users).toContainEqual({ user_id: annId, email: ann.email, watchlists: 2, facilities: 1, places: 1 });
    expect(counts.body).not.toContain('Private');
    expect((await call('GET', '/api/admin/watchlists', bobHeaders)).statusCode).toBe(403);

    expect((await call('DELETE', `/api/watchlists/${list.id}`, annHeaders)).json()).toEqual({ deleted: true });
    expect((await call('GET', `/api/watchlists/${list.id}`, annHeaders)).statusCode).toBe(404);
  });

  it('refuses a list past the limit with 409 and its reason', async () => {
    const carol = await test.signIn({ sub: 'local|carol-watch', email: 'carol@example.com', name: 'Carol' });
    for (let n = 0; n < WATCHLIST_LIMITS.listsPerUser; n++) {
      expect((await call('POST', '/api/watchlists', carol.headers, { name: `List ${n}` })).statusCode).toBe(200);
    }
    const over = await call('POST', '/api/watchlists', carol.headers, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toContain(`You have ${WATCHLIST_LIMITS.listsPerUser} watchlists`);
    const blank = await call('POST', '/api/watchlists', annHeaders, { name: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it("watches a done screening's matched facilities as a new list, each noted with its references", async () => {
    const screening: StoredScreening = {
      ...queuedScreening(newScreeningId(), 'book.csv', { userId: annId, email: ann.email }, 3),
      status: 'done',
      rows_done: 3,
      matched: 3,
      dataset_version: 1,
    };
    const matchedRow = (line: number, reference: string, id: string, name: string) =>
      ({ line, reference, outcome: 'matched', facility: { id, name, latitude: 39.2, longitude: -75.5 } }) as unknown as ScreeningRow;
    const { store } = test.embedded.ports;
    await createScreening(store, screening, new Uint8Array());
    await appendResultLines(store, screening, 0, [
      JSON.stringify(matchedRow(2, 'POL-1', 'DE-1', 'DOVER FUEL')),
      JSON.stringify(matchedRow(3, 'POL-2', 'DE-2', 'SMYRNA GAS')),
      JSON.stringify(matchedRow(4, 'POL-3', 'DE-1', 'DOVER FUEL')),
    ]);
    expect((await call('POST', `/api/screenings/${screening.id}/watch`, bobHeaders, {})).statusCode).toBe(404);
    const watched = await call('POST', `/api/screenings/${screening.id}/watch`, annHeaders, {});
    expect(watched.statusCode).toBe(200);
    expect(watched.json()).toMatchObject({ name: 'Portfolio book.csv', facilities: 2, places: 0 });
    const items = (await call('GET', `/api/watchlists/${watched.json().id}`, annHeaders)).json().items;
    expect(items.map((item: { facility_id: string; note: string }) => [item.facility_id, item.note])).toEqual([
      ['DE-1', 'POL-1; POL-3'],
      ['DE-2', 'POL-2'],
    ]);
  });

  it('shows a change made through one gateway to another sharing the store and cache at once', async () => {
    const other: FastifyInstance = await buildGateway({
      config: loadConfig({ ...test.issuer.env, DATA_DIR: test.embedded.dataDir, RATE_LIMIT_PER_MINUTE: '100000' }),
      ports: test.embedded.ports,
      logger: createLogger('watchlists-other', { level: 'silent' }),
      signingKeys: test.issuer.signingKeys,
    });
    try {
      const before = (await other.inject({ method: 'GET', url: '/api/watchlists', headers: annHeaders })).json().watchlists.length;
      const created = (await call('POST', '/api/watchlists', annHeaders, { name: 'Seen elsewhere' })).json();
      const after = (await other.inject({ method: 'GET', url: '/api/watchlists', headers: annHeaders })).json().watchlists;
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ id: created.id, name: 'Seen elsewhere' });
    } finally {
      await other.close();
    }
  });
});
