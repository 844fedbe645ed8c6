/**
 * `DATA_DIR/runtime.json`: where a running platform says how to reach it
 * (docs/decisions/0021-data-directory-owner.md). The platform writes it once it listens; CLIs
 * read it to find the API, its issuer and audience, and the key the platform proves itself with
 * before they send it a token (runtime-proof.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writePrivateFile } from './files/private-files.js';

export interface RuntimeFile {
  pid: number;
  /** Where the platform listens (loopback), for CLIs on the same machine. */
  url: string;
  publicUrl: string;
  issuer: string;
  audience: string;
  startedAt: string;
  /** The secret of this run, which only the platform and readers of the file know (runtime-proof.ts). */
  proofKey: string;
}

const runtimeFile = (dataDir: string) => path.join(dataDir, 'runtime.json');

export async function writeRuntimeFile(dataDir: string, runtime: RuntimeFile): Promise<void> {
  await writePrivateFile(runtimeFile(dataDir), JSON.stringify(runtime, null, 2));
}

/** The file's content, or undefined when no platform has written one (a file never removed may be stale: ask for a proof). */
export async function readRuntimeFile(dataDir: string): Promise<Partial<RuntimeFile> | undefined> {
  try {
    return JSON.parse(await readFile(runtimeFile(dataDir), 'utf8')) as Partial<RuntimeFile>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
