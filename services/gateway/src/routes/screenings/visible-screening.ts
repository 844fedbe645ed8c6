/**
 * A screening is its owner's: anyone else but an admin is told it does not exist
 * (docs/decisions/0034-access-by-role.md).
 */
import { httpErrors } from '@fastify/sensible';
import type { FastifyRequest } from 'fastify';
import type { AnalyticsStore } from '@ust/platform';
import { readScreeningRecord, type StoredScreening } from '@ust/read-model';

/** The screening if the caller may see it (its owner, or an admin); else a 404 is thrown. */
export async function visibleScreening(store: AnalyticsStore, request: FastifyRequest, id: string): Promise<StoredScreening> {
  const screening = await readScreeningRecord(store, id);
  const principal = request.principal!;
  if (!screening || (principal.role !== 'admin' && screening.owner_id !== principal.userId)) throw httpErrors.notFound(`Screening ${id} not found`);
  return screening;
}
