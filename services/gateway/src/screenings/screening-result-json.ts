/**
 * GET /screenings/{id}/rows as it is sent: the ScreeningResult's JSON written around the results
 * stored lines, which are each a ScreeningRow's JSON already, so thousands of rows are never
 * parsed and serialized again, nor held as one string; the event loop turns between the pages
 * read from the store. screening-result-json.test.ts checks the bytes against the schema.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { PRICING_DISCLAIMER, type ScreeningRun } from '@ust/schemas';
import type { AnalyticsStore } from '@ust/platform';
import { readResultLines, type StoredScreening } from '@ust/read-model';

/** Sends the result as it is read; the reply is untyped: Fastify sends a stream as it is, without the response schema's serializer. */
export function sendScreeningResult(reply: FastifyReply, store: AnalyticsStore, screening: StoredScreening): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Readable.from(screeningResultJson(store, screening)));
}

/** Rows are sent in chunks of about this many characters: the compressor packs larger writes tighter. */
const CHUNK_CHARS = 256 * 1024;

export async function* screeningResultJson(store: AnalyticsStore, screening: StoredScreening): AsyncGenerator<string> {
  const { runs: _runs, ...run }: StoredScreening = screening;
  yield `{"screening":${JSON.stringify(run satisfies ScreeningRun)},"rows":[`;
  let chunk = '';
  let first = true;
  for await (const lines of readResultLines(store, screening)) {
    if (lines.length === 0) continue;
    chunk += (first ? '' : ',') + lines.join(',');
    first = false;
    if (chunk.length < CHUNK_CHARS) continue;
    yield chunk;
    chunk = '';
  }
  yield `${chunk}],"pricing_note":${JSON.stringify(PRICING_DISCLAIMER)}}`;
}
