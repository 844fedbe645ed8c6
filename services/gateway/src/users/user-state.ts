/**
 * What a user keeps: saved preferences and watchlists (docs/decisions/0119-watchlists.md).
 * The analytics store's user_records table is the record every replica reads; the cache holds
 * each user's assembled state, so a dialog asking "is this facility watched?" reads one key.
 * A change reads the record (not the cache), writes it in one insert, then drops the cached
 * state, so the next read on any replica assembles it again from the record.
 */
import { randomBytes } from 'node:crypto';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { readUserRecords, userStateCacheKey, writeUserRecords, type UserRecordWrite } from '@ust/read-model';
import {
  DEFAULT_PREFERENCES,
  WATCHLIST_LIMITS,
  type UserPreferences,
  type WatchedItem,
  type Watchlist,
  type WatchlistSummary,
  type WatchItemBody,
} from '@ust/schemas';

/** What the state is assembled from: never a webhook's secret, which stays out of the cache. */
const USER_STATE_KINDS = ['preferences', 'alerts-seen', 'watchlist', 'watched-item'] as const;

/** A user's state is read again from the record at least this often, whatever the cache holds. */
const USER_STATE_TTL_SECONDS = 3_600;

export interface StoredWatchlist {
  id: string;
  name: string;
  notes: string;
  created_at: string;
  updated_at: string;
}

export interface StoredWatchedItem extends WatchedItem {
  watchlist_id: string;
  /** The item's place in its list: items are shown in the order they were added. */
  seq: number;
}

export interface UserState {
  preferences: UserPreferences;
  /** When the user last opened their alerts: those created later are unread. */
  alerts_seen_at: string | null;
  /** In creation order, each with its items in the order they were added. */
  watchlists: Watchlist[];
}

/** A change the caller may not make: the route answers it with `status` and this message. */
export class UserStateRefusal extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** What a facility item records of its facility when it is added. */
export interface FacilityIdentity {
  facility_id: string;
  name: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** 'wl-1a2b3c4d5e6f7a8b': cannot be guessed from another's. */
const newId = (prefix: 'wl' | 'wi') => `${prefix}-${randomBytes(8).toString('hex')}`;

export function assembleUserState(documents: ReadonlyArray<{ kind: string; id: string; record: string }>): UserState {
  let preferences: UserPreferences = { ...DEFAULT_PREFERENCES };
  let alertsSeenAt: string | null = null;
  const lists = new Map<string, Watchlist>();
  const items: StoredWatchedItem[] = [];
  for (const document of documents) {
    if (document.kind === 'preferences') preferences = { ...DEFAULT_PREFERENCES, ...(JSON.parse(document.record) as Partial<UserPreferences>) };
    else if (document.kind === 'alerts-seen') alertsSeenAt = (JSON.parse(document.record) as { seen_at: string }).seen_at;
    else if (document.kind === 'watchlist') {
      const list = JSON.parse(document.record) as StoredWatchlist;
      lists.set(list.id, { ...list, facilities: 0, places: 0, items: [] });
    } else if (document.kind === 'watched-item') items.push(JSON.parse(document.record) as StoredWatchedItem);
  }
  items.sort((a, b) => a.seq - b.seq || a.id.localeCompare(b.id));
  for (const { watchlist_id, seq: _seq, ...item } of items) {
    const list = lists.get(watchlist_id);
    // An item outlives its list only between the two writes of a list's deletion by another replica.
    if (!list) continue;
    list.items.push(item);
    if (item.kind === 'facility') list.facilities += 1;
    else list.places += 1;
  }
  const watchlists = [...lists.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  return { preferences, alerts_seen_at: alertsSeenAt, watchlists };
}

export function summaryOf({ items: _items, ...summary }: Watchlist): WatchlistSummary {
  return summary;
}

const storedList = ({ id, name, notes, created_at, updated_at }: Watchlist): StoredWatchlist => ({ id, name, notes, created_at, updated_at });

const itemCount = (state: UserState) => state.watchlists.reduce((sum, list) => sum + list.items.length, 0);

export type UserStateStore = ReturnType<typeof createUserStateStore>;

export function createUserStateStore({ store, cache, now = () => new Date() }: { store: AnalyticsStore; cache: Cache; now?: () => Date }) {
  /** One change at a time per user in this process, so two clicks cannot both pass a limit. */
  const changing = new Map<string, Promise<unknown>>();

  async function readRecord(userId: string): Promise<UserState> {
    return assembleUserState(await readUserRecords(store, userId, USER_STATE_KINDS));
  }

  async function read(userId: string): Promise<UserState> {
    const cached = await cache.get(userStateCacheKey(userId));
    if (cached !== null) return JSON.parse(cached) as UserState;
    const state = await readRecord(userId);
    await cache.set(userStateCacheKey(userId), JSON.stringify(state), { ttlSeconds: USER_STATE_TTL_SECONDS });
    return state;
  }

  /**
   * Runs `plan` on the user's current record; writes what it returns, then forgets the cached
   * state. Answers what the plan answers.
   */
  function change<Result>(userId: string, plan: (state: UserState, at: string) => { writes: UserRecordWrite[]; result: Result }): Promise<Result> {
    const previous = changing.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      const { writes, result } = plan(await readRecord(userId), now().toISOString());
      await writeUserRecords(store, userId, writes);
      if (writes.length > 0) await cache.del(userStateCacheKey(userId));
      return result;
    });
    // The queue waits for this change however it ends; the caller alone hears how.
    const settled: Promise<unknown> = next
      .catch(() => undefined)
      .finally(() => {
        if (changing.get(userId) === settled) changing.delete(userId);
      });
    changing.set(userId, settled);
    return next;
  }

  const listIn = (state: UserState, id: string) => state.watchlists.find((list) => list.id === id);

  function roomFor(state: UserState, list: Watchlist, adding: number): void {
    if (list.items.length + adding > WATCHLIST_LIMITS.itemsPerList) {
      throw new UserStateRefusal(409, `Watchlist "${list.name}" holds ${list.items.length} items; a list holds at most ${WATCHLIST_LIMITS.itemsPerList}`);
    }
    const total = itemCount(state);
    if (total + adding > WATCHLIST_LIMITS.itemsPerUser) {
      throw new UserStateRefusal(409, `Your watchlists hold ${total} items; one user may watch at most ${WATCHLIST_LIMITS.itemsPerUser}`);
    }
  }

  function newList(state: UserState, at: string, name: string, notes: string | undefined): Watchlist {
    if (state.watchlists.length >= WATCHLIST_LIMITS.listsPerUser) {
      throw new UserStateRefusal(409, `You have ${state.watchlists.length} watchlists, the most one user may keep`);
    }
    return { id: newId('wl'), name: name.trim(), notes: notes ?? '', facilities: 0, places: 0, created_at: at, updated_at: at, items: [] };
  }

  /** `offset`: the item's place among those added with it; `seq` orders the list by when items were added. */
  const itemWrite = (list: Watchlist, item: WatchedItem, offset = 0): UserRecordWrite => ({
    kind: 'watched-item',
    id: item.id,
    record: { ...item, watchlist_id: list.id, seq: Date.parse(item.added_at) * 1_000 + offset },
  });
  const listWrite = (list: Watchlist, at: string): UserRecordWrite => ({ kind: 'watchlist', id: list.id, record: { ...storedList(list), updated_at: at } });

  function facilityItem(facility: FacilityIdentity, note: string | undefined, at: string): WatchedItem {
    return {
      id: newId('wi'),
      kind: 'facility',
      facility_id: facility.facility_id,
      label: facility.name ?? facility.facility_id,
      latitude: facility.latitude,
      longitude: facility.longitude,
      radius_miles: null,
      note: note ?? '',
      added_at: at,
    };
  }

  return {
    read,

    async preferences(userId: string): Promise<UserPreferences> {
      return (await read(userId)).preferences;
    },

    savePreferences(userId: string, preferences: UserPreferences): Promise<UserPreferences> {
      return change(userId, () => ({ writes: [{ kind: 'preferences', id: 'settings', record: preferences }], result: preferences }));
    },

    /** Records that the user has seen every alert created up to `seenAt`. */
    markAlertsSeen(userId: string, seenAt: string): Promise<string> {
      return change(userId, () => ({ writes: [{ kind: 'alerts-seen', id: 'cursor', record: { seen_at: seenAt } }], result: seenAt }));
    },

    createWatchlist(userId: string, body: { name: string; notes?: string | undefined }): Promise<WatchlistSummary> {
      return change(userId, (state, at) => {
        const list = newList(state, at, body.name, body.notes);
        return { writes: [listWrite(list, at)], result: summaryOf(list) };
      });
    },

    /** Undefined when the user has no such list. */
    updateWatchlist(userId: string, id: string, body: { name?: string | undefined; notes?: string | undefined }): Promise<WatchlistSummary | undefined> {
      return change(userId, (state, at) => {
        const list = listIn(state, id);
        if (!list) return { writes: [], result: undefined };
        const updated: Watchlist = {
          ...list,
          ...(body.name === undefined ? {} : { name: body.name.trim() }),
          ...(body.notes === undefined ? {} : { notes: body.notes }),
          updated_at: at,
        };
        return { writes: [listWrite(updated, at)], result: summaryOf(updated) };
      });
    },

    /** Deletes the list and its items; false when the user has no such list. */
    deleteWatchlist(userId: string, id: string): Promise<boolean> {
      return change(userId, (state) => {
        const list = listIn(state, id);
        if (!list) return { writes: [], result: false };
        const writes: UserRecordWrite[] = list.items.map((item) => ({ kind: 'watched-item', id: item.id, record: null }));
        writes.push({ kind: 'watchlist', id, record: null });
        return { writes, result: true };
      });
    },

    /**
     * Adds a facility (found by `findFacility`) or a place to a list. A facility the list already
     * watches, or the same place with the same radius, answers the item it has.
     * Undefined when the user has no such list; a refusal when the facility does not exist.
     */
    addItem(userId: string, listId: string, body: WatchItemBody, facility: FacilityIdentity | undefined): Promise<WatchedItem | undefined> {
      return change(userId, (state, at) => {
        const list = listIn(state, listId);
        if (!list) return { writes: [], result: undefined };
        const existing = list.items.find((item) =>
          body.kind === 'facility'
            ? item.facility_id === body.facility_id
            : item.kind === 'place' && item.latitude === body.latitude && item.longitude === body.longitude && item.radius_miles === body.radius_miles,
        );
        if (existing) return { writes: [], result: existing };
        roomFor(state, list, 1);
        let item: WatchedItem;
        if (body.kind === 'facility') {
          if (!facility) throw new UserStateRefusal(400, `body.facility_id: no facility ${JSON.stringify(body.facility_id)} in the live dataset`);
          item = facilityItem(facility, body.note, at);
        } else {
          item = {
            id: newId('wi'),
            kind: 'place',
            facility_id: null,
            label: body.label.trim(),
            latitude: body.latitude,
            longitude: body.longitude,
            radius_miles: body.radius_miles,
            note: body.note ?? '',
            added_at: at,
          };
        }
        return { writes: [itemWrite(list, item), listWrite(list, at)], result: item };
      });
    },

    /** False when the user has no such list or item. */
    removeItem(userId: string, listId: string, itemId: string): Promise<boolean> {
      return change(userId, (state, at) => {
        const list = listIn(state, listId);
        if (!list?.items.some((item) => item.id === itemId)) return { writes: [], result: false };
        return { writes: [{ kind: 'watched-item', id: itemId, record: null }, listWrite(list, at)], result: true };
      });
    },

    /** A new list watching these facilities (a screening's matched rows, each with its note), in one insert. */
    createWatchlistOf(
      userId: string,
      body: { name: string; notes?: string | undefined },
      facilities: ReadonlyArray<FacilityIdentity & { note: string }>,
    ): Promise<WatchlistSummary> {
      return change(userId, (state, at) => {
        const list = newList(state, at, body.name, body.notes);
        roomFor(state, list, facilities.length);
        const items = facilities.map((facility) => facilityItem(facility, facility.note, at));
        const watched: Watchlist = { ...list, items, facilities: items.length };
        return { writes: [listWrite(watched, at), ...items.map((item, offset) => itemWrite(watched, item, offset))], result: summaryOf(watched) };
      });
    },
  };
}
