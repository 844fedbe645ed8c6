/**
 * Read-through caching of dialog bodies that come from ClickHouse (a facility's details, a
 * release's details). chDB runs one statement at a time, so ten people opening dialogs at once
 * would queue behind each other (docs/decisions/0022-chdb-discipline.md: no per-request hot
 * path queries chDB). The first view of an id queries ClickHouse; later views within the time
 * to live, from any gateway process sharing the cache, read the serialized body. Keys carry the
 * dataset version, so a new build never serves an old body and prune-dataset-versions removes
 * them with their version.
 */
import type { FastifyReply } from 'fastify';
import type { Cache } from '@ust/platform';
import { readCurrentVersion } from '@ust/read-model';

/** Long enough that a dialog opened again in a session is a cache hit, short enough to bound memory. */
export const DIALOG_BODY_TTL_SECONDS = 15 * 60;
/**
 * An id that was not found is answered 404 from the cache this long, so asking for made-up ids
 * again and again does not queue statements on chDB; a new dataset version forgets it at once.
 */
export const ABSENT_ID_TTL_SECONDS = 60;
/** Stored for an absent id: no serialized body is ever empty. */
const ABSENT = '';

/** What a read produced: the serialized JSON body, or nothing when the id does not exist. */
export type CachedBody = { json: string; cached: boolean } | undefined;

/**
 * Reads the current version's key, or runs `load` (at most once at a time per key in this
 * process, so concurrent first views share one query) and stores its body. An unknown id is
 * remembered as absent for ABSENT_ID_TTL_SECONDS within its version, so an id that appears with
 * the next import is found at once.
 */
export function createReadThrough(cache: Cache, ttlSeconds = DIALOG_BODY_TTL_SECONDS) {
  const inFlight = new Map<string, Promise<string | undefined>>();

  /**
   * `load` returns the response payload, undefined for an unknown id; `reply` serializes it
   * with its route's response schema, so a stored body is exactly what the route would send.
   */
  return async function readThrough(
    reply: FastifyReply,
    keyOfVersion: (version: number) => string,
    load: () => Promise<object | undefined>,
  ): Promise<CachedBody> {
    const loadJson = async () => {
      const payload = await load();
      return payload === undefined ? undefined : String(reply.serialize(payload));
    };
    const version = await readCurrentVersion(cache);
    // Before the first build there is no version to key by: read without caching.
    if (version === null) {
      const json = await loadJson();
      return json === undefined ? undefined : { json, cached: false };
    }
    const key = keyOfVersion(version);
    const stored = await cache.get(key);
    if (stored === ABSENT) return undefined;
    if (stored !== null) return { json: stored, cached: true };
    let pending = inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const json = await loadJson();
        if (json !== undefined) await cache.set(key, json, { ttlSeconds });
        else await cache.set(key, ABSENT, { ttlSeconds: ABSENT_ID_TTL_SECONDS });
        return json;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const json = await pending;
    return json === undefined ? undefined : { json, cached: false };
  };
}

/**
 * Sends a body the route's response serializer produced. Fastify sends a string under a JSON
 * content type as it is; `x-cache` tells a benchmark (and an operator) which path answered.
 */
export function sendSerialized(reply: FastifyReply, body: NonNullable<CachedBody>): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('x-cache', body.cached ? 'hit' : 'miss')
    .send(body.json);
}
