/**
 * kafkajs 2.2.4's request queue as patched (patches/kafkajs@2.2.4.patch): a connection with
 * nothing pending and no throttle arms no timer. Unpatched, every connection re-armed a 1 ms timer
 * for as long as it lived (tulios/kafkajs#1704; docs/decisions/0123-kafkajs-idle-timer-patch.md).
 * A pending request or a broker's throttle still gets its check.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const require = createRequire(import.meta.url);
const RequestQueueClass = require('kafkajs/src/network/requestQueue/index.js') as new (options: Record<string, unknown>) => RequestQueue;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('kafkajs request queue (patched)', () => {
  let queue: RequestQueue;
  const newQueue = () =>
    (queue = new RequestQueueClass({
      maxInFlightRequests: null,
      requestTimeout: 30_000,
      enforceRequestTimeout: true,
      clientId: 'test',
      broker: '127.0.0.1:9092',
      logger: silent,
      isConnected: () => true,
    }));
  afterEach(() => {
    if (queue?.throttleCheckTimeoutId) clearTimeout(queue.throttleCheckTimeoutId);
  });

  it('arms no timer when nothing is pending and nothing throttles it', () => {
    newQueue().checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('still checks a pending request, and again when a throttle ends', () => {
    newQueue().pending.push({});
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(queue.throttleCheckTimeoutId!);

    newQueue().throttledUntil = Date.now() + 500;
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
  });
});
