/**
 * How a CLI tells that the server `runtime.json` points at is the process that wrote the file,
 * before it sends that server a token. A pid proves nothing: after a crash it may be reused,
 * and the port taken by anyone. So the file (0600, in a 0700 DATA_DIR) holds a random key the
 * platform makes at each start; the CLI sends a fresh random challenge to POST /runtime-proof,
 * and only a process holding the key can answer the HMAC of it, bound to the issuer and
 * audience that process trusts. An answer recorded from the live platform is for another
 * challenge, and without the key the endpoint reveals nothing.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const RUNTIME_PROOF_PATH = '/runtime-proof';

/** What the platform trusts, as its answer states it. */
export interface RuntimeIdentity {
  issuer: string;
  audience: string;
}

const randomToken = () => randomBytes(32).toString('base64url');

/** A new key for runtime.json: 256 random bits. */
export const newRuntimeProofKey = randomToken;

/** A new challenge: 256 random bits, never sent twice. */
export const newRuntimeChallenge = randomToken;

export function runtimeProof(key: string, challenge: string, { issuer, audience }: RuntimeIdentity): string {
  // JSON, so no issuer or audience can be spelled to shift a field into the next.
  return createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(JSON.stringify(['ust-runtime-proof', challenge, issuer, audience]))
    .digest('base64url');
}

/** Whether `proof` is the answer of a process holding `key` to `challenge`, for `identity`. */
export function isRuntimeProof(key: string, challenge: string, identity: RuntimeIdentity, proof: string): boolean {
  const expected = Buffer.from(runtimeProof(key, challenge, identity));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
