/**
 * A gateway over the real EPA fixtures (pipelines/fixtures), built the way `pnpm start` builds
 * them with DEMO_SCALE=fixtures: the files are read and published, ingest writes them to chDB,
 * the workers rebuild the derived data. Ingest keeps running, so the telemetry the gateway
 * publishes reaches the tables the admin routes read. Tokens come from a test issuer.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '@ust/gateway';
import { createTestIssuer, openEmbeddedTestPorts, type TestIssuer } from '@ust/gateway/testing';
import { startIngest } from '@ust/ingest';
import { createLogger, loadConfig, type Logger, type Ports } from '@ust/platform';
import { awaitRebuild, FIXTURES_DIRECTORY, REAL_SOURCES, runImport } from '@ust/pipelines';
import { startWorkers } from '@ust/workers';

export interface FixturesGateway {
  gateway: FastifyInstance;
  ports: Ports;
  issuer: TestIssuer;
  log: Logger;
  /** Stops the workers (a running screening saves its last batch and yields), then starts new ones on the same ports. */
  restartWorkers(between?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** `name` names the temporary directory and the database; `env` adds to the test issuer's configuration. */
export async function startGatewayOnFixtures(name: string, env: Record<string, string> = {}): Promise<FixturesGateway> {
  const log = createLogger(name, { level: 'silent' });
  const embedded = await openEmbeddedTestPorts(name);
  const { ports, dataDir } = embedded;
  const ingest = await startIngest({ ...ports, log });
  let workers = await startWorkers({ ...ports, log });
  const { manifest } = await runImport(
    { kind: 'files', paths: REAL_SOURCES.map((source) => path.join(FIXTURES_DIRECTORY, source)), sourceRoot: FIXTURES_DIRECTORY },
    { events: ports.events, store: ports.store, log },
  );
  await awaitRebuild(ports.jobs, manifest);
  const issuer = await createTestIssuer();
  // The data directory the ports use, as a running platform has it.
  const gateway = await buildGateway({ config: loadConfig({ ...issuer.env, DATA_DIR: dataDir, ...env }), ports, logger: log, signingKeys: issuer.signingKeys });
  return {
    gateway,
    ports,
    issuer,
    log,
    async restartWorkers(between) {
      await workers.close();
      await between?.();
      workers = await startWorkers({ ...ports, log });
    },
    async close() {
      await gateway.close();
      // Workers first: an import job they finish waits for ingest to write its commit.
      await workers.close();
      await ingest.close();
      await embedded.close();
    },
  };
}
