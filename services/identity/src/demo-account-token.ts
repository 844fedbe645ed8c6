/**
 * An access token of the embedded provider for a demo account, signed with the keys under
 * DATA_DIR/identity (created on first use, as the provider does) without starting the provider:
 * no chDB, no data directory lock, so the platform may be running
 * (docs/decisions/0021-data-directory-owner.md). The issuer and audience of a running platform
 * come from DATA_DIR/runtime.json; without it, from the configuration. `pnpm token` and the
 * pipeline CLI's admin token both sign here.
 */
import { readRuntimeFile, type Config, type RuntimeIdentity } from '@ust/platform';
import { signAccessToken } from './access-token.js';
import { findDemoAccount } from './demo-accounts.js';
import { loadIdentityFiles } from './identity-files.js';

/** A request the user can fix (another account, another issuer): its message says how. */
export class DemoTokenError extends Error {
  override name = 'DemoTokenError';
}

/**
 * @param platform the issuer and audience the token is for; by default those of runtime.json,
 *   else of the configuration
 */
export async function signDemoAccountToken(config: Readonly<Config>, wanted: string, platform?: RuntimeIdentity): Promise<string> {
  if (!config.embeddedIdentity) {
    throw new DemoTokenError(
      `OIDC_ISSUER is set (${config.OIDC_ISSUER}), and only tokens of the embedded identity provider are signed here: ` +
        'get a token from that issuer instead, or unset OIDC_ISSUER.',
    );
  }
  const { keys, accounts } = await loadIdentityFiles(config.dataDir);
  const account = wanted ? findDemoAccount(accounts, wanted) : undefined;
  if (!account) {
    const list = accounts.map((entry) => `  ${entry.role.padEnd(12)} ${entry.email}`).join('\n');
    throw new DemoTokenError(`${wanted ? `No demo account "${wanted}".` : 'Usage: pnpm token <role|email>'}\nAccounts:\n${list}`);
  }
  const runtime = platform ?? (await readRuntimeFile(config.dataDir));
  return signAccessToken(
    {
      issuer: runtime?.issuer ?? config.oidcIssuer,
      audience: runtime?.audience ?? config.oidcAudience,
      clientId: config.OIDC_CLIENT_ID,
      signingKey: keys.signingKey,
    },
    { sub: account.sub, email: account.email, name: account.name },
  );
}
