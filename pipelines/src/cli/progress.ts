import cliProgress from 'cli-progress';
import type { TallyCounts } from '../import/run-import.js';

/** A progress bar on stderr: records, records/s and ETA against an estimated total. */
export function createProgressBar(label: string, estimatedTotal: number) {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} {bar} {percentage}% | {value}/{total} records | {rate} rec/s | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
      // Without a terminal, print a line now and then instead of redrawing.
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(Math.max(1, estimatedTotal), 0, { rate: 0 });
  /** Records (and rejects) done so far; a total that turns out larger than estimated grows the bar. */
  const show = (done: number, total?: number | null) => {
    if (total && total !== bar.getTotal()) bar.setTotal(Math.max(1, total));
    if (done > bar.getTotal()) bar.setTotal(done);
    const seconds = (performance.now() - started) / 1000;
    bar.update(done, { rate: Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-US') });
  };
  return {
    update(tally: TallyCounts) {
      show(tally.records + tally.counts.rejects);
    },
    show,
    stop() {
      bar.stop();
    },
  };
}
