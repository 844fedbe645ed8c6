import type { PortStatus } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { READINESS_MAX_AGE_MS, recentReadiness } from './recent-readiness.js';

const up: PortStatus[] = [{ port: 'Cache', adapter: 'memory', mode: 'embedded', target: 'memory', reachable: true, latency_ms: 0.1 }];

describe('recentReadiness', () => {
  it('checks once for calls made during a check and for 2 s after it started, then again', async () => {
    let clock = 0;
    let checks = 0;
    let finish: (ports: PortStatus[]) => void = () => {};
    const readiness = recentReadiness(
      () => {
        checks += 1;
        return new Promise((resolve) => (finish = resolve));
      },
      READINESS_MAX_AGE_MS,
      () => clock,
    );
    const during = [readiness(), readiness(), readiness()];
    clock = 500;
    finish(up);
    expect(await Promise.all(during)).toEqual([up, up, up]);
    clock = READINESS_MAX_AGE_MS - 1;
    expect(await readiness()).toBe(up);
    expect(checks).toBe(1);
    clock = READINESS_MAX_AGE_MS;
    const next = readiness();
    finish(up);
    await next;
    expect(checks).toBe(2);
  });

  it('checks again after a failed check', async () => {
    let checks = 0;
    const readiness = recentReadiness(async () => {
      checks += 1;
      if (checks === 1) throw new Error('boom');
      return up;
    });
    await expect(readiness()).rejects.toThrow('boom');
    expect(await readiness()).toBe(up);
  });
});
