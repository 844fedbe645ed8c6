/**
 * One demo account per role (docs/architecture.md section 6), with passwords generated on
 * first run and kept in `DATA_DIR/identity/accounts.json`. The role is only the account's
 * label here: the gateway stores roles server-side; ADMIN_EMAILS decides who becomes admin.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { ROLES, type Role } from '@ust/schemas';
import { readOrCreateSecretFile } from './secret-file.js';

export interface DemoAccount {
  role: Role;
  email: string;
  name: string;
  password: string;
  /** `local|demo-<role>`: the provider's subject, in the `provider|id` form of docs/architecture.md section 6. */
  sub: string;
}

const NAMES: Record<Role, string> = {
  general: 'Gina General',
  broker: 'Brian Broker',
  underwriter: 'Uma Underwriter',
  admin: 'Ada Admin',
};

interface AccountsFile {
  accounts: DemoAccount[];
}

function isAccountsFile(value: unknown): value is AccountsFile {
  const accounts = (value as Partial<AccountsFile> | undefined)?.accounts;
  return (
    Array.isArray(accounts) &&
    ROLES.every((role) => accounts.some((account: Partial<DemoAccount>) => account?.role === role)) &&
    accounts.every((account: Partial<DemoAccount>) =>
      ['email', 'name', 'password', 'sub'].every((key) => typeof account?.[key as keyof DemoAccount] === 'string'),
    )
  );
}

/** 16 base64url characters: 96 bits, easy to copy from a terminal. */
function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

function createAccounts(): AccountsFile {
  return {
    accounts: ROLES.map((role) => ({
      role,
      email: `${role}@ust.local`,
      name: NAMES[role],
      password: generatePassword(),
      sub: `local|demo-${role}`,
    })),
  };
}

/** Reads `${identityDir}/accounts.json`, creating it with new passwords on first run. */
export async function loadDemoAccounts(identityDir: string): Promise<readonly DemoAccount[]> {
  const file = await readOrCreateSecretFile(path.join(identityDir, 'accounts.json'), async () => createAccounts(), isAccountsFile);
  return Object.freeze(file.accounts.map((account) => Object.freeze({ ...account })));
}

/** The account whose role or e-mail is `roleOrEmail` (case-insensitive). */
export function findDemoAccount(accounts: readonly DemoAccount[], roleOrEmail: string): DemoAccount | undefined {
  const wanted = roleOrEmail.trim().toLowerCase();
  return accounts.find((account) => account.role === wanted || account.email.toLowerCase() === wanted);
}

/** Compares digests so that neither the content nor the length of the password leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The account with this e-mail and password, or undefined. */
export function authenticateDemoAccount(accounts: readonly DemoAccount[], email: string, password: string): DemoAccount | undefined {
  const account = accounts.find((candidate) => candidate.email.toLowerCase() === email.trim().toLowerCase());
  // Compare even for an unknown e-mail, so the answer takes as long either way.
  const matches = sameSecret(password, account?.password ?? generatePassword());
  return account && matches ? account : undefined;
}

/**
 * The start-up message listing the demo accounts. Outside production it shows their passwords,
 * so a developer can sign in at once; in production logs are shipped and kept, and a password
 * in them is a password for anyone who reads them, so it names the file instead.
 */
export function describeDemoAccounts(
  accounts: readonly DemoAccount[],
  { issuer, production, dataDir }: { issuer: string; production: boolean; dataDir: string },
): string {
  const lines = accounts.map((account) => `  ${account.role.padEnd(11)} ${account.email.padEnd(24)}${production ? '' : ` password ${account.password}`}`);
  const where = production ? ` (passwords in ${path.join(dataDir, 'identity', 'accounts.json')}, readable by this user only)` : '';
  return `Demo accounts (embedded sign-in at ${issuer})${where}:\n${lines.join('\n')}`;
}
