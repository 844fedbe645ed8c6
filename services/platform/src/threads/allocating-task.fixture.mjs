// A task for freed-memory.test.ts, run by piscina or a plain thread: allocates about 400 MB outside V8's heap in Buffers of
// a few kilobytes, as a rebuild's compressed documents are, and lets them go with its thread.
export default function allocate() {
  const buffers = [];
  for (let i = 0; i < 200_000; i++) buffers.push(Buffer.allocUnsafeSlow(1_000 + (i % 7) * 300).fill(1));
  return buffers.length;
}
