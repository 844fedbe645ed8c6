/**
 * vitest globalSetup of the integration project: starts the real services once per run and
 * hands their addresses to the tests through `inject()`.
 */
import type { TestProject } from 'vitest/node';
import { resolveClickHouseServer, resolveKafka, resolveRedis } from './test-services.js';
import type { RunningService } from './running-service.js';

export default async function setup(project: TestProject) {
  const started: RunningService[] = [];
  const stopAll = async () => {
    await Promise.allSettled(started.map((service) => service.stop()));
  };
  try {
    const [redis, kafka, clickhouse] = await Promise.all([resolveRedis(), resolveKafka(), resolveClickHouseServer()]);
    started.push(redis, kafka, ...(clickhouse ? [clickhouse] : []));
    project.provide('redisUrl', redis.url);
    project.provide('kafkaBrokers', kafka.url);
    project.provide('clickhouseUrl', clickhouse?.url ?? '');
    console.log(
      `[test services] redis ${redis.url} (${redis.source}); kafka ${kafka.url} (${kafka.source}); ` +
        `clickhouse server ${clickhouse ? `${clickhouse.url} (${clickhouse.source})` : 'none: chDB only'}`,
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
