/**
 * `pnpm pipeline risk-distribution`: the share of facilities per risk band of the live dataset
 * version, overall and per state, from facility_summary. Embedded, it opens DATA_DIR itself (so
 * the CLI says to stop a platform running on it first); with CLICKHOUSE_URL it reads the server.
 */
import { applyMigrations, createPorts, migrationsDirectory, type Config, type Logger } from '@ust/platform';
import { readCurrentVersion } from '@ust/read-model';
import { getLatestBuiltVersion } from '../queries/risk/get-latest-built-version.js';
import { getRiskScoreCounts } from '../queries/risk/get-risk-score-counts.js';
import { formatRiskDistribution, riskDistribution } from '../risk/risk-distribution.js';

export async function printRiskDistribution(config: Config, log: Logger): Promise<void> {
  const ports = await createPorts(config, log, 'pipeline');
  try {
    // A data directory last opened by an older build lacks the risk columns until migrated.
    if (!config.CLICKHOUSE_URL) await applyMigrations(ports.store, migrationsDirectory, log);
    const version = (await readCurrentVersion(ports.cache)) ?? (await getLatestBuiltVersion(ports.store));
    if (version === null) {
      console.error('No dataset has been built yet: run `pnpm pipeline import` or `pnpm start` first.');
      process.exitCode = 1;
      return;
    }
    const distribution = riskDistribution(await getRiskScoreCounts(ports.store, version));
    console.log(`Risk bands of dataset version ${version}: 1-3 low, 4-6 moderate, 7-10 high (share of facilities)\n`);
    for (const line of formatRiskDistribution(distribution)) console.log(line);
    if (distribution.overall.unscored > 0) {
      console.log(
        `\n${distribution.overall.unscored.toLocaleString('en-US')} facilities have no score: their version was built before risk scores existed; \`pnpm pipeline replay <import-id>\` rebuilds and scores them.`,
      );
    }
  } finally {
    await ports.close();
  }
}
