import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWatchlistBody, UpdateWatchlistBody, WatchItemBody, WatchlistsResponse, WatchScreeningBody } from '@ust/schemas';
import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';

/** Every watchlist query starts with it: a change to any list asks them all again. */
export const WATCHLISTS_QUERY_KEY = ['watchlists'] as const;

/** The list a first watch creates when the user has none. */
export const FIRST_WATCHLIST_NAME = 'My watchlist';

/** One facility item to stop watching: the list and the item of that list. */
export interface WatchedItemRef {
  watchlistId: string;
  itemId: string;
}

function useInvalidateWatchlists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WATCHLISTS_QUERY_KEY });
}

/** GET /api/watchlists: the user's lists with their counts, and the limits. */
export function useWatchlistsQuery() {
  return useAuthedQuery({
    queryKey: WATCHLISTS_QUERY_KEY,
    queryFn: (api, { signal }) => api.call('GET /api/watchlists', { signal }),
    staleTime: 0,
  });
}

/** The most facility ids one GET /api/watchlists may ask about (`WatchlistsQuery.facility_ids`). */
const WATCHING_IDS_PER_CALL = 100;

/** The user's lists, and every item of them that watches one of the facilities asked about. */
export type FacilitiesWatch = Pick<WatchlistsResponse, 'watchlists' | 'watching'>;

/**
 * GET /api/watchlists?facility_ids=: the user's lists and which of their items watch these
 * facilities, in one query for a whole set of them (the search results' cards), asked 100 ids a
 * call. The lists are those of the first answer: every answer holds them all.
 */
export function useWatchingQuery(facilityIds: readonly string[]) {
  const ids = [...new Set(facilityIds)].sort();
  return useAuthedQuery({
    queryKey: [...WATCHLISTS_QUERY_KEY, 'watching', ids],
    queryFn: async (api, { signal }): Promise<FacilitiesWatch> => {
      const calls = [];
      for (let start = 0; start < ids.length; start += WATCHING_IDS_PER_CALL) {
        const facility_ids = ids.slice(start, start + WATCHING_IDS_PER_CALL).join(',');
        calls.push(api.call('GET /api/watchlists', { query: { facility_ids }, signal }));
      }
      const answers = await Promise.all(calls);
      return { watchlists: answers[0]?.watchlists ?? [], watching: answers.flatMap((answer) => answer.watching) };
    },
    enabled: ids.length > 0,
  });
}

/** What a Watch button is told: the query shared by the buttons of a result set, or one facility's own. */
export type WatchingQuery = ReturnType<typeof useWatchingQuery>;

/** useWatchingQuery for one facility (the facility dialog). */
export function useFacilityWatchQuery(facilityId: string): WatchingQuery {
  return useWatchingQuery([facilityId]);
}

/** GET /api/watchlists/{id}: one list with its items. Nothing is asked without an id. */
export function useWatchlistQuery(id: string | null) {
  return useAuthedQuery({
    queryKey: [...WATCHLISTS_QUERY_KEY, 'list', id],
    queryFn: (api, { signal }) => api.call('GET /api/watchlists/{id}', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** POST /api/watchlists. */
export function useCreateWatchlistMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['watchlist-create'],
    mutationFn: (body: CreateWatchlistBody) => api.call('POST /api/watchlists', { body }),
    onSettled: invalidate,
  });
}

/** PATCH /api/watchlists/{id}: a new name, new notes, or both. */
export function useUpdateWatchlistMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['watchlist-update'],
    mutationFn: ({ id, change }: { id: string; change: UpdateWatchlistBody }) => api.call('PATCH /api/watchlists/{id}', { params: { id }, body: change }),
    onSettled: invalidate,
  });
}

/** DELETE /api/watchlists/{id}. */
export function useDeleteWatchlistMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['watchlist-delete'],
    mutationFn: (id: string) => api.call('DELETE /api/watchlists/{id}', { params: { id } }),
    onSettled: invalidate,
  });
}

/**
 * POST /api/watchlists/{id}/items into the chosen list, or, when the user has no list yet
 * (`watchlistId` null), into a new one named FIRST_WATCHLIST_NAME. An item the list already
 * holds is answered as it is.
 */
export function useWatchItemMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['watchlist-item-add'],
    mutationFn: async ({ watchlistId, item }: { watchlistId: string | null; item: WatchItemBody }) => {
      const list = watchlistId === null ? await api.call('POST /api/watchlists', { body: { name: FIRST_WATCHLIST_NAME } }) : null;
      const id = list?.id ?? watchlistId!;
      return api.call('POST /api/watchlists/{id}/items', { params: { id }, body: item });
    },
    onSettled: invalidate,
  });
}

/** DELETE /api/watchlists/{id}/items/{item_id} for each item given: a facility leaves every list that held it. */
export function useUnwatchMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['watchlist-item-remove'],
    mutationFn: (items: readonly WatchedItemRef[]) =>
      Promise.all(
        items.map(({ watchlistId, itemId }) => api.call('DELETE /api/watchlists/{id}/items/{item_id}', { params: { id: watchlistId, item_id: itemId } })),
      ),
    onSettled: invalidate,
  });
}

/** POST /api/screenings/{id}/watch: a done screening's matched facilities become a new list. */
export function useWatchScreeningMutation() {
  const api = useApiClient();
  const invalidate = useInvalidateWatchlists();
  return useMutation({
    mutationKey: ['screening-watch'],
    mutationFn: ({ id, body = {} }: { id: string; body?: WatchScreeningBody }) => api.call('POST /api/screenings/{id}/watch', { params: { id }, body }),
    onSettled: invalidate,
  });
}
