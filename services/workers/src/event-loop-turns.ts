/**
 * Long synchronous work on a thread's event loop (packing a version's blobs, screening a
 * portfolio, deriving a page of rows) lets the loop turn every few milliseconds, so what shares
 * the loop (requests in the embedded platform, the replies a thread's next query waits for) is
 * not held until the work ends.
 */

/** A check to await inside a loop: it turns the event loop once `sliceMs` of work have passed since the last turn. */
export function turnsEvery(sliceMs: number): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStarted = performance.now();
  };
}
