/**
 * A data directory holding the fixtures' demo dataset (DEMO_SCALE=fixtures), built once per test
 * run and copied for each platform a browser test starts: a copy starts in under a second, a
 * build takes seconds of both cores each time. Run as a script, it builds one:
 *
 *   node --import tsx services/standalone/src/testing/fixtures-template.ts <directory>
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger, loadConfig } from '@ust/platform';
import { startStandalone } from '../start-standalone.js';

/** What a copy must not take: the lock and the runtime file name the process that built the template. */
const OWN_TO_ITS_PROCESS = new Set(['owner.lock', 'runtime.json']);

/** Builds the fixtures' demo dataset in `dataDir` and stops, leaving it as a later start reuses it. */
export async function buildFixturesTemplate(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'fixtures', LOG_LEVEL: 'warn' });
  const standalone = await startStandalone({ config, log: createLogger('fixtures-template', { level: 'warn' }), listen: false });
  await standalone.close();
}

/** Copies the template into `dataDir` (an empty directory), as the data directory of a new platform. */
export async function copyFixturesTemplate(template: string, dataDir: string): Promise<void> {
  await cp(template, dataDir, { recursive: true, filter: (source) => !OWN_TO_ITS_PROCESS.has(path.relative(template, source)) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dataDir] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: fixtures-template.ts <directory>');
  await buildFixturesTemplate(dataDir);
}
