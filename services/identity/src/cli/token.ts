/**
 * `pnpm token <role|email>`: prints an access token of the embedded provider for a demo
 * account, and nothing else on stdout, so that `TOKEN=$(pnpm -s token admin)` works.
 *
 * It signs with the keys under DATA_DIR/identity (created on first use, as the provider does)
 * without starting the provider: no chDB, no data directory lock, so the server may be
 * running (DECISIONS.md 21). The issuer and audience of a running server come from
 * DATA_DIR/runtime.json, which it writes; without it, from the configuration.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, runMain } from '@ust/platform';
import { signAccessToken } from '../access-token.js';
import { findDemoAccount } from '../demo-accounts.js';
import { loadIdentityFiles } from '../identity-files.js';

/** Exit code for a usage problem the user can fix, as distinct from a crash (1). */
const USAGE = 2;

interface RuntimeFile {
  issuer?: string;
  audience?: string;
}

async function readRuntimeFile(dataDir: string): Promise<RuntimeFile> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, 'runtime.json'), 'utf8')) as RuntimeFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

function refuse(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = USAGE;
}

runMain(async () => {
  const config = loadConfig();
  if (!config.embeddedIdentity) {
    return refuse(
      `pnpm token signs tokens of the embedded identity provider only, and OIDC_ISSUER is set (${config.OIDC_ISSUER}): ` +
        'get a token from that issuer instead, or unset OIDC_ISSUER.',
    );
  }
  const wanted = process.argv[2];
  const { keys, accounts } = await loadIdentityFiles(config.dataDir);
  const list = accounts.map((account) => `  ${account.role.padEnd(12)} ${account.email}`).join('\n');
  if (!wanted) return refuse(`Usage: pnpm token <role|email>\nAccounts:\n${list}`);
  const account = findDemoAccount(accounts, wanted);
  if (!account) return refuse(`No demo account "${wanted}". Accounts:\n${list}`);

  const runtime = await readRuntimeFile(config.dataDir);
  const token = await signAccessToken(
    {
      issuer: runtime.issuer ?? config.oidcIssuer,
      audience: runtime.audience ?? config.oidcAudience,
      clientId: config.OIDC_CLIENT_ID,
      signingKey: keys.signingKey,
    },
    { sub: account.sub, email: account.email, name: account.name },
  );
  process.stdout.write(`${token}\n`);
});
