/**
 * Says, in the log stream itself, how many entries the full buffer dropped, so whoever reads the
 * logs sees the gap where it is; said once there is room for saying it.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@ust/platform';
import type { LogEvent } from '@ust/schemas';
import type { HeldTelemetry } from './held-telemetry.js';
import { heldEvent } from './held-event.js';

export function reportDrops(held: HeldTelemetry, logsTopic: string, log: Pick<Logger, 'warn'>): void {
  if (held.droppedSinceReport === 0) return;
  const dropped = held.droppedSinceReport;
  const report = heldEvent(logsTopic, dropReportEvent(dropped));
  if (!held.makeRoom(1, report.bytes)) return;
  // Entries makeRoom dropped just now go into the next report.
  held.droppedSinceReport -= dropped;
  log.warn({ dropped }, `dropped ${dropped} DEBUG/INFO telemetry entries to make room in the full telemetry buffer`);
  held.hold(held.keptLogs, report);
}

function dropReportEvent(dropped: number): LogEvent {
  const now = new Date().toISOString();
  return {
    event_id: randomUUID(),
    timestamp: now,
    received_at: now,
    source: 'gateway',
    level: 'WARN',
    category: 'TELEMETRY',
    message: `Dropped ${dropped} DEBUG/INFO log entries to make room in the full telemetry buffer`,
    context: JSON.stringify({ dropped }),
    user_id: null,
    session_id: null,
    url: null,
    user_agent: null,
    method: null,
    endpoint: null,
    status_code: null,
    duration_ms: null,
    request_id: null,
  };
}
