/**
 * Bearer access tokens (docs/architecture.md section 6): @fastify/jwt verifies RS256
 * signatures with the issuer's keys, the issuer, the audience and the expiry with 60 s
 * leeway; the user directory then supplies the role and whether the account is active, from
 * the cache. Routes opt in through the hooks this plugin decorates the instance with:
 * - `authenticate`: 401 without a valid token;
 * - `authenticateIfPresent`: anonymous without a token, 401 with a bad one (telemetry);
 * - `requireActive`: 403 for a deactivated account
 *   (docs/decisions/0004-deactivated-accounts.md);
 * - `requireRole(...roles)`: 403 without one of the roles.
 */
import fastifyJwt, { type TokenOrHeader } from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_ROLE, type Role } from '@ust/schemas';
import type { UserDirectory } from '../users/user-directory.js';
import { userIdOfSubject } from '../users/user-directory.js';
import { identityClaimsOf, type IdentityClaims, type UserinfoSource } from './identity-claims.js';
import type { SigningKeyResolver } from './signing-keys.js';
import { UnknownSigningKeyError } from './signing-keys.js';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

/** Who is calling, as the gateway knows them after verifying the token. */
export interface Principal {
  /** The token's subject, `provider|id`. */
  sub: string;
  /** The users table's id (derived from the subject). */
  userId: string;
  /** The token's e-mail, else the one recorded at sign-in (from the issuer's userinfo). */
  email: string | null;
  name: string | null;
  role: Role;
  isActive: boolean;
  /** False until the user's first POST /user-profile. */
  known: boolean;
  /** The identity session (`sid` claim) when the issuer sends one. */
  sessionId: string | null;
}

interface AccessTokenClaims {
  sub?: string;
  exp?: number;
  email?: string;
  email_verified?: boolean;
  name?: string;
  sid?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

/** A verified token's claims, with the users table's id of its subject. */
interface VerifiedToken extends AccessTokenClaims {
  sub: string;
  exp: number;
  userId: string;
}

/**
 * What the request's bearer token turned out to be. Worked out once per request: the rate
 * limiter keys by the subject of a valid token before authentication answers anything.
 */
export type TokenCheck =
  { outcome: 'absent' } | { outcome: 'valid'; token: string | undefined; claims: VerifiedToken } | { outcome: 'refused'; status: 401 | 503; message: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hooks; undefined for an anonymous call. */
    principal?: Principal;
    tokenCheck: TokenCheck | null;
  }
  interface FastifyInstance {
    users: UserDirectory;
    /** Verifies the request's bearer token (once per request) without answering the request. */
    checkToken(request: FastifyRequest): Promise<TokenCheck>;
    /** The signed-in caller's identity claims: the token's, else the issuer's userinfo (docs/decisions/0032-identity-from-token.md). */
    identityOf(request: FastifyRequest): Promise<IdentityClaims>;
    authenticate: onRequestHookHandler;
    authenticateIfPresent: onRequestHookHandler;
    requireActive: onRequestHookHandler;
    requireRole(...roles: Role[]): onRequestHookHandler;
  }
}

export interface AuthenticationOptions {
  issuer: string;
  audience: string;
  signingKeys: SigningKeyResolver;
  users: UserDirectory;
  /** Asked for the e-mail of a user whose access tokens carry none; omitted: none is asked. */
  userinfo?: UserinfoSource;
}

/** Leeway for exp/nbf/iat, in ms as fast-jwt counts it: clocks of issuer and gateway differ. */
const CLOCK_TOLERANCE_MS = 60_000;
/** Verified tokens remembered (verified-tokens.ts): one per signed-in client, with room to spare. */
const VERIFIED_TOKENS_KEPT = 10_000;
const SIGN_IN_REQUIRED = "Sign-in required: send an access token as 'Authorization: Bearer <token>'";
const ABSENT: TokenCheck = { outcome: 'absent' };

/** Why a token was refused, in words a client can act on (fast-jwt's own wording otherwise). */
function rejectionReason(error: unknown): string {
  if (error instanceof UnknownSigningKeyError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') return 'it has expired';
  if (code === 'FAST_JWT_INVALID_ALGORITHM') return 'it is not signed with RS256';
  return message ?? 'it could not be verified';
}

async function authenticationPlugin(fastify: import('fastify').FastifyInstance, options: AuthenticationOptions) {
  const { issuer, audience, signingKeys, users, userinfo } = options;
  fastify.decorate('users', users);
  fastify.decorateRequest('tokenCheck', null);

  await fastify.register(fastifyJwt, {
    decode: { complete: true },
    // Keep fast-jwt's reason (wrong audience, bad signature...) in the error's message.
    messages: { authorizationTokenInvalid: (error: { message: string }) => error.message },
    // With `complete` decoding the callback gets { header, payload }; the header names the key.
    secret: async (_request: FastifyRequest, token: TokenOrHeader) => signingKeys('header' in token ? token.header : token),
    verify: {
      algorithms: ['RS256'],
      allowedIss: issuer,
      allowedAud: audience,
      clockTolerance: CLOCK_TOLERANCE_MS,
      requiredClaims: ['sub', 'exp', 'iss', 'aud'],
    },
  });
  // A client's every call carries the same token: once verified, it is remembered until it
  // expires, so later calls skip the decode, the key lookup and the RSA check.
  const verifiedTokens = new VerifiedTokens<VerifiedToken>(VERIFIED_TOKENS_KEPT);

  async function checkToken(request: FastifyRequest): Promise<TokenCheck> {
    request.tokenCheck ??= await checkBearerToken(request);
    return request.tokenCheck;
  }

  /** Checks the token's signature, issuer, audience and times, unless it passed them before. */
  async function checkBearerToken(request: FastifyRequest): Promise<TokenCheck> {
    if (request.headers.authorization === undefined) return ABSENT;
    const token = bearerToken(request.headers.authorization);
    const remembered = token === undefined ? undefined : verifiedTokens.get(token, Date.now());
    if (remembered) return { outcome: 'valid', token, claims: remembered };
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER' || code === 'FST_JWT_BAD_REQUEST')
        return { outcome: 'refused', status: 401, message: SIGN_IN_REQUIRED };
      if (!(error instanceof UnknownSigningKeyError) && !/^(FAST|FST)_JWT_/.test(code ?? '')) {
        // The issuer's keys could not be fetched: a service problem, not a bad token.
        request.log.error({ err: error }, 'could not verify an access token');
        return { outcome: 'refused', status: 503, message: "The identity provider's signing keys are unreachable; try again shortly" };
      }
      return { outcome: 'refused', status: 401, message: `Access token rejected: ${rejectionReason(error)}` };
    }
    const verified: VerifiedToken = { ...claims, sub: claims.sub!, exp: claims.exp!, userId: userIdOfSubject(claims.sub!) };
    if (token !== undefined) verifiedTokens.remember(token, verified, Date.now());
    return { outcome: 'valid', token, claims: verified };
  }
  fastify.decorate('checkToken', checkToken);

  /** Sets request.principal for a valid token; answers the reply (and returns false) otherwise. */
  async function authenticateWith(check: TokenCheck, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (check.outcome === 'absent') {
      void reply.unauthorized(SIGN_IN_REQUIRED);
      return false;
    }
    if (check.outcome === 'refused') {
      void (check.status === 503 ? reply.serviceUnavailable(check.message) : reply.unauthorized(check.message));
      return false;
    }
    const { claims } = check;
    let user: Awaited<ReturnType<UserDirectory['findById']>>;
    try {
      user = await users.findById(claims.userId);
    } catch (error) {
      request.log.error({ err: error }, "could not load the caller's account");
      void reply.serviceUnavailable('Your account could not be loaded; try again shortly');
      return false;
    }
    const fromToken = identityClaimsOf(claims);
    request.principal = {
      sub: claims.sub,
      userId: claims.userId,
      email: fromToken.email ?? (user?.email || null),
      name: fromToken.name ?? user?.name ?? null,
      role: user?.role ?? DEFAULT_ROLE,
      isActive: user?.is_active ?? true,
      known: user !== undefined,
      sessionId: claims.sid ?? null,
    };
    return true;
  }

  fastify.decorate('identityOf', async function identityOf(request: FastifyRequest): Promise<IdentityClaims> {
    const check = await checkToken(request);
    if (check.outcome !== 'valid') throw new Error('identityOf needs an authenticated request');
    const fromToken = identityClaimsOf(check.claims);
    if (fromToken.email !== null || !userinfo || check.token === undefined) return fromToken;
    try {
      const fromIssuer = await userinfo({ sub: check.claims.sub, userId: check.claims.userId }, check.token);
      return fromIssuer ? { ...fromIssuer, name: fromToken.name ?? fromIssuer.name } : fromToken;
    } catch (error) {
      // Without the issuer's answer the user is recorded without an e-mail, and so never promoted.
      request.log.warn({ err: error, sub: check.claims.sub }, "could not read the user's e-mail from the issuer's userinfo endpoint");
      return fromToken;
    }
  });

  // An async hook that answered returns the reply, so Fastify stops there.
  fastify.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    if (!(await authenticateWith(await checkToken(request), request, reply))) return reply;
  });

  fastify.decorate('authenticateIfPresent', async function authenticateIfPresent(request: FastifyRequest, reply: FastifyReply) {
    const check = await checkToken(request);
    if (check.outcome === 'absent') return;
    if (!(await authenticateWith(check, request, reply))) return reply;
  });

  fastify.decorate('requireActive', async function requireActive(request: FastifyRequest, reply: FastifyReply) {
    if (request.principal && !request.principal.isActive) {
      return reply.forbidden('Your account is deactivated. Contact an administrator to restore access.');
    }
  });

  fastify.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
    const allowed = new Set(roles);
    return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
      if (!request.principal) return reply.unauthorized(SIGN_IN_REQUIRED);
      if (!allowed.has(request.principal.role)) {
        return reply.forbidden(`This needs the ${roles.join(' or ')} role; your role is ${request.principal.role}`);
      }
    };
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['ports'] });
