/**
 * A remote issuer's signing keys, fetched from its JWKS. A token names its key by `kid`, and
 * anyone can write a token with a made-up kid: if each unknown kid sent the gateway to the
 * issuer, a flood of forged tokens would become a flood of key-set fetches. So the key set is
 * fetched at most once per `refetchIntervalMs` whatever the tokens say, a kid the issuer did
 * not have is remembered as unknown for a while, and a failed fetch is not retried at once.
 * Known keys are refreshed after `maxAgeMs`, so a key the issuer withdrew stops being trusted.
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { fetchJson, IssuerUnavailableError, type Fetch, type IssuerMetadata } from './issuer-metadata.js';
import { UnknownSigningKeyError, type SigningKeyResolver } from './signing-keys.js';

export interface RemoteSigningKeysOptions {
  /** Where the JWKS is: a fixed URL (OIDC_JWKS_URL), or the issuer's discovery document. */
  jwksUri: string | (() => Promise<IssuerMetadata>);
  fetch?: Fetch;
  /** Milliseconds since the epoch; tests move it forward. @defaultValue Date.now */
  now?: () => number;
  /** Fewest milliseconds between two fetches of the key set caused by unknown kids. @defaultValue 30_000 */
  refetchIntervalMs?: number;
  /** How long a kid the issuer did not have is answered as unknown without asking again. @defaultValue 300_000 */
  unknownKidTtlMs?: number;
  /** Age at which known keys are fetched again. @defaultValue 600_000 */
  maxAgeMs?: number;
  /** Wait after a failed fetch before the next one. @defaultValue 5_000 */
  retryAfterFailureMs?: number;
}

/** Unknown kids remembered at most: a forged-token flood brings a new one with every token. */
const UNKNOWN_KIDS_KEPT = 10_000;

interface KeySet {
  pems: Map<string, string>;
  fetchedAt: number;
}

/** RS256 verification keys of a JWKS, as PEM by kid; keys for other uses or algorithms are left out. */
export function verificationKeysOf(jwks: unknown): Map<string, string> {
  const pems = new Map<string, string>();
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return pems;
  for (const key of keys as Array<JsonWebKey & { kid?: unknown; use?: unknown; alg?: unknown }>) {
    if (key?.kty !== 'RSA' || typeof key.kid !== 'string') continue;
    if (key.use !== undefined && key.use !== 'sig') continue;
    if (key.alg !== undefined && key.alg !== 'RS256') continue;
    try {
      pems.set(key.kid, createPublicKey({ key, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString());
    } catch {
      // A malformed key is skipped: the others still verify their tokens.
    }
  }
  return pems;
}

export function remoteSigningKeys(options: RemoteSigningKeysOptions): SigningKeyResolver & { fetches(): number } {
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const refetchIntervalMs = options.refetchIntervalMs ?? 30_000;
  const unknownKidTtlMs = options.unknownKidTtlMs ?? 300_000;
  const maxAgeMs = options.maxAgeMs ?? 600_000;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;

  let current: KeySet | undefined;
  let lastAttemptAt = -Infinity;
  let lastFailure: { at: number; error: Error } | undefined;
  let inFlight: Promise<KeySet> | undefined;
  let fetchCount = 0;
  /** kid -> when it stops being answered as unknown; a Map iterates oldest first. */
  const unknownKids = new Map<string, number>();

  async function jwksUri(): Promise<string> {
    return typeof options.jwksUri === 'string' ? options.jwksUri : (await options.jwksUri()).jwks_uri;
  }

  /** Fetches the key set, one fetch at a time; a failure is remembered so callers do not retry at once. */
  function refresh(): Promise<KeySet> {
    inFlight ??= (async () => {
      lastAttemptAt = now();
      fetchCount += 1;
      try {
        const pems = verificationKeysOf(await fetchJson(fetch, await jwksUri()));
        current = { pems, fetchedAt: now() };
        lastFailure = undefined;
        for (const kid of pems.keys()) unknownKids.delete(kid);
        return current;
      } catch (error) {
        lastFailure = {
          at: now(),
          error: error instanceof IssuerUnavailableError ? error : new IssuerUnavailableError('the key set', (error as Error).message),
        };
        throw lastFailure.error;
      }
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function rememberUnknown(kid: string): void {
    if (unknownKids.size >= UNKNOWN_KIDS_KEPT) unknownKids.delete(unknownKids.keys().next().value!);
    unknownKids.set(kid, now() + unknownKidTtlMs);
  }

  function isRememberedUnknown(kid: string): boolean {
    const until = unknownKids.get(kid);
    if (until === undefined) return false;
    if (until > now()) return true;
    unknownKids.delete(kid);
    return false;
  }

  /** The key set to look in: fetched when there is none yet or it is too old, within the failure back-off. */
  async function keySet(): Promise<KeySet> {
    const stale = current === undefined || now() - current.fetchedAt >= maxAgeMs;
    if (!stale) return current!;
    if (lastFailure && now() - lastFailure.at < retryAfterFailureMs) {
      // Keep serving the keys we had rather than fail every token while the issuer is away.
      if (current) return current;
      throw lastFailure.error;
    }
    try {
      return await refresh();
    } catch (error) {
      if (current) return current;
      throw error;
    }
  }

  function pemFor(set: KeySet, kid: string | undefined): string | undefined {
    if (kid !== undefined) return set.pems.get(kid);
    // A token without a kid can only mean the issuer's one key.
    return set.pems.size === 1 ? set.pems.values().next().value : undefined;
  }

  const resolve: SigningKeyResolver = async ({ kid }) => {
    const set = await keySet();
    const pem = pemFor(set, kid);
    if (pem) return pem;
    const label = kid ?? '';
    if (isRememberedUnknown(label) || now() - lastAttemptAt < refetchIntervalMs) {
      rememberUnknown(label);
      throw new UnknownSigningKeyError(kid);
    }
    // A kid not seen before, and the key set not fetched lately: the issuer may have rotated.
    const fresh = await refresh().catch(() => set);
    const rotated = pemFor(fresh, kid);
    if (rotated) return rotated;
    rememberUnknown(label);
    throw new UnknownSigningKeyError(kid);
  };
  return Object.assign(resolve, { fetches: () => fetchCount });
}
