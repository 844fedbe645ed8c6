/**
 * A user's watchlists (docs/decisions/0119-watchlists.md): lists of watched facilities and
 * places, private to their owner. Another user's list, an admin's included, is answered 404 as
 * if it did not exist; admins see how much each user watches at GET /admin/watchlists.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateWatchlistBody,
  CsvExport,
  Deleted,
  ErrorBody,
  UpdateWatchlistBody,
  WatchedItem,
  WatchedItemParams,
  WatchItemBody,
  Watchlist,
  WatchlistIdParams,
  WatchlistsQuery,
  WatchlistsResponse,
  WatchlistSummary,
  WATCHLIST_LIMITS,
  type WatchedItem as WatchedItemType,
} from '@ust/schemas';
import { csvChunks, type CsvColumn } from '../../exports/csv-writer.js';
import { exportFileName, sendExport } from '../../exports/send-export.js';
import { findFacilityIdentities } from '../../queries/facilities/find-facility-identities.js';
import { refusalsAnswered } from '../../users/user-state-plugin.js';
import { summaryOf } from '../../users/user-state.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const notFound = { 404: ErrorBody };
const conflict = { 409: ErrorBody };

const ITEM_COLUMNS: ReadonlyArray<CsvColumn<WatchedItemType>> = [
  { header: 'Kind', cell: (item) => item.kind },
  { header: 'Facility ID', cell: (item) => item.facility_id },
  { header: 'Name or Place', cell: (item) => item.label },
  { header: 'Latitude', cell: (item) => item.latitude },
  { header: 'Longitude', cell: (item) => item.longitude },
  { header: 'Radius (miles)', cell: (item) => item.radius_miles },
  { header: 'Note', cell: (item) => item.note },
  { header: 'Added', cell: (item) => item.added_at },
];

const watchlistRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { userState } = fastify;
  const { store } = fastify.ports;
  const missing = (id: string) => fastify.httpErrors.notFound(`Watchlist ${id} not found`);

  /** The caller's own list, else a 404: a list is its owner's alone. */
  const ownList = async (userId: string, id: string) => {
    const list = (await userState.read(userId)).watchlists.find((candidate) => candidate.id === id);
    if (!list) throw missing(id);
    return list;
  };

  fastify.get(
    '/',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Your watchlists with their counts; with facility_ids, which items of your lists watch those facilities',
        querystring: WatchlistsQuery,
        response: { 200: WatchlistsResponse, ...errors },
      },
    },
    async (request) => {
      const asked = new Set(request.query.facility_ids?.split(',') ?? []);
      const { watchlists } = await userState.read(request.principal!.userId);
      return {
        watchlists: watchlists.map(summaryOf),
        watching: watchlists.flatMap((list) =>
          list.items.flatMap((item) =>
            item.facility_id !== null && asked.has(item.facility_id) ? [{ facility_id: item.facility_id, watchlist_id: list.id, item_id: item.id }] : [],
          ),
        ),
        limits: { lists: WATCHLIST_LIMITS.listsPerUser, items_per_list: WATCHLIST_LIMITS.itemsPerList, items: WATCHLIST_LIMITS.itemsPerUser },
      };
    },
  );

  fastify.post(
    '/',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'A new, empty watchlist',
        body: CreateWatchlistBody,
        response: { 200: WatchlistSummary, ...conflict, ...errors },
      },
    },
    async (request) => refusalsAnswered(userState.createWatchlist(request.principal!.userId, request.body)),
  );

  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'One of your watchlists with its items',
        params: WatchlistIdParams,
        response: { 200: Watchlist, ...notFound, ...errors },
      },
    },
    async (request) => ownList(request.principal!.userId, request.params.id),
  );

  fastify.patch(
    '/:id',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Renames a watchlist or changes its notes',
        params: WatchlistIdParams,
        body: UpdateWatchlistBody,
        response: { 200: WatchlistSummary, ...notFound, ...errors },
      },
    },
    async (request) => {
      const updated = await userState.updateWatchlist(request.principal!.userId, request.params.id, request.body);
      if (!updated) throw missing(request.params.id);
      return updated;
    },
  );

  fastify.delete(
    '/:id',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Deletes a watchlist and stops watching its items',
        params: WatchlistIdParams,
        response: { 200: Deleted, ...notFound, ...errors },
      },
    },
    async (request) => {
      if (!(await userState.deleteWatchlist(request.principal!.userId, request.params.id))) throw missing(request.params.id);
      return { deleted: true as const };
    },
  );

  fastify.post(
    '/:id/items',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Watches a facility, or a place within a radius; an item the list already has is answered as it is',
        params: WatchlistIdParams,
        body: WatchItemBody,
        response: { 200: WatchedItem, ...notFound, ...conflict, ...errors },
      },
    },
    async (request) => {
      const { body } = request;
      const userId = request.principal!.userId;
      await ownList(userId, request.params.id);
      const facility = body.kind === 'facility' ? (await findFacilityIdentities(store, [body.facility_id]))[0] : undefined;
      const item = await refusalsAnswered(userState.addItem(userId, request.params.id, body, facility));
      if (!item) throw missing(request.params.id);
      return item;
    },
  );

  fastify.delete(
    '/:id/items/:item_id',
    {
      schema: { tags: ['watchlists'], summary: 'Stops watching one item', params: WatchedItemParams, response: { 200: Deleted, ...notFound, ...errors } },
    },
    async (request) => {
      const { id, item_id: itemId } = request.params;
      if (!(await userState.removeItem(request.principal!.userId, id, itemId)))
        throw fastify.httpErrors.notFound(`Item ${itemId} of watchlist ${id} not found`);
      return { deleted: true as const };
    },
  );

  fastify.get(
    '/:id/export/csv',
    {
      schema: {
        tags: ['watchlists', 'exports'],
        summary: "A watchlist's items as CSV (UTF-8 with BOM, formula cells guarded)",
        params: WatchlistIdParams,
        produces: ['text/csv'],
        response: { 200: CsvExport, ...notFound, ...errors },
      },
    },
    async (request, reply) => {
      const list = await ownList(request.principal!.userId, request.params.id);
      return sendExport(reply, 'csv', exportFileName(['watchlist', list.name, list.id], 'csv'), csvChunks(ITEM_COLUMNS, list.items));
    },
  );
};

export default watchlistRoutes;
