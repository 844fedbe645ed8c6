/**
 * Resolves each real service a test run needs, in the order docs/architecture.md section 8
 * gives: its URL from the environment; a local binary started on a free loopback port; a
 * container where a Docker engine answers. A service that cannot be had fails the run with
 * a message that says what to install; it is never skipped.
 */
import type { RunningService } from './running-service.js';
import { startRedisServer } from './redis-server.js';
import { startKafkaBroker } from './kafka-broker.js';
import { dockerAvailable, startRedisContainer, startKafkaContainer, startClickHouseContainer } from './containers.js';

/** What global-setup.ts hands the tests: `inject('redisUrl')` and the others, typed. */
declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    kafkaBrokers: string;
    /** Empty when no ClickHouse server is available; chDB is always tested. */
    clickhouseUrl: string;
  }
}

export class MissingServiceError extends Error {
  constructor(service: string, attempts: string[]) {
    super(
      `${service} is needed by the integration tests and could not be started:\n  - ${attempts.join('\n  - ')}\n` +
        'Install the system packages with `bash deploy/local/install-system-deps.sh`, or point the variable above at a running service.',
    );
    this.name = 'MissingServiceError';
  }
}

async function firstThatStarts(
  service: string,
  envName: string,
  fromEnv: string | undefined,
  starters: Array<[label: string, start: () => Promise<RunningService>]>,
): Promise<RunningService> {
  if (fromEnv) return { url: fromEnv, source: 'env', stop: async () => {} };
  const attempts = [`${envName} is not set`];
  for (const [label, start] of starters) {
    try {
      return await start();
    } catch (error) {
      attempts.push(`${label}: ${(error as Error).message}`);
    }
  }
  throw new MissingServiceError(service, attempts);
}

async function containerStarter<T>(start: () => Promise<T>): Promise<T> {
  if (!(await dockerAvailable())) throw new Error('no Docker engine answers');
  return start();
}

export function resolveRedis(env = process.env): Promise<RunningService> {
  return firstThatStarts('Redis', 'REDIS_URL', env.REDIS_URL, [
    ['local redis-server', startRedisServer],
    ['testcontainers', () => containerStarter(startRedisContainer)],
  ]);
}

export function resolveKafka(env = process.env): Promise<RunningService> {
  return firstThatStarts('Kafka', 'KAFKA_BROKERS', env.KAFKA_BROKERS, [
    ['local broker from deploy/local/kafka', startKafkaBroker],
    ['testcontainers', () => containerStarter(startKafkaContainer)],
  ]);
}

/**
 * A ClickHouse server is optional: the AnalyticsStore always runs against chDB, and also
 * against a server when CLICKHOUSE_URL is set or a Docker engine can start one.
 */
export async function resolveClickHouseServer(env = process.env): Promise<RunningService | undefined> {
  if (env.CLICKHOUSE_URL) return { url: env.CLICKHOUSE_URL, source: 'env', stop: async () => {} };
  if (!(await dockerAvailable())) return undefined;
  return startClickHouseContainer();
}
