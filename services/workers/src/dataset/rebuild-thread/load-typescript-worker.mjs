// The rebuild thread's entry when the workers run from their TypeScript sources (tsx, vitest):
// a worker thread cannot load .ts files by itself, so tsx's API loads rebuild-worker.ts and what
// it imports. Compiled, the thread starts dist/dataset/rebuild-thread/rebuild-worker.js directly.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./rebuild-worker.ts', import.meta.url);

export default worker.default;
