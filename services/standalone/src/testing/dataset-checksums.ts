/**
 * Prints the dataset tables' row counts and checksums (as readers see them, FINAL) of a data
 * directory whose platform is stopped, as one JSON line: the crash tests compare a run cut off
 * and recovered with an uninterrupted one. chDB opens the directory here, in a process of its
 * own, as the platform's next start would.
 *
 *   node --import tsx services/standalone/src/testing/dataset-checksums.ts <DATA_DIR>
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { loadConfig, openAnalyticsStore } from '@ust/platform';
import { tableChecksums, type TableChecksum } from '@ust/pipelines';

/** Runs this script on `dataDir` (its platform stopped) and answers what it printed. */
export function datasetChecksumsOf(dataDir: string): TableChecksum[] {
  const output = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, dataDir], { encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').at(-1)!) as TableChecksum[];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dataDir] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: dataset-checksums.ts <DATA_DIR>');
  const store = await openAnalyticsStore(loadConfig({ DATA_DIR: dataDir }));
  try {
    process.stdout.write(`${JSON.stringify(await tableChecksums(store))}\n`);
  } finally {
    await store.close();
  }
}
