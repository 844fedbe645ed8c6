/**
 * Crash recovery with BullMQ on a redis-server of this file's own (crash-recovery.scenario.ts):
 * the platform's Redis keys (the cache's and the queues') stay apart from other test files'.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { startRedisServer, type RunningService } from '@ust/platform/testing';
import { describeCrashRecovery } from './crash-recovery.scenario.js';

describe('kill -9 during background work, BullMQ job queue', () => {
  let redis: RunningService;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  describeCrashRecovery('bullmq', () => ({ REDIS_URL: redis.url }));
});
