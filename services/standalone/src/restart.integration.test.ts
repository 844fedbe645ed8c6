/**
 * `pnpm start`'s process stopped each way a terminal, a supervisor or the kernel stops it, then
 * started again on the same data directory: it answers searches on the same dataset version
 * without rebuilding the derived documents, and a graceful stop leaves no lock behind. Then the
 * README's own `npx pnpm start`, with one of its wrappers alone signalled: the platform under it
 * stops too, as it would on the signal itself.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@ust/platform';
import {
  demoAccessToken,
  searchAddress,
  spawnStandalone,
  STOP_KINDS,
  stopStandalone,
  waitForHealth,
  WRAPPER_STOP_KINDS,
  type SpawnOptions,
  type StopKind,
} from './testing/standalone-process.js';

const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
const START_TIMEOUT_MS = 240_000;

describe('restarts of the standalone process', () => {
  it('come back on the live dataset without rebuilding, whichever way it was stopped', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-restart-'));
    // The same port each time: the issuer, and so the token, stay the same.
    const port = await findFreePort();
    const options: SpawnOptions = { dataDir, port, env: { DEMO_SCALE: 'fixtures' } };

    let server = spawnStandalone(options);
    await waitForHealth(server, START_TIMEOUT_MS);
    const token = await demoAccessToken(server, dataDir, 'broker');
    const first = await searchAddress(server.url, token, ADDRESS);
    expect(first.status).toBe(200);
    expect(first.totalFound).toBeGreaterThan(0);
    expect(first.datasetVersion).toEqual(expect.any(Number));

    const stops: { kind: StopKind; launch: SpawnOptions['launch'] }[] = [
      ...STOP_KINDS.map((kind) => ({ kind, launch: 'tsx' as const })),
      ...WRAPPER_STOP_KINDS.map((kind) => ({ kind, launch: 'npx pnpm start' as const })),
    ];
    for (const [index, { kind }] of stops.entries()) {
      await stopStandalone(server, kind);
      const lock = existsSync(path.join(dataDir, 'owner.lock'));
      if (kind === 'SIGKILL to the group') expect(lock, 'a killed owner leaves its lock').toBe(true);
      else expect(lock, `the lock after ${kind}`).toBe(false);

      // Started the way the next stop needs.
      server = spawnStandalone({ ...options, launch: stops[index + 1]?.launch ?? 'tsx' });
      await waitForHealth(server, START_TIMEOUT_MS);
      const answer = await searchAddress(server.url, token, ADDRESS);
      expect({ kind, status: answer.status, version: answer.datasetVersion, found: answer.totalFound, rebuilt: server.rebuilt() }).toEqual({
        kind,
        status: 200,
        version: first.datasetVersion,
        found: first.totalFound,
        rebuilt: false,
      });
    }
    await stopStandalone(server, 'SIGTERM to the process');
    expect(existsSync(path.join(dataDir, 'owner.lock')), server.output().slice(-3_000)).toBe(false);
  }, 900_000);
});
