/**
 * The two kinds of Redis connection the BullMQ adapter opens. They differ in what a command does
 * while Redis is away: a producer's call fails soon, so an API request that enqueues answers with
 * an error instead of hanging; a worker's blocking read waits for Redis however long it takes.
 */
import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 5_000;

/** Shared by every queue of the adapter: enqueue, getJob and ping. */
export function openProducerConnection(url: string): Redis {
  // Producers fail after a couple of reconnection attempts instead of waiting forever.
  const connection = new Redis(url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2 });
  connection.on('error', () => {}); // surfaced through the Queue's 'error' event
  return connection;
}

/** One per worker: BullMQ blocks it while waiting for jobs. */
export function openWorkerConnection(url: string): Redis {
  // A worker blocks on Redis; BullMQ requires its connection to retry forever.
  const connection = new Redis(url, { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: null });
  connection.on('error', () => {}); // surfaced through the Worker's 'error' event
  return connection;
}
