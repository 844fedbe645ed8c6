/** Export Logs (SPEC.md section 2): the logs the tab shows, as a dated JSON file. */
import type { AdminLogEntry } from '@ust/schemas';

/** 'ust-logs-2026-03-05.json', dated by the admin's calendar (the day they exported on). */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `ust-logs-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function exportContent(logs: readonly AdminLogEntry[]): string {
  return `${JSON.stringify(logs, null, 2)}\n`;
}

/** Starts the browser's download of `logs` through a temporary object URL. */
export function downloadLogs(logs: readonly AdminLogEntry[], now: Date = new Date()): void {
  const url = URL.createObjectURL(new Blob([exportContent(logs)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(now);
  link.click();
  // After the click has handed the URL to the download; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
