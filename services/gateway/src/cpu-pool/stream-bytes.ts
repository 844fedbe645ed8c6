/**
 * A stream's bytes in one Uint8Array of its own: its buffer can be transferred to another thread
 * (Buffer.concat may hand out a slice of Node's shared pool, which must never be transferred).
 */
export async function streamBytes(stream: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    chunks.push(bytes);
    length += bytes.byteLength;
  }
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
