/**
 * The platform behind the gateway: the ports the configuration selects, with migrations applied,
 * and the ingest consumers and workers running on them. `pnpm start` puts the gateway in front
 * of it; a pipeline command run embedded uses it as is, so an import is written and rebuilt by
 * the same wiring the server uses.
 */
import { applyMigrations, createPorts, migrationsDirectory, type Config, type Logger, type PortsHandle } from '@ust/platform';
import { startIngest } from '@ust/ingest';
import { adoptLegacyJobFiles } from '@ust/read-model';
import { startWorkers } from '@ust/workers';

export interface EmbeddedBackend {
  ports: PortsHandle;
  /** Stops the consumers and workers, then closes the ports. */
  close(): Promise<void>;
}

/**
 * @param role who holds the data directory's lock while this runs ('standalone', 'pipeline'),
 * named in the refusal another process gets.
 */
export async function startEmbeddedBackend(config: Readonly<Config>, log: Logger, role: string): Promise<EmbeddedBackend> {
  const ports = await createPorts(config, log, role);
  try {
    await applyMigrations(ports.store, migrationsDirectory, log);
    // Before the workers start: a screening an earlier version left running resumes from the store.
    await adoptLegacyJobFiles(config.dataDir, ports.store, log);
    const ingest = await startIngest({ ...ports, log, telemetryTtlDays: config.TELEMETRY_TTL_DAYS });
    try {
      const workers = await startWorkers({ ...ports, log, config });
      return {
        ports,
        async close() {
          // Workers first: an import job they finish waits for ingest to write its commit.
          await workers.close();
          await ingest.close();
          await ports.close();
        },
      };
    } catch (error) {
      await ingest.close();
      throw error;
    }
  } catch (error) {
    await ports.close();
    throw error;
  }
}
