/**
 * A gateway for a route test on the embedded test ports, trusting a test issuer, with an admin
 * (ADMIN_EMAILS) any test can sign in as; the log lines it writes are kept for a test to read.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createLogger, loadConfig } from '@ust/platform';
import { buildGateway } from '../build.js';
import type { AppOptions } from '../app.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from './embedded-test-ports.js';
import { createTestIssuer, type TestIssuer, type TestTokenClaims } from './test-issuer.js';

/** The admin every test gateway knows: its e-mail is in ADMIN_EMAILS, and the issuer vouches for it. */
export const TEST_ADMIN = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' } as const;

export interface TestGateway {
  gateway: FastifyInstance;
  embedded: EmbeddedTestPorts;
  issuer: TestIssuer;
  /** The log lines the gateway wrote at info and above, as JSON text, oldest first. */
  logged: string[];
  /** The logged lines at error and above. */
  errorsLogged(): string[];
  /** Signs the caller in as the web app does (POST /api/user-profile): its headers and user id. */
  signIn(claims: TestTokenClaims): Promise<{ headers: { authorization: string }; userId: string }>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  /** Configuration beside the issuer's, DATA_DIR and ADMIN_EMAILS. */
  env?: Record<string, string>;
  /** What else buildGateway takes (an upload limit, a runtime proof key). */
  app?: Partial<Omit<AppOptions, 'config' | 'ports' | 'signingKeys'>>;
}

/** `name` names the temporary directory, the database and the logger. */
export async function startTestGateway(name: string, { env = {}, app = {} }: TestGatewayOptions = {}): Promise<TestGateway> {
  const embedded = await openEmbeddedTestPorts(name);
  const issuer = await createTestIssuer();
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const gateway = await buildGateway({
    ...app,
    config: loadConfig({ ...issuer.env, DATA_DIR: embedded.dataDir, ADMIN_EMAILS: TEST_ADMIN.email, ...env }),
    ports: embedded.ports,
    logger: createLogger(name, { level: 'info' }, sink),
    signingKeys: issuer.signingKeys,
  });
  return {
    gateway,
    embedded,
    issuer,
    logged,
    errorsLogged: () => logged.filter((line) => (JSON.parse(line) as { level: number }).level >= 50),
    async signIn(claims) {
      const headers = await issuer.headers(claims);
      const profile = await gateway.inject({
        method: 'POST',
        url: '/api/user-profile',
        headers,
        payload: { sub: claims.sub, email: claims.email, name: claims.name },
      });
      if (profile.statusCode !== 200) throw new Error(`${claims.sub} could not sign in: ${profile.statusCode} ${profile.body}`);
      return { headers, userId: profile.json<{ id: string }>().id };
    },
    async close() {
      await gateway.close();
      await embedded.close();
    },
  };
}
