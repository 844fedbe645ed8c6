/**
 * The steps of one rebuild, timed: each is logged as it ends, reported to the caller's onStep
 * (benchmarks sample memory there), and kept for the build's record in `dataset_builds`.
 */
import { getHeapStatistics } from 'node:v8';
import type { Logger } from '@ust/platform';
import { JobNames } from '@ust/schemas';

export interface StepTiming {
  step: string;
  seconds: number;
  /** Rows (or keys) the step produced, for rows/s. */
  rows: number;
}

export class RebuildSteps {
  readonly timings: StepTiming[] = [];
  /** The version being built, named in every log line once allocated. */
  version = 0;

  constructor(
    private readonly log: Logger,
    private readonly onStep?: (timing: StepTiming) => void,
  ) {}

  /** Runs one step; `rowsOf` counts what it produced. */
  async run<T>(step: string, work: () => Promise<T>, rowsOf: (result: T) => number): Promise<T> {
    const begun = performance.now();
    const cpuBefore = process.threadCpuUsage();
    const result = await work();
    const cpu = process.threadCpuUsage(cpuBefore);
    const timing = { step, seconds: Math.round(performance.now() - begun) / 1000, rows: rowsOf(result) };
    this.timings.push(timing);
    // The CPU and heap of the thread that rebuilds (its own, on the rebuild thread): a step whose
    // CPU is far below its seconds waits on the store.
    const heapMb = Math.round(getHeapStatistics().used_heap_size / 2 ** 20);
    this.log.info(
      { job: JobNames.rebuildDataset, version: this.version, ...timing, thread_cpu_s: Math.round((cpu.user + cpu.system) / 1000) / 1000, heap_mb: heapMb },
      `rebuild v${this.version}: ${step} in ${timing.seconds} s (${timing.rows} rows)`,
    );
    this.onStep?.(timing);
    return result;
  }

  /** Seconds per step, as `dataset_builds.step_seconds` records them. */
  secondsByStep(): Record<string, number> {
    return Object.fromEntries(this.timings.map((timing) => [timing.step, timing.seconds]));
  }
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
