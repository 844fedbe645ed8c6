/**
 * Counts of an import for its summary table: records per table, rejected rows per reason,
 * warnings per reason (a row imported with a value nulled or repaired) and repairs. A source row
 * is either accepted (a record) or rejected (not imported), so records + rejects = rows read;
 * warnings are counted apart, because their rows are among the records.
 */
import type { DatasetTable } from '@ust/schemas';
import type { DatasetItem } from '../dataset-item.js';
import { REJECT, rejectsRow } from './rejects.js';
import { TableCoverage } from './table-coverage.js';

export interface TallyRow {
  group: 'records' | 'rejects' | 'warnings' | 'repairs';
  /** Table name, reject reason, or repair. */
  name: string;
  count: number;
}

export interface FileTallyRow {
  file: string;
  facilities: number;
  tanks: number;
  releases: number;
  /** Rows not imported. */
  rejects: number;
  /** Warnings of imported rows (one row may have several). */
  warnings: number;
}

/** Facilities and releases of one file by how their point was found (docs/decisions/0110-located-by.md). */
export interface FileLocationRow {
  file: string;
  coordinates: number;
  address: number;
  zip: number;
  place: number;
  /** Not located: no point at all. */
  none: number;
}

const TABLE_OF = { facility: 'facilities', tank: 'tanks', release: 'releases' } as const;

/** How the releases found their facility: by its id, by street address and ZIP, or not at all. */
export interface ReleaseLinks {
  by_id: number;
  by_address: number;
  unlinked: number;
}

export class ImportTally {
  readonly #records = { facilities: 0, tanks: 0, releases: 0 };
  readonly #reasons = new Map<string, number>();
  readonly #warnings = new Map<string, number>();
  /** `file:line` of every rejected row: a row with two reasons to reject it is one row. */
  readonly #rejectedRows = new Set<string>();
  readonly #repairs = new Map<string, number>();
  readonly #files = new Map<string, FileTallyRow>();
  readonly #fileReasons = new Map<string, Map<string, number>>();
  readonly #coverage = new TableCoverage();
  readonly #columnsNotMapped: string[] = [];
  readonly #releaseLinks: ReleaseLinks = { by_id: 0, by_address: 0, unlinked: 0 };
  /** `file:line` of the releases linked by address: their note comes before the release. */
  readonly #linkedByAddress = new Set<string>();
  readonly #locations = new Map<string, FileLocationRow>();

  add(item: DatasetItem): void {
    this.#coverage.add(item);
    const file = item.kind === 'reject' ? item.record.file : item.record.source;
    if (item.kind === 'reject' && item.record.reason === REJECT.unmappedColumn) this.#columnsNotMapped.push(`${file}: ${item.record.field}`);
    if (item.kind === 'reject' && item.record.reason === REJECT.linkedByAddress) this.#linkedByAddress.add(`${file}:${item.record.line}`);
    if (item.kind === 'release') {
      const { facility_id: facility, source_line: line } = item.record;
      if (facility === null) this.#releaseLinks.unlinked += 1;
      else if (this.#linkedByAddress.delete(`${file}:${line}`)) this.#releaseLinks.by_address += 1;
      else this.#releaseLinks.by_id += 1;
    }
    let perFile = this.#files.get(file);
    if (!perFile) this.#files.set(file, (perFile = { file, facilities: 0, tanks: 0, releases: 0, rejects: 0, warnings: 0 }));
    if (item.kind === 'reject') {
      if (!rejectsRow(item.record.reason)) {
        perFile.warnings += 1;
        increment(this.#warnings, item.record.reason);
        return;
      }
      const row = `${file}:${item.record.line}`;
      if (!this.#rejectedRows.has(row)) {
        this.#rejectedRows.add(row);
        perFile.rejects += 1;
      }
      increment(this.#reasons, item.record.reason);
      let reasons = this.#fileReasons.get(file);
      if (!reasons) this.#fileReasons.set(file, (reasons = new Map()));
      increment(reasons, item.record.reason);
      return;
    }
    const table = TABLE_OF[item.kind];
    this.#records[table] += 1;
    perFile[table] += 1;
    // Repairs are counted from the records too, so a repair that needs no reject row (a state's
    // own correction file) still shows in the summary.
    if (item.kind !== 'tank' && item.record.coordinate_repair) {
      for (const repair of item.record.coordinate_repair.split('; ')) increment(this.#repairs, repair);
    }
    if (item.kind !== 'tank') {
      let located = this.#locations.get(file);
      if (!located) this.#locations.set(file, (located = { file, coordinates: 0, address: 0, zip: 0, place: 0, none: 0 }));
      located[item.record.located_by ?? 'none'] += 1;
    }
  }

  /** Adds every item of `items` and passes it on, for counting a stream while consuming it. */
  async *count(items: AsyncIterable<DatasetItem>): AsyncGenerator<DatasetItem> {
    for await (const item of items) {
      this.add(item);
      yield item;
    }
  }

  /** Records per table, rejected rows, and warnings. */
  get counts(): { facilities: number; tanks: number; releases: number; rejects: number; warnings: number } {
    let warnings = 0;
    for (const count of this.#warnings.values()) warnings += count;
    return { ...this.#records, rejects: this.#rejectedRows.size, warnings };
  }

  /** Records of every table (rejected rows excluded): the progress bar's count. */
  get records(): number {
    return this.#records.facilities + this.#records.tanks + this.#records.releases;
  }

  /** Tables that had records, per state (the commit event carries it). */
  tablesByState(): Record<string, DatasetTable[]> {
    return this.#coverage.byState();
  }

  /** Rejects per reason as a plain object, most frequent first (the commit event carries it). */
  rejectsRecord(): Record<string, number> {
    return Object.fromEntries(sorted(this.#reasons));
  }

  /** Warnings per reason as a plain object, most frequent first. */
  warningsRecord(): Record<string, number> {
    return Object.fromEntries(sorted(this.#warnings));
  }

  /** The columns of states' own files that no mapping reads, as `file: column`, in the order read. */
  columnsNotMapped(): string[] {
    return [...this.#columnsNotMapped];
  }

  /** How the releases found their facility. */
  releaseLinks(): ReleaseLinks {
    return { ...this.#releaseLinks };
  }

  rejectsByReason(): ReadonlyMap<string, number> {
    return new Map(this.#reasons);
  }

  /** Records per table, then rejects, warnings and repairs per reason, each most frequent first. */
  toTable(): TallyRow[] {
    return [
      ...Object.entries(this.#records).map(([name, count]): TallyRow => ({ group: 'records', name, count })),
      ...sorted(this.#reasons).map(([name, count]): TallyRow => ({ group: 'rejects', name, count })),
      ...sorted(this.#warnings).map(([name, count]): TallyRow => ({ group: 'warnings', name, count })),
      ...sorted(this.#repairs).map(([name, count]): TallyRow => ({ group: 'repairs', name, count })),
    ];
  }

  /** One row per source file, in file order. */
  toFileTable(): FileTallyRow[] {
    return [...this.#files.values()].sort((a, b) => a.file.localeCompare(b.file)).map((row) => ({ ...row }));
  }

  /** Facilities and releases per file by how they were located, in file order. */
  toLocationTable(): FileLocationRow[] {
    return [...this.#locations.values()].sort((a, b) => a.file.localeCompare(b.file)).map((row) => ({ ...row }));
  }

  /** Rejects per file and reason, in file order, most frequent reason first. */
  toRejectTable(): FileRejectRow[] {
    return [...this.#fileReasons]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([file, reasons]) => sorted(reasons).map(([reason, count]) => ({ file, reason, count })));
  }
}

export interface FileRejectRow {
  file: string;
  reason: string;
  count: number;
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function sorted(counts: Map<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
