/**
 * The items of one resolution-7 H3 cell as one blob in the cache: each item's JSON behind an
 * offset table, read only for the few cells that hold a search result, so only the items of the
 * result are decoded (their coordinates live in the search tiles, search-tile.ts).
 *
 *   u32 count | u32 offset (× count + 1) | UTF-8 JSON
 */

export function packItems(jsons: readonly string[]): Buffer {
  const texts = jsons.map((json) => Buffer.from(json, 'utf8'));
  const textAt = 4 + (jsons.length + 1) * 4;
  const table = Buffer.alloc(textAt + texts.reduce((sum, text) => sum + text.length, 0));
  table.writeUInt32LE(jsons.length, 0);
  let offset = textAt;
  texts.forEach((text, index) => {
    table.writeUInt32LE(offset, 4 + index * 4);
    text.copy(table, offset);
    offset += text.length;
  });
  table.writeUInt32LE(offset, 4 + jsons.length * 4);
  return table;
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
