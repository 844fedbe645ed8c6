/**
 * A gateway for route tests over a few hand-made records: chDB in a temporary directory with
 * the migrations applied and the rows inserted, the in-process event log, job queue and
 * memory cache, and a token from a test issuer. The test builds the dataset when it wants to
 * (routes answer 503 before the first build).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLogger, loadConfig, type Logger, type Ports } from '@ust/platform';
import { buildGateway } from '../build.js';
import { openEmbeddedTestPorts } from './embedded-test-ports.js';
import { createTestIssuer } from './test-issuer.js';

export interface RecordsGateway {
  gateway: FastifyInstance;
  ports: Ports;
  log: Logger;
  /** A GET with the test user's token. */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `name` names the temporary directory, the database and the token's subject. */
export async function startGatewayOnRecords(name: string, rows: { facilities?: object[]; tanks?: object[]; releases?: object[] }): Promise<RecordsGateway> {
  const log = createLogger(name, { level: 'silent' });
  const embedded = await openEmbeddedTestPorts(name);
  const { ports } = embedded;
  for (const table of ['facilities', 'tanks', 'releases'] as const) if (rows[table]?.length) await ports.store.insert(table, rows[table]);
  const issuer = await createTestIssuer();
  const authorization = await issuer.headers({ sub: `local|${name}` });
  const gateway = await buildGateway({
    config: loadConfig({ RATE_LIMIT_PER_MINUTE: '1000', ...issuer.env }),
    ports,
    logger: log,
    signingKeys: issuer.signingKeys,
  });
  return {
    gateway,
    ports,
    log,
    get: (url, headers = {}) => gateway.inject({ method: 'GET', url, headers: { ...authorization, ...headers } }),
    async close() {
      await gateway.close();
      await embedded.close();
    },
  };
}
