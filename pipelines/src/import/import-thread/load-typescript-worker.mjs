// The import thread's entry when the pipelines run from their TypeScript sources (tsx, vitest):
// a worker thread cannot load .ts files by itself, so tsx's API loads import-worker.ts and what it
// imports. Compiled, the thread starts dist/import/import-thread/import-worker.js directly.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./import-worker.ts', import.meta.url);

export default worker.default;
