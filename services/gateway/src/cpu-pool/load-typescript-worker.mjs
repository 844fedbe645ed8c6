// The CPU pool's worker entry when the gateway runs from its TypeScript sources (tsx, vitest):
// a worker thread cannot load .ts files by itself, so tsx's API loads cpu-worker.ts and what it
// imports. Compiled, the pool starts dist/cpu-pool/cpu-worker.js directly and never loads this.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./cpu-worker.ts', import.meta.url);

export default worker.default;
