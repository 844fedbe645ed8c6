/**
 * Export Logs (docs/product.md section 2): the logs the tab shows, as a dated JSON file. The
 * CSV of every matching entry comes from the server (GET /api/admin/logs/export/csv); both
 * are saved the same way.
 */
import type { AdminLogEntry } from '@ust/schemas';
import { saveFile } from '../../api/save-file';

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
  saveFile(new Blob([exportContent(logs)], { type: 'application/json' }), exportFileName(now));
}
