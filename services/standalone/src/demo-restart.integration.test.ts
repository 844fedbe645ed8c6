/**
 * The demo dataset across restarts: built once, reused with its derived data (the embedded
 * cache in DATA_DIR/cache), rebuilt from the tables when the cache was lost, imported again when a build
 * was interrupted before it finished, and refused with the file named when its marker is not JSON.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { tableChecksums } from '@ust/pipelines';
import { datasetKeys, DERIVED_DATA_FORMAT, readCurrentVersion, readDatasetMeta, listManifests } from '@ust/read-model';
import { startStandalone } from './start-standalone.js';

const log = createLogger('demo-restart', { level: 'silent' });

describe('the demo dataset across restarts', () => {
  it('is reused, recovered from the tables, and re-imported after an interrupted build', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-demo-restart-'));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'fixtures' });
    const statistics = async (standalone: Awaited<ReturnType<typeof startStandalone>>) => {
      const token = await standalone.identity!.issueAccessToken(standalone.identity!.accounts[0]!);
      return (await standalone.gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: { authorization: `Bearer ${token}` } })).json();
    };

    let standalone = await startStandalone({ config, log, listen: false });
    const first = await statistics(standalone);
    const checksums = await tableChecksums(standalone.ports.store);
    await standalone.close();

    // A normal restart: nothing is imported again and the derived data is there at once.
    standalone = await startStandalone({ config, log, listen: false });
    expect(await listManifests(standalone.ports.store)).toHaveLength(1);
    expect((await statistics(standalone)).total_facilities).toBe(first.total_facilities);
    await standalone.close();

    // Derived data of an older platform (no format recorded): rebuilt from the tables at start.
    standalone = await startStandalone({ config, log, listen: false });
    const oldVersion = (await readCurrentVersion(standalone.ports.cache))!;
    const { format: _format, ...olderMeta } = JSON.parse((await standalone.ports.cache.get(datasetKeys.meta(oldVersion)))!);
    await standalone.ports.cache.set(datasetKeys.meta(oldVersion), JSON.stringify(olderMeta));
    await standalone.close();
    standalone = await startStandalone({ config, log, listen: false });
    expect(await readCurrentVersion(standalone.ports.cache)).toBeGreaterThan(oldVersion);
    expect(await readDatasetMeta(standalone.ports.cache)).toMatchObject({ format: DERIVED_DATA_FORMAT });
    expect(await listManifests(standalone.ports.store)).toHaveLength(1);
    await standalone.close();

    // The cache is gone (a lost volume): the derived data is rebuilt from the tables.
    await rm(path.join(dataDir, 'cache'), { recursive: true });
    standalone = await startStandalone({ config, log, listen: false });
    expect(await listManifests(standalone.ports.store)).toHaveLength(1);
    expect((await statistics(standalone)).total_facilities).toBe(first.total_facilities);
    await standalone.close();

    // A marker edited by hand into something else than JSON: the start says which file, and what to do.
    const marker = path.join(dataDir, 'demo-dataset.json');
    const written = await readFile(marker, 'utf8');
    await writeFile(marker, written.slice(0, 20));
    await expect(startStandalone({ config, log, listen: false })).rejects.toThrow(`${marker} is not JSON: remove it to build the demo dataset again`);
    await writeFile(marker, written);

    // The build never finished (no marker): it runs again, and the tables end up the same.
    await rm(marker);
    standalone = await startStandalone({ config, log, listen: false });
    expect(await listManifests(standalone.ports.store)).toHaveLength(2);
    expect(await tableChecksums(standalone.ports.store)).toEqual(checksums.map((table) => ({ ...table, checksum: expect.any(String) })));
    expect((await statistics(standalone)).total_facilities).toBe(first.total_facilities);
    await standalone.close();
  }, 300_000);
});
