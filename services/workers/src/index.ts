export { startWorkers, type WorkersHandle } from './start-workers.js';
export { buildProcessors, assertOneProcessorPerJob, ProcessorRegistryError, type WorkerDeps } from './registry.js';
