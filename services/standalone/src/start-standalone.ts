/**
 * The whole platform in one process: gateway, ingest consumers and workers on the ports the
 * configuration selects (embedded by default). Tests and `pnpm start` both use this.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findFreePort, newRuntimeProofKey, withPort, workspaceRoot, writeRuntimeFile, type Config, type Logger, type PortsHandle } from '@ust/platform';
import { buildGateway, startEmbeddedIdentity } from '@ust/gateway';
import type { EmbeddedIdentity } from '@ust/identity';
import { ensureDemoDataset } from '@ust/pipelines';
import { startEmbeddedBackend } from './embedded-backend.js';

export interface Standalone {
  ports: PortsHandle;
  gateway: FastifyInstance;
  /** http://host:port the gateway listens on. */
  url: string;
  /** The configuration in effect (PORT resolved when 0 was asked for). */
  config: Readonly<Config>;
  /** The embedded OpenID provider; undefined when OIDC_ISSUER names an external one. */
  identity: EmbeddedIdentity | undefined;
  close(): Promise<void>;
}

export interface StandaloneOptions {
  config: Readonly<Config>;
  log: Logger;
  /** @defaultValue true: listen on HOST:PORT; false for inject()-only tests. */
  listen?: boolean;
}

export async function startStandalone({ config: requested, log, listen = true }: StandaloneOptions): Promise<Standalone> {
  // The issuer's URL names the port, so a free port is chosen before anything is built.
  const config = listen && requested.PORT === 0 ? withPort(requested, await findFreePort()) : requested;
  const backend = await startEmbeddedBackend(config, log, 'standalone');
  const { ports } = backend;
  try {
    await ensureDemoDataset({ config, events: ports.events, store: ports.store, jobs: ports.jobs, cache: ports.cache, log });
    const identity = config.embeddedIdentity ? await startEmbeddedIdentity(config, ports, log) : undefined;
    // A new one each run: a runtime file left by an earlier run names a key no process holds.
    const runtimeProofKey = listen ? newRuntimeProofKey() : undefined;
    const gateway = await buildGateway({
      config,
      ports,
      logger: log,
      webRoot: config.WEB_DIST_DIR ?? path.join(workspaceRoot, 'web/dist'),
      identity,
      runtimeProofKey,
    });
    let url = config.publicUrl;
    if (listen && runtimeProofKey !== undefined) {
      const address = await gateway.listen({ port: config.PORT, host: config.HOST });
      url = address.replace('[::1]', 'localhost');
      // CLIs find the running server, its issuer and audience here
      // (docs/decisions/0021-data-directory-owner.md).
      await writeRuntimeFile(config.dataDir, {
        pid: process.pid,
        url,
        publicUrl: config.publicUrl,
        issuer: config.oidcIssuer,
        audience: config.oidcAudience,
        startedAt: new Date().toISOString(),
        proofKey: runtimeProofKey,
      });
    }
    return {
      ports,
      gateway,
      url,
      config,
      identity,
      async close() {
        await gateway.close();
        // Saved before the workers are waited for (a running rebuild may outlast the shutdown
        // deadline), so what users changed since the last dataset went live survives too.
        await ports.cache.persist();
        await backend.close();
      },
    };
  } catch (error) {
    await backend.close();
    throw error;
  }
}
