/** One key's value in the embedded cache: a string (bytes) or a hash, with its expiry time if any. */
export type MemoryEntry = { kind: 'string'; value: Buffer; expiresAt?: number } | { kind: 'hash'; fields: Map<string, Buffer>; expiresAt?: number };
