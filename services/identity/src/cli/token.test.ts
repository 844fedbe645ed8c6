import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '@ust/platform';
import { publicJwkOf } from '../identity-keys.js';
import { loadIdentityFiles } from '../identity-files.js';

const CLI = path.join(workspaceRoot, 'services/identity/src/cli/token.ts');

/** Runs the token CLI from its source through tsx (`pnpm token` runs its compiled file, which compiled-standalone.integration.test.ts uses), with only the variables given. */
function runTokenCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(OIDC_|PUBLIC_URL$|DATA_DIR$|PORT$|HOST$)/.test(name)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: workspaceRoot, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-token-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Each case starts a Node process that compiles the CLI with tsx: seconds, and several times
// longer while the rest of the suite shares the machine's cores.
describe('pnpm token', { timeout: 30_000 }, () => {
  it('refuses with exit code 2 when OIDC_ISSUER points to an external issuer', async () => {
    const result = await runTokenCli(['admin'], { DATA_DIR: dataDir, OIDC_ISSUER: 'https://example.eu.auth0.com/' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('OIDC_ISSUER');
    expect(result.stderr).toContain('https://example.eu.auth0.com/');
  });

  it('prints only an access token of the embedded provider, signed with the keys in DATA_DIR', async () => {
    // The issuer and audience of the running server win over the configuration.
    await writeFile(path.join(dataDir, 'runtime.json'), JSON.stringify({ issuer: 'http://localhost:9999/idp', audience: 'http://localhost:9999/api' }));
    const result = await runTokenCli(['Broker@ust.local'], { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);

    const { keys } = await loadIdentityFiles(dataDir);
    const { payload } = await jwtVerify(result.stdout.trim(), createLocalJWKSet({ keys: [publicJwkOf(keys.signingKey)] } as never), {
      issuer: 'http://localhost:9999/idp',
      audience: 'http://localhost:9999/api',
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ sub: 'local|demo-broker', email: 'broker@ust.local', client_id: 'ust-web' });
  });

  it('lists the accounts when the one asked for does not exist', async () => {
    const result = await runTokenCli(['nobody'], { DATA_DIR: dataDir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    for (const email of ['general@ust.local', 'broker@ust.local', 'underwriter@ust.local', 'admin@ust.local']) expect(result.stderr).toContain(email);
  });
});
