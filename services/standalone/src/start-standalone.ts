/**
 * The whole platform in one process: gateway, ingest consumers and workers on the ports the
 * configuration selects (embedded by default). Tests and `pnpm start` both use this.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { applyMigrations, createPorts, migrationsDirectory, workspaceRoot, type Config, type Logger, type PortsHandle } from '@ust/platform';
import { buildGateway } from '@ust/gateway';
import { startIngest } from '@ust/ingest';
import { startWorkers } from '@ust/workers';
import { ensureDemoDataset } from '@ust/pipelines';

export interface Standalone {
  ports: PortsHandle;
  gateway: FastifyInstance;
  /** http://host:port the gateway listens on. */
  url: string;
  close(): Promise<void>;
}

export interface StandaloneOptions {
  config: Readonly<Config>;
  log: Logger;
  /** @defaultValue true: listen on HOST:PORT; false for inject()-only tests. */
  listen?: boolean;
}

export async function startStandalone({ config, log, listen = true }: StandaloneOptions): Promise<Standalone> {
  const ports = await createPorts(config, log, 'standalone');
  try {
    await applyMigrations(ports.store, migrationsDirectory, log);
    const ingest = await startIngest({ ...ports, log });
    const workers = await startWorkers({ ...ports, log });
    await ensureDemoDataset({ config, events: ports.events, jobs: ports.jobs, cache: ports.cache, log });
    const gateway = await buildGateway({
      config,
      ports,
      logger: log,
      webRoot: config.WEB_DIST_DIR ?? path.join(workspaceRoot, 'web/dist'),
    });
    let url = config.publicUrl;
    if (listen) {
      const address = await gateway.listen({ port: config.PORT, host: config.HOST });
      url = address.replace('[::1]', 'localhost');
      // CLIs find the running server here (DECISIONS.md 21).
      await writeFile(
        path.join(config.dataDir, 'runtime.json'),
        JSON.stringify({ pid: process.pid, url, publicUrl: config.publicUrl, startedAt: new Date().toISOString() }, null, 2),
      );
    }
    return {
      ports,
      gateway,
      url,
      async close() {
        await gateway.close();
        await ingest.close();
        await workers.close();
        await ports.close();
      },
    };
  } catch (error) {
    await ports.close();
    throw error;
  }
}
