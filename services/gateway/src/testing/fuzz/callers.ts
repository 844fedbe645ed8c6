/**
 * The callers the fuzz suite sends every request as: nobody, a garbage Authorization header, a
 * token signed by another key, and signed-in users of each role plus a deactivated one. Users
 * are made the way the product makes them: a first POST /api/user-profile, then an admin's
 * PATCH for the role or the deactivation.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { generateKeyPair } from 'jose';
import type { Role } from '@ust/schemas';
import type { CallerStanding } from '../route-table.js';
import type { TestIssuer } from '../test-issuer.js';

export interface FuzzCaller {
  name: (typeof FUZZ_CALLER_NAMES)[number];
  standing: CallerStanding;
  /** The Authorization header of each request; undefined sends none. */
  authorization: fc.Arbitrary<string | undefined>;
}

export interface SignedInCallers {
  callers: FuzzCaller[];
  /** Subjects of the signed-in callers: a profile body naming one of them is its caller's own. */
  subjects: string[];
  /** Users nobody calls as, for the admin routes to change. */
  bystanderIds: string[];
}

/** Every caller signInCallers makes, in its order. */
export const FUZZ_CALLER_NAMES = ['anonymous', 'garbage token', 'token from another key', 'general', 'broker', 'underwriter', 'admin', 'deactivated'] as const;

/** Lower-case, as ADMIN_EMAILS holds it. */
export const FUZZ_ADMIN_EMAIL = 'fuzz-admin@example.com';

const base64url = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 40 });

/** Authorization headers that hold no valid token: other schemes, broken JWTs, a forged one. */
function garbageAuthorization(validToken: string): fc.Arbitrary<string> {
  const [header, payload, signature] = validToken.split('.') as [string, string, string];
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
  const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer not.a.jwt',
      'Bearer ...',
      'Token abc',
      `Bearer ${unsigned}`,
      `Bearer ${tampered}`,
      `Bearer ${validToken}x`,
      `Bearer  ${validToken}`,
      validToken,
    ),
    fc
      .string({ unit: fc.constantFrom(...Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index))), minLength: 1, maxLength: 80 })
      .map((text) => `Bearer ${text}`),
    fc.tuple(base64url, base64url, base64url).map((parts) => `Bearer ${parts.join('.')}`),
  );
}

export async function signInCallers(gateway: FastifyInstance, issuer: TestIssuer): Promise<SignedInCallers> {
  const account = (name: string) => ({
    sub: `local|fuzz-${name}`,
    email: name === 'admin' ? FUZZ_ADMIN_EMAIL : `fuzz-${name}@example.com`,
    email_verified: true,
    name: `Fuzz ${name}`,
  });
  const signIn = async (name: string) => {
    const user = account(name);
    const authorization = `Bearer ${await issuer.token(user)}`;
    const response = await gateway.inject({ method: 'POST', url: '/api/user-profile', headers: { authorization }, payload: { sub: user.sub } });
    if (response.statusCode !== 200) throw new Error(`Signing in ${name} answered ${response.statusCode}: ${response.body}`);
    return { authorization, sub: user.sub, id: (response.json() as { id: string }).id };
  };
  const admin = await signIn('admin');
  const change = async (id: string, body: { role?: Role; is_active?: boolean }) => {
    const response = await gateway.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { authorization: admin.authorization }, payload: body });
    if (response.statusCode !== 200) throw new Error(`Changing user ${id} answered ${response.statusCode}: ${response.body}`);
  };

  const callers: FuzzCaller[] = [];
  const subjects = [admin.sub];
  for (const role of ['general', 'broker', 'underwriter'] as const) {
    const user = await signIn(role);
    if (role !== 'general') await change(user.id, { role });
    callers.push({ name: role, standing: { kind: 'account', role, active: true }, authorization: fc.constant(user.authorization) });
    subjects.push(user.sub);
  }
  callers.push({ name: 'admin', standing: { kind: 'account', role: 'admin', active: true }, authorization: fc.constant(admin.authorization) });
  const deactivated = await signIn('deactivated');
  await change(deactivated.id, { is_active: false });
  callers.push({ name: 'deactivated', standing: { kind: 'account', role: 'general', active: false }, authorization: fc.constant(deactivated.authorization) });
  subjects.push(deactivated.sub);

  const { privateKey: foreignKey } = await generateKeyPair('RS256');
  const forged = `Bearer ${await issuer.token(account('general'), { privateKey: foreignKey })}`;
  callers.unshift(
    { name: 'anonymous', standing: { kind: 'anonymous' }, authorization: fc.constant(undefined) },
    { name: 'garbage token', standing: { kind: 'bad-token' }, authorization: garbageAuthorization(admin.authorization.slice('Bearer '.length)) },
    { name: 'token from another key', standing: { kind: 'bad-token' }, authorization: fc.constant(forged) },
  );

  const bystanderIds: string[] = [];
  for (const name of ['bystander-1', 'bystander-2']) bystanderIds.push((await signIn(name)).id);
  return { callers, subjects, bystanderIds };
}
