/**
 * Processes without an HTTP server (ingest, workers) touch a heartbeat file every
 * `intervalMs`; the container health check treats a file older than a few intervals as dead.
 */
import { writeFileSync } from 'node:fs';

/**
 * @param file - @defaultValue HEARTBEAT_FILE or /tmp/heartbeat
 * @param intervalMs - @defaultValue 10000
 */
export function startHeartbeat(file = process.env.HEARTBEAT_FILE ?? '/tmp/heartbeat', intervalMs = 10_000): { stop(): void } {
  const beat = () => writeFileSync(file, new Date().toISOString());
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
