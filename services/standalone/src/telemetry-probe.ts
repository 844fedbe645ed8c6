/**
 * Test helpers for telemetry end to end: tokens of the embedded provider's demo accounts and
 * a wait for rows to become visible through the admin API (ingest batches by time, so rows
 * appear within about a second, not at once).
 */
import type { Role } from '@ust/schemas';
import type { Standalone } from './start-standalone.js';

export async function bearerFor(standalone: Standalone, role: Role): Promise<{ authorization: string }> {
  const account = standalone.identity!.accounts.find((candidate) => candidate.role === role)!;
  return { authorization: `Bearer ${await standalone.identity!.issueAccessToken(account)}` };
}

/** Calls `probe` until it returns a value, or fails naming what it waited for. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface AdminLogRow {
  id: string;
  level: string;
  category: string;
  message: string;
  user_id: string | null;
  endpoint: string | null;
  method: string | null;
  status_code: number | null;
}

/** The admin log rows whose message or category contains `q`. */
export async function adminLogs(standalone: Standalone, admin: { authorization: string }, q: string, limit = 100): Promise<AdminLogRow[]> {
  const response = await standalone.gateway.inject({ method: 'GET', url: `/api/admin/logs?limit=${limit}&q=${encodeURIComponent(q)}`, headers: admin });
  if (response.statusCode !== 200) throw new Error(`GET /api/admin/logs answered ${response.statusCode}: ${response.body}`);
  return response.json().logs as AdminLogRow[];
}
