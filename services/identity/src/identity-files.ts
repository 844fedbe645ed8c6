/**
 * Everything the provider keeps under `DATA_DIR/identity/`: the signing and cookie keys and the
 * demo accounts. Shared by the provider and `pnpm token`, which must not load oidc-provider.
 */
import path from 'node:path';
import { loadDemoAccounts, type DemoAccount } from './demo-accounts.js';
import { loadIdentityKeys, type IdentityKeys } from './identity-keys.js';
import { ensureSecretDirectory } from './secret-file.js';

export interface IdentityFiles {
  keys: IdentityKeys;
  accounts: readonly DemoAccount[];
}

/** Loads the keys and accounts, creating them on first run. */
export async function loadIdentityFiles(dataDir: string): Promise<IdentityFiles> {
  const identityDir = path.join(dataDir, 'identity');
  await ensureSecretDirectory(identityDir);
  const keys = await loadIdentityKeys(identityDir);
  const accounts = await loadDemoAccounts(identityDir);
  return { keys, accounts };
}
