/** waitUntilSettled on BullMQ: reads the job's state until it has completed or failed. */
import type { JobState } from '../ports/job-queue.js';

export async function pollUntilSettled(readState: () => Promise<JobState | null>, queueName: string, id: string, timeoutMs: number): Promise<JobState> {
  const deadline = Date.now() + timeoutMs;
  // Poll quickly at first (most jobs here are short) and back off towards half a second.
  let pause = 20;
  for (;;) {
    const state = await readState();
    if (!state) throw new Error(`Job ${id} not found in queue ${queueName}`);
    if (state.status === 'completed' || state.status === 'failed') return state;
    if (Date.now() >= deadline) {
      throw new Error(`Job ${id} in queue ${queueName} did not settle within ${timeoutMs} ms (status ${state.status})`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    pause = Math.min(pause * 1.5, 500);
  }
}
