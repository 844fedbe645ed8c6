/**
 * Polls `read` every 50 ms until it returns `expected` or `timeoutMs` passes, and answers what
 * it read last, for the caller to assert: an expiry in a real cache lands on the store's clock,
 * not the test's.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}
