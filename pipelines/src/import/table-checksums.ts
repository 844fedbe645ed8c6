import type { AnalyticsStore } from '@ust/platform';

export interface TableChecksum {
  table: string;
  rows: number;
  /** Order-independent hash of every column of every current row. */
  checksum: string;
}

const TABLES = ['facilities', 'tanks', 'releases'] as const;

/**
 * Checksums of the dataset tables as readers see them (FINAL: the latest version of each
 * record). A replayed import must leave them unchanged.
 */
export async function tableChecksums(store: AnalyticsStore): Promise<TableChecksum[]> {
  const checksums: TableChecksum[] = [];
  for (const table of TABLES) {
    const [row] = await store.query<{ rows: number; checksum: string }>(`SELECT count() AS rows, toString(sum(cityHash64(*))) AS checksum FROM ${table} FINAL`);
    checksums.push({ table, rows: row?.rows ?? 0, checksum: row?.checksum ?? '0' });
  }
  return checksums;
}
