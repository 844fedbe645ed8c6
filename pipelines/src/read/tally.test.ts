import type { FacilityRecord, ReleaseRecord, TankRecord } from '@ust/schemas';
import { describe, expect, it } from 'vitest';
import { ImportTally } from './tally.js';

const facility = (coordinate_repair: string | null) =>
  ({ kind: 'facility', record: { facility_id: 'DC-1', state: 'DC', source: 'a/facility.csv', coordinate_repair } as FacilityRecord }) as const;
const tank = { kind: 'tank', record: { facility_id: 'DC-1', state: 'DC', source: 'a/tank.csv' } as TankRecord } as const;
const release = { kind: 'release', record: { release_id: 'IA-R1', state: 'IA', source: 'b/release.csv', coordinate_repair: null } as ReleaseRecord } as const;
const reject = (file: string, reason: string, line = 2) => ({ kind: 'reject', record: { file, line, field: 'x', value: null, reason } }) as const;

describe('ImportTally', () => {
  it('counts records per table, rejects per reason and repairs, per file too', () => {
    const tally = new ImportTally();
    for (const item of [
      facility(null),
      facility('swapped latitude and longitude; negated longitude'),
      tank,
      tank,
      release,
      reject('a/tank.csv', 'facility does not exist', 2),
      reject('a/facility.csv', 'duplicate id'),
      reject('a/tank.csv', 'facility does not exist', 3),
      // One row, two reasons not to import it: one rejected row.
      reject('a/tank.csv', 'missing id', 4),
      reject('a/tank.csv', 'facility does not exist', 4),
      // Imported with a value nulled: a warning, not a reject.
      reject('a/tank.csv', 'placeholder date, field set to null', 5),
    ]) {
      tally.add(item);
    }
    expect(tally.counts).toEqual({ facilities: 2, tanks: 2, releases: 1, rejects: 4, warnings: 1 });
    expect(tally.tablesByState()).toEqual({ DC: ['facilities', 'tanks'], IA: ['releases'] });
    expect(tally.toTable()).toEqual([
      { group: 'records', name: 'facilities', count: 2 },
      { group: 'records', name: 'tanks', count: 2 },
      { group: 'records', name: 'releases', count: 1 },
      { group: 'rejects', name: 'facility does not exist', count: 3 },
      { group: 'rejects', name: 'duplicate id', count: 1 },
      { group: 'rejects', name: 'missing id', count: 1 },
      { group: 'warnings', name: 'placeholder date, field set to null', count: 1 },
      { group: 'repairs', name: 'negated longitude', count: 1 },
      { group: 'repairs', name: 'swapped latitude and longitude', count: 1 },
    ]);
    expect(tally.toFileTable()).toEqual([
      { file: 'a/facility.csv', facilities: 2, tanks: 0, releases: 0, rejects: 1, warnings: 0 },
      { file: 'a/tank.csv', facilities: 0, tanks: 2, releases: 0, rejects: 3, warnings: 1 },
      { file: 'b/release.csv', facilities: 0, tanks: 0, releases: 1, rejects: 0, warnings: 0 },
    ]);
    expect(tally.toRejectTable()).toEqual([
      { file: 'a/facility.csv', reason: 'duplicate id', count: 1 },
      { file: 'a/tank.csv', reason: 'facility does not exist', count: 3 },
      { file: 'a/tank.csv', reason: 'missing id', count: 1 },
    ]);
  });

  it('counts a stream while passing it on', async () => {
    const tally = new ImportTally();
    async function* items() {
      yield tank;
      yield reject('a/tank.csv', 'missing id');
    }
    const seen = [];
    for await (const item of tally.count(items())) seen.push(item.kind);
    expect(seen).toEqual(['tank', 'reject']);
    expect(tally.rejectsByReason()).toEqual(new Map([['missing id', 1]]));
  });

  it('counts how releases found their facility, and lists the columns no mapping reads', () => {
    const tally = new ImportTally();
    const linked = (line: number, facility_id: string | null) =>
      ({
        kind: 'release',
        record: { release_id: `UT-${line}`, state: 'UT', source: 'UT/ut_lust.csv', source_line: line, facility_id, coordinate_repair: null } as ReleaseRecord,
      }) as const;
    for (const item of [
      reject('UT/fac.csv', 'column not mapped, left out of the import', 1),
      linked(2, 'UT-1'),
      // A link by address is noted before its release.
      { ...reject('UT/ut_lust.csv', 'linked to its facility by street address and ZIP', 3) },
      linked(3, 'UT-2'),
      linked(4, null),
      linked(5, 'UT-3'),
    ]) {
      tally.add(item);
    }
    expect(tally.releaseLinks()).toEqual({ by_id: 2, by_address: 1, unlinked: 1 });
    expect(tally.columnsNotMapped()).toEqual(['UT/fac.csv: x']);
  });
});
