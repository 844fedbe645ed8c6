/**
 * Asks the server `runtime.json` names to prove it is the platform that wrote the file
 * (platform/src/runtime-proof.ts), before a pipeline command sends it a token: after a crash
 * the pid may be reused and the port taken by anyone on the machine.
 */
import { isRuntimeProof, newRuntimeChallenge, RUNTIME_PROOF_PATH, type RuntimeIdentity } from '@ust/platform';

/** Why the server is not taken for the platform, in a few words for the user. */
export class NotThePlatformError extends Error {
  override name = 'NotThePlatformError';
}

/** A stranger may hold the port and never answer: the command must not hang on it. */
const PROOF_TIMEOUT_MS = 10_000;

export interface RuntimeClaim extends RuntimeIdentity {
  url: string;
  /** runtime.json's key; a file written without one cannot be checked. */
  proofKey: string | undefined;
}

export async function proveRuntime(claim: RuntimeClaim): Promise<RuntimeIdentity> {
  if (!claim.proofKey) throw new NotThePlatformError('the file holds no key to check it by: a platform of an older version wrote it');
  const challenge = newRuntimeChallenge();
  let answer: unknown;
  try {
    const response = await fetch(`${claim.url}${RUNTIME_PROOF_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ challenge }),
      // The proof is asked of this server, not of one it sends the CLI on to: a redirect is an
      // answer like any other that is not the proof.
      redirect: 'manual',
      signal: AbortSignal.timeout(PROOF_TIMEOUT_MS),
    });
    if (!response.ok) throw new NotThePlatformError(`it answered ${response.status} to the proof request`);
    answer = await response.json();
  } catch (error) {
    if (error instanceof NotThePlatformError) throw error;
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new NotThePlatformError(`no proof could be read from it (${cause})`);
  }
  const { issuer, audience, proof } = (answer ?? {}) as Partial<Record<'issuer' | 'audience' | 'proof', unknown>>;
  const notAProof = new NotThePlatformError("its answer is not a proof made with the file's key");
  if (typeof issuer !== 'string' || typeof audience !== 'string' || typeof proof !== 'string') throw notAProof;
  if (issuer !== claim.issuer || audience !== claim.audience) {
    throw new NotThePlatformError(`it trusts issuer ${issuer} and audience ${audience}, the file names ${claim.issuer} and ${claim.audience}`);
  }
  if (!isRuntimeProof(claim.proofKey, challenge, claim, proof)) throw notAProof;
  return { issuer: claim.issuer, audience: claim.audience };
}
