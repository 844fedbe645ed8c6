/**
 * Access tokens this gateway has verified, by their exact text, until they expire: a client sends
 * the same token with every call, and decoding it, finding its key and checking its RS256
 * signature again cost more than the rest of a search. Only a token that passed every check is
 * remembered, never past its `exp` (the verifier's leeway is not carried over), and the oldest
 * entries make room when the cache is full.
 */
export interface VerifiedClaims {
  sub: string;
  /** Seconds since the epoch, as the token carries it. */
  exp: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
  sid?: string;
}

export class VerifiedTokens<Claims extends VerifiedClaims = VerifiedClaims> {
  private readonly byToken = new Map<string, Claims>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.byToken.size;
  }

  /** The claims of a token verified before and not yet expired at `nowMs`. */
  get(token: string, nowMs: number): Claims | undefined {
    const claims = this.byToken.get(token);
    if (claims === undefined) return undefined;
    if (claims.exp * 1000 <= nowMs) {
      this.byToken.delete(token);
      return undefined;
    }
    return claims;
  }

  remember(token: string, claims: Claims, nowMs: number): void {
    if (this.capacity <= 0 || !Number.isFinite(claims.exp) || claims.exp * 1000 <= nowMs) return;
    // A Map iterates in insertion order: the first key is the oldest.
    if (this.byToken.size >= this.capacity) this.byToken.delete(this.byToken.keys().next().value!);
    this.byToken.set(token, claims);
  }
}

/** A JWT as it may appear in a header: base64url parts and dots, nothing else. */
const TOKEN_TEXT = /^[A-Za-z0-9_.~+/=-]+$/;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined for anything else. Strict
 * (one space, no whitespace in the token), so a remembered token is exactly the text the verifier
 * checked; any other header goes to the verifier, which explains what is wrong with it.
 */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length < 8) return undefined;
  const scheme = authorization.slice(0, 7);
  if (scheme !== 'Bearer ' && scheme.toLowerCase() !== 'bearer ') return undefined;
  const token = authorization.slice(7);
  return TOKEN_TEXT.test(token) ? token : undefined;
}
