/**
 * The items of one resolution-7 H3 cell as one blob in the cache: each item's JSON behind an
 * offset table, read only for the few cells that hold a search result, so only the items of the
 * result are decoded (their coordinates live in the search tiles, search-tile.ts).
 *
 *   u32 count | u32 offset (× count + 1) | UTF-8 JSON
 *
 * A blob is stored under its digest (`itemsDigest`), which the search tiles name it by: dataset
 * versions in which a cell did not change share its one blob instead of each holding a copy.
 */
import { createHash } from 'node:crypto';

/** Hexadecimal characters of an items blob's digest: 64 bits, told apart among the blobs of one cell. */
export const ITEMS_DIGEST_LENGTH = 16;

/** The name of an items blob's content: the start of its SHA-256, in hexadecimal. */
export function itemsDigest(blob: Buffer): string {
  return createHash('sha256').update(blob).digest('hex').slice(0, ITEMS_DIGEST_LENGTH);
}

/** Packs items given as JSON text, or as its UTF-8 bytes (copied as they are, not encoded again). */
export function packItems(jsons: readonly (string | Uint8Array)[]): Buffer {
  // Written straight into one buffer: a Buffer per item costs more in allocation and garbage
  // collection than the copying, and a national index packs every facility and release.
  const textAt = 4 + (jsons.length + 1) * 4;
  let textBytes = 0;
  for (const json of jsons) textBytes += typeof json === 'string' ? Buffer.byteLength(json, 'utf8') : json.length;
  const blob = Buffer.allocUnsafe(textAt + textBytes);
  blob.writeUInt32LE(jsons.length, 0);
  let offset = textAt;
  jsons.forEach((json, index) => {
    blob.writeUInt32LE(offset, 4 + index * 4);
    if (typeof json === 'string') offset += blob.write(json, offset, 'utf8');
    else {
      blob.set(json, offset);
      offset += json.length;
    }
  });
  blob.writeUInt32LE(offset, 4 + jsons.length * 4);
  return blob;
}

/** How many items an items blob holds. */
export function packedItemCount(items: Buffer): number {
  return items.readUInt32LE(0);
}

/** Where item `index`'s JSON lies in an items blob: [start, end) (a response can copy the bytes as they are). */
export function packedItemRange(items: Buffer, index: number): [start: number, end: number] {
  return [items.readUInt32LE(4 + index * 4), items.readUInt32LE(4 + (index + 1) * 4)];
}

/** Item `index` of an items blob, as its JSON text (a response can embed it unparsed). */
export function readPackedItemJson(items: Buffer, index: number): string {
  const start = items.readUInt32LE(4 + index * 4);
  const end = items.readUInt32LE(4 + (index + 1) * 4);
  return items.toString('utf8', start, end);
}

/** Item `index` of an items blob. */
export function readPackedItem<T>(items: Buffer, index: number): T {
  return JSON.parse(readPackedItemJson(items, index)) as T;
}
