import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Data rows in the CSV files under `paths` (newlines minus headers): the progress bar's total. */
export async function estimateRows(paths: readonly string[]): Promise<number> {
  let rows = 0;
  for (const file of await csvFiles(paths)) rows += Math.max(0, (await countNewlines(file)) - 1);
  return rows;
}

async function csvFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const entry of paths) {
    const info = await stat(entry);
    if (info.isFile()) {
      if (entry.endsWith('.csv')) files.push(entry);
      continue;
    }
    const children = await readdir(entry);
    files.push(...(await csvFiles(children.map((child) => path.join(entry, child)))));
  }
  return files;
}

function countNewlines(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    createReadStream(file)
      .on('data', (chunk) => {
        for (const byte of chunk as Buffer) if (byte === 10) count += 1;
      })
      .on('end', () => resolve(count))
      .on('error', reject);
  });
}
