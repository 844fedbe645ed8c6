/**
 * Bearer access tokens (DESIGN.md section 6): @fastify/jwt verifies RS256 signatures with the
 * issuer's keys, the issuer, the audience and the expiry with 60 s leeway; the user directory
 * then supplies the role and whether the account is active, from the cache. Routes opt in
 * through the hooks this plugin decorates the instance with:
 * - `authenticate`: 401 without a valid token;
 * - `authenticateIfPresent`: anonymous without a token, 401 with a bad one (telemetry);
 * - `requireActive`: 403 for a deactivated account (DECISIONS.md 4);
 * - `requireRole(...roles)`: 403 without one of the roles.
 */
import fastifyJwt, { type TokenOrHeader } from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_ROLE, type Role } from '@ust/schemas';
import type { UserDirectory } from '../users/user-directory.js';
import { userIdOfSubject } from '../users/user-directory.js';
import type { SigningKeyResolver } from './signing-keys.js';
import { UnknownSigningKeyError } from './signing-keys.js';
import { bearerToken, VerifiedTokens } from './verified-tokens.js';

/** Who is calling, as the gateway knows them after verifying the token. */
export interface Principal {
  /** The token's subject, `provider|id`. */
  sub: string;
  /** The users table's id (derived from the subject). */
  userId: string;
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
  name?: string;
  sid?: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hooks; undefined for an anonymous call. */
    principal?: Principal;
  }
  interface FastifyInstance {
    users: UserDirectory;
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
}

/** Leeway for exp/nbf/iat, in ms as fast-jwt counts it: clocks of issuer and gateway differ. */
const CLOCK_TOLERANCE_MS = 60_000;
/** Verified tokens remembered (verified-tokens.ts): one per signed-in client, with room to spare. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A verified token's claims, with the users table's id of its subject. */
interface VerifiedToken extends AccessTokenClaims {
  sub: string;
  exp: number;
  userId: string;
}

/** Why a token was refused, in words a client can act on (fast-jwt's own wording otherwise). */
function rejectionReason(error: unknown): string {
  if (error instanceof UnknownSigningKeyError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') return 'it has expired';
  if (code === 'FAST_JWT_INVALID_ALGORITHM') return 'it is not signed with RS256';
  return message ?? 'it could not be verified';
}

async function authenticationPlugin(fastify: import('fastify').FastifyInstance, options: AuthenticationOptions) {
  const { issuer, audience, signingKeys, users } = options;
  fastify.decorate('users', users);

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

  async function verify(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const token = bearerToken(request.headers.authorization);
    const claims = (token !== undefined && verifiedTokens.get(token, Date.now())) || (await verifyToken(request, reply, token));
    if (!claims) return false;
    const sub = claims.sub;
    let user: Awaited<ReturnType<UserDirectory['findById']>>;
    try {
      user = await users.findById(claims.userId);
    } catch (error) {
      request.log.error({ err: error }, 'could not load the caller\'s account');
      void reply.serviceUnavailable('Your account could not be loaded; try again shortly');
      return false;
    }
    request.principal = {
      sub,
      userId: claims.userId,
      email: user?.email ?? claims.email ?? null,
      name: user?.name ?? claims.name ?? null,
      role: user?.role ?? DEFAULT_ROLE,
      isActive: user?.is_active ?? true,
      known: user !== undefined,
      sessionId: claims.sid ?? null,
    };
    return true;
  }

  /** Checks a token not verified before (signature, issuer, audience, times); answers the reply when it fails. */
  async function verifyToken(request: FastifyRequest, reply: FastifyReply, token: string | undefined): Promise<VerifiedToken | null> {
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER' || code === 'FST_JWT_BAD_REQUEST') {
        void reply.unauthorized("Sign-in required: send an access token as 'Authorization: Bearer <token>'");
        return null;
      }
      if (!(error instanceof UnknownSigningKeyError) && !/^(FAST|FST)_JWT_/.test(code ?? '')) {
        // The issuer's keys could not be fetched: a service problem, not a bad token.
        request.log.error({ err: error }, 'could not verify an access token');
        void reply.serviceUnavailable('The identity provider\'s signing keys are unreachable; try again shortly');
        return null;
      }
      void reply.unauthorized(`Access token rejected: ${rejectionReason(error)}`);
      return null;
    }
    const verified: VerifiedToken = { ...claims, sub: claims.sub!, exp: claims.exp!, userId: userIdOfSubject(claims.sub!) };
    if (token !== undefined) verifiedTokens.remember(token, verified, Date.now());
    return verified;
  }

  // An async hook that answered returns the reply, so Fastify stops there.
  fastify.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    if (!(await verify(request, reply))) return reply;
  });

  fastify.decorate('authenticateIfPresent', async function authenticateIfPresent(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.authorization === undefined) return;
    if (!(await verify(request, reply))) return reply;
  });

  fastify.decorate('requireActive', async function requireActive(request: FastifyRequest, reply: FastifyReply) {
    if (request.principal && !request.principal.isActive) {
      return reply.forbidden('Your account is deactivated. Contact an administrator to restore access.');
    }
  });

  fastify.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
    const allowed = new Set(roles);
    return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
      if (!request.principal) return reply.unauthorized("Sign-in required: send an access token as 'Authorization: Bearer <token>'");
      if (!allowed.has(request.principal.role)) {
        return reply.forbidden(`This needs the ${roles.join(' or ')} role; your role is ${request.principal.role}`);
      }
    };
  });
}

export default fp(authenticationPlugin, { name: 'authentication', dependencies: ['ports'] });
