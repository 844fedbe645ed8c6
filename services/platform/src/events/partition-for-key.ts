/**
 * Kafka's default partitioner: murmur2 of the key's UTF-8 bytes, made positive, modulo the
 * partition count. The in-process log uses it too, so a key lands on the same partition
 * number with either adapter (the contract suite checks this against a real broker).
 */
const SEED = 0x9747b28c;
const M = 0x5bd1e995;

/** 32-bit murmur2 exactly as org.apache.kafka.common.utils.Utils.murmur2 computes it. */
export function murmur2(data: Uint8Array): number {
  const length = data.length;
  let h = SEED ^ length;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length - whole;
  if (rest === 3) h ^= data[whole + 2]! << 16;
  if (rest >= 2) h ^= data[whole + 1]! << 8;
  if (rest >= 1) h = Math.imul(h ^ data[whole]!, M);
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/** The partition Kafka's default partitioner picks for `key` in a topic of `partitions` partitions. */
export function partitionForKey(key: string, partitions: number): number {
  return (murmur2(Buffer.from(key, 'utf8')) & 0x7fffffff) % partitions;
}
