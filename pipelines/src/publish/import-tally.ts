import type { DatasetItem } from '../dataset-item.js';

/** Counts of one import: records per table and rejected rows per reason. */
export class ImportTally {
  facilities = 0;
  tanks = 0;
  releases = 0;
  rejects = 0;
  generatedFacilities = 0;
  readonly rejectsByReason = new Map<string, number>();

  add(item: DatasetItem): void {
    switch (item.kind) {
      case 'facility':
        this.facilities += 1;
        if (item.record.source === 'generated') this.generatedFacilities += 1;
        break;
      case 'tank':
        this.tanks += 1;
        break;
      case 'release':
        this.releases += 1;
        break;
      case 'reject':
        this.rejects += 1;
        this.rejectsByReason.set(item.record.reason, (this.rejectsByReason.get(item.record.reason) ?? 0) + 1);
        break;
    }
  }

  get records(): number {
    return this.facilities + this.tanks + this.releases;
  }

  counts() {
    return { facilities: this.facilities, tanks: this.tanks, releases: this.releases, rejects: this.rejects };
  }

  rejectsRecord(): Record<string, number> {
    return Object.fromEntries([...this.rejectsByReason].sort((a, b) => b[1] - a[1]));
  }
}
