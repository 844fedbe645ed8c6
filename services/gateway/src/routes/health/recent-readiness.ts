/**
 * /ready is public and pings every port (a ClickHouse statement, a Redis PING, a Kafka metadata
 * call): answered afresh for every request, anyone could turn probes into load on the stores.
 * A check is reused for up to `maxAgeMs` from when it started, and calls during a check share it.
 */
import type { PortStatus } from '@ust/schemas';

export const READINESS_MAX_AGE_MS = 2_000;

export function recentReadiness(
  check: () => Promise<PortStatus[]>,
  maxAgeMs = READINESS_MAX_AGE_MS,
  now: () => number = Date.now,
): () => Promise<PortStatus[]> {
  let latest: { startedAt: number; ports: PortStatus[] } | undefined;
  let pending: Promise<PortStatus[]> | undefined;
  return () => {
    if (latest && now() - latest.startedAt < maxAgeMs) return Promise.resolve(latest.ports);
    pending ??= (async () => {
      const startedAt = now();
      const ports = await check();
      latest = { startedAt, ports };
      return ports;
    })().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
