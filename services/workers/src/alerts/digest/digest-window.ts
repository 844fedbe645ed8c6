/**
 * Digest windows: a user's alerts of one window go out in one e-mail at its end, so a user gets
 * at most one digest per window (DECISIONS.md 44: at most hourly). The job is named after the
 * window, so every alert evaluation of the window enqueues the same one.
 */
export interface DigestJob {
  jobId: string;
  delayMs: number;
}

export function digestJobFor(ownerId: string, now: Date, intervalSeconds: number): DigestJob {
  const intervalMs = intervalSeconds * 1_000;
  const windowEnd = (Math.floor(now.getTime() / intervalMs) + 1) * intervalMs;
  return { jobId: `digest-${ownerId}-${windowEnd}`, delayMs: windowEnd - now.getTime() };
}
