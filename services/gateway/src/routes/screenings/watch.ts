/**
 * POST /screenings/{id}/watch: a done screening's matched facilities become a new watchlist of
 * the caller's (a portfolio watched as one), each item noted with the row's reference.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ScreeningIdParams, WATCHLIST_LIMITS, WatchlistSummary, WatchScreeningBody } from '@ust/schemas';
import { readResultRows } from '@ust/read-model';
import { refusalsAnswered } from '../../users/user-state-plugin.js';
import type { FacilityIdentity } from '../../users/user-state.js';
import { visibleScreening } from './visible-screening.js';

const screeningWatchRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify.ports;

  fastify.post(
    '/:id/watch',
    {
      schema: {
        tags: ['screenings', 'watchlists'],
        summary: "Watches a done screening's matched facilities as a new watchlist",
        params: ScreeningIdParams,
        body: WatchScreeningBody,
        response: { 200: WatchlistSummary, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const screening = await visibleScreening(store, request, request.params.id);
      if (screening.status !== 'done')
        throw fastify.httpErrors.conflict(`Screening ${screening.id} is ${screening.status}; its matches can be watched when it is done`);
      const matched = new Map<string, FacilityIdentity & { note: string }>();
      for await (const row of readResultRows(store, screening)) {
        if (row.outcome !== 'matched' || !row.facility) continue;
        const reference = row.reference ?? `line ${row.line}`;
        const known = matched.get(row.facility.id);
        if (known) known.note = `${known.note}; ${reference}`.slice(0, WATCHLIST_LIMITS.itemNoteLength);
        else
          matched.set(row.facility.id, {
            facility_id: row.facility.id,
            name: row.facility.name,
            latitude: row.facility.latitude,
            longitude: row.facility.longitude,
            note: reference,
          });
      }
      if (matched.size === 0) throw fastify.httpErrors.conflict(`Screening ${screening.id} matched no facility: there is nothing to watch`);
      const name = request.body.name ?? `Portfolio ${screening.file_name}`.slice(0, WATCHLIST_LIMITS.nameLength);
      const notes = request.body.notes ?? `Matched facilities of screening ${screening.id} (${screening.file_name})`;
      return refusalsAnswered(fastify.userState.createWatchlistOf(request.principal!.userId, { name, notes }, [...matched.values()]));
    },
  );
};

export default screeningWatchRoutes;
