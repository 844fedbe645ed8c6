/**
 * The gateway's watchlist routes over lists kept in memory, for the component tests of the
 * Watch buttons and the Watchlists screen: create, rename, delete, add and remove items, and
 * `?facility_ids=` answered as the gateway does. Ids are `wl-1`, `wl-2`, ... and `wi-1`, ...
 */
import type { WatchedItem, WatchingFacility, Watchlist, WatchlistsResponse, WatchlistSummary, WatchItemBody } from '@ust/schemas';
import { gatewayError, type GatewayCall, type GatewayReply, type GatewayRoutes } from './gateway-stub';

/** The stub's table needs every path up front: enough ids for any one test. */
const MAX_LISTS = 9;
const MAX_ITEMS = 30;
/** As `WatchlistsQuery.facility_ids` allows. */
const MAX_FACILITY_IDS = 100;

const NOW = '2025-03-04T10:00:00.000Z';

export interface FakeWatchlists {
  routes: GatewayRoutes;
  lists: Watchlist[];
}

function summaryOf(list: Watchlist): WatchlistSummary {
  const { items, ...summary } = list;
  return { ...summary, facilities: items.filter((item) => item.kind === 'facility').length, places: items.filter((item) => item.kind === 'place').length };
}

/** The items of the lists that watch one of the facilities, in list order. */
function watchingOf(lists: readonly Watchlist[], facilityIds: readonly string[]): WatchingFacility[] {
  return lists.flatMap((list) =>
    list.items.flatMap((item) =>
      item.kind === 'facility' && item.facility_id !== null && facilityIds.includes(item.facility_id)
        ? [{ facility_id: item.facility_id, watchlist_id: list.id, item_id: item.id }]
        : [],
    ),
  );
}

/**
 * @param initial lists the user already has, as `{ name, items }` (ids are given in order)
 * @param names the facility names the gateway would record, by facility id
 */
export function fakeWatchlists(
  initial: readonly { name: string; notes?: string; items?: readonly Omit<WatchedItem, 'id'>[] }[] = [],
  names: Record<string, string> = {},
): FakeWatchlists {
  let nextList = 1;
  let nextItem = 1;
  const lists: Watchlist[] = [];

  function addItem(list: Watchlist, item: Omit<WatchedItem, 'id'>): WatchedItem {
    const created = { ...item, id: `wi-${nextItem++}` };
    list.items.push(created);
    return created;
  }

  function createList(name: string, notes = ''): Watchlist {
    const list: Watchlist = { id: `wl-${nextList++}`, name, notes, facilities: 0, places: 0, created_at: NOW, updated_at: NOW, items: [] };
    lists.push(list);
    return list;
  }

  for (const { name, notes, items = [] } of initial) {
    const list = createList(name, notes);
    for (const item of items) addItem(list, item);
  }

  const find = (id: string) => lists.find((list) => list.id === id);
  const notFound = (id: string) => gatewayError(404, 'NOT_FOUND', `Watchlist ${id} not found`);

  const routes: GatewayRoutes = {
    'GET /api/watchlists': (call: GatewayCall): WatchlistsResponse | GatewayReply => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      const unknown = [...query.keys()].filter((name) => name !== 'facility_ids');
      if (unknown.length > 0) return gatewayError(400, 'VALIDATION_FAILED', `Unknown query parameter ${unknown.join(', ')}`);
      const asked = query.get('facility_ids');
      const facilityIds = asked === null ? [] : asked.split(',');
      if (facilityIds.length > MAX_FACILITY_IDS) return gatewayError(400, 'VALIDATION_FAILED', `At most ${MAX_FACILITY_IDS} facility ids`);
      return { watchlists: lists.map(summaryOf), watching: watchingOf(lists, facilityIds), limits: { lists: 50, items_per_list: 10_000, items: 20_000 } };
    },
    'POST /api/watchlists': (call: GatewayCall) => {
      const { name, notes } = call.body as { name: string; notes?: string };
      return summaryOf(createList(name, notes));
    },
  };

  for (let n = 1; n <= MAX_LISTS; n++) {
    const id = `wl-${n}`;
    routes[`GET /api/watchlists/${id}`] = () => {
      const list = find(id);
      return list ? { ...list, ...summaryOf(list) } : notFound(id);
    };
    routes[`PATCH /api/watchlists/${id}`] = (call: GatewayCall) => {
      const list = find(id);
      if (!list) return notFound(id);
      Object.assign(list, call.body);
      return summaryOf(list);
    };
    routes[`DELETE /api/watchlists/${id}`] = () => {
      const list = find(id);
      if (!list) return notFound(id);
      lists.splice(lists.indexOf(list), 1);
      return { deleted: true };
    };
    routes[`POST /api/watchlists/${id}/items`] = (call: GatewayCall) => {
      const list = find(id);
      if (!list) return notFound(id);
      const body = call.body as WatchItemBody;
      if (body.kind === 'facility') {
        const present = list.items.find((item) => item.facility_id === body.facility_id);
        if (present) return present;
        const label = names[body.facility_id] ?? body.facility_id;
        return addItem(list, {
          kind: 'facility',
          facility_id: body.facility_id,
          label,
          latitude: null,
          longitude: null,
          radius_miles: null,
          note: body.note ?? '',
          added_at: NOW,
        });
      }
      const { label, latitude, longitude, radius_miles } = body;
      return addItem(list, { kind: 'place', facility_id: null, label, latitude, longitude, radius_miles, note: body.note ?? '', added_at: NOW });
    };
    for (let m = 1; m <= MAX_ITEMS; m++) {
      routes[`DELETE /api/watchlists/${id}/items/wi-${m}`] = () => {
        const list = find(id);
        const item = list?.items.find((each) => each.id === `wi-${m}`);
        if (!list || !item) return notFound(id);
        list.items.splice(list.items.indexOf(item), 1);
        return { deleted: true };
      };
    }
  }
  return { routes, lists };
}
