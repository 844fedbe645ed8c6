/**
 * Where the gateway finds the public key that signed an access token. Any issuer's keys come
 * from its JWKS over HTTP (remote-signing-keys.ts); the embedded provider's come from the
 * provider object itself, so `inject()` tests and a server that has not opened its port yet
 * verify without a request to themselves (docs/decisions/0026-embedded-identity-tokens.md).
 */
import { createPublicKey, type JsonWebKey } from 'node:crypto';

export interface TokenHeader {
  kid?: string;
  alg?: string;
}

/** The PEM of the public key with the header's kid; rejects when the issuer has no such key. */
export type SigningKeyResolver = (header: TokenHeader) => Promise<string>;

export class UnknownSigningKeyError extends Error {
  constructor(kid: string | undefined) {
    super(`the issuer has no signing key ${kid === undefined ? 'without a kid' : `with kid ${JSON.stringify(kid)}`}`);
    this.name = 'UnknownSigningKeyError';
  }
}

/** Keys of an in-process key set (the embedded provider's public JWKS). */
export function localSigningKeys(publicJwks: () => { keys: JsonWebKey[] }): SigningKeyResolver {
  const pems = new Map<string, string>();
  return async ({ kid }) => {
    const cached = kid === undefined ? undefined : pems.get(kid);
    if (cached) return cached;
    const jwk = publicJwks().keys.find((key) => (key as { kid?: string }).kid === kid);
    if (!jwk) throw new UnknownSigningKeyError(kid);
    const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
    pems.set(kid!, pem);
    return pem;
  };
}
