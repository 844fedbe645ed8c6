import type { Cache, AnalyticsStore, Config, Logger } from '@ust/platform';
import { createEmbeddedIdentity, describeDemoAccounts, type EmbeddedIdentity } from '@ust/identity';
import { createUserDirectory } from './users/user-directory.js';

/**
 * The embedded OpenID provider with its demo accounts, whose roles are recorded as users so
 * that each account signs in with its role. Its sessions and refresh tokens live on the
 * process's Cache port, beside the users.
 */
export async function startEmbeddedIdentity(config: Readonly<Config>, ports: { store: AnalyticsStore; cache: Cache }, log: Logger): Promise<EmbeddedIdentity> {
  const identity = await createEmbeddedIdentity({
    dataDir: config.dataDir,
    issuer: config.oidcIssuer,
    audience: config.oidcAudience,
    clientId: config.OIDC_CLIENT_ID,
    webOrigins: [config.publicUrl],
    cache: ports.cache,
    log,
  });
  const users = createUserDirectory({ store: ports.store, cache: ports.cache, adminEmails: config.adminEmails });
  await users.ensureUsers(identity.accounts.map(({ sub, email, name, role }) => ({ sub, email, name, role })));
  log.info(
    { issuer: identity.issuer },
    describeDemoAccounts(identity.accounts, { issuer: identity.issuer, production: config.NODE_ENV === 'production', dataDir: config.dataDir }),
  );
  return identity;
}
