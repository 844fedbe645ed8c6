import { describe, expect, it } from 'vitest';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const claims = (sub: string, expiresInSeconds: number) => ({ sub, exp: NOW / 1000 + expiresInSeconds });

describe('verified tokens', () => {
  it('returns the claims of a remembered token until its exp, then forgets it', () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember('token-a', claims('auth|a', 60), NOW);
    expect(tokens.get('token-a', NOW)).toEqual(claims('auth|a', 60));
    expect(tokens.get('token-a', NOW + 59_999)?.sub).toBe('auth|a');
    expect(tokens.get('token-a', NOW + 60_000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('knows a token only by its exact text', () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember('token-a', claims('auth|a', 60), NOW);
    expect(tokens.get('token-a ', NOW)).toBeUndefined();
    expect(tokens.get('token-A', NOW)).toBeUndefined();
  });

  it('does not remember a token that has already expired or has no usable exp', () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember('expired', claims('auth|a', 0), NOW);
    tokens.remember('no-exp', { sub: 'auth|b', exp: Number.NaN }, NOW);
    expect(tokens.size).toBe(0);
  });

  it('lets the oldest token go when full', () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember('first', claims('auth|1', 60), NOW);
    tokens.remember('second', claims('auth|2', 60), NOW);
    tokens.remember('third', claims('auth|3', 60), NOW);
    expect(tokens.get('first', NOW)).toBeUndefined();
    expect(tokens.get('second', NOW)?.sub).toBe('auth|2');
    expect(tokens.get('third', NOW)?.sub).toBe('auth|3');
  });
});

describe('bearer token', () => {
  it('reads the token of a Bearer header, in any case of the scheme', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('BEARER abc-_.d+/=')).toBe('abc-_.d+/=');
  });

  it('has no token for a missing, empty, loosely spaced or other header (the verifier explains those)', () => {
    expect(bearerToken('Bearer  abc.def.ghi')).toBeUndefined();
    expect(bearerToken('Bearer abc.def.ghi ')).toBeUndefined();
    expect(bearerToken('Bearer abc def')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearerabc')).toBeUndefined();
  });
});
