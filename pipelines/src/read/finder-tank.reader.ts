/** Tanks of the UST Finder layout (`usts.csv`). */
import type { DatasetItem } from '../dataset-item.js';
import { TANK_ALIASES } from './aliases.js';
import { finderLocationKey } from './finder-keys.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { REJECT, RowRejects } from './rejects.js';
import { textField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';
import { buildTankRecord } from './tank-record.js';

export async function* readFinderTanks(file: SourceFile, context: ReadContext): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, TANK_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const key = finderLocationKey(row, rejects);
    const tankId = textField(row, 'tankId');
    if (!tankId) rejects.add(row.header('tankId'), row.get('tankId'), REJECT.missingId);
    if (key && tankId) {
      const state = context.facilities.get(key.facilityId);
      const tankKey = `${key.facilityId}/${tankId}`;
      if (state === undefined) {
        rejects.add(`${row.header('landLocationId')},${row.header('locationId')}`, key.sourceId, REJECT.facilityMissing);
      } else if (seen.has(tankKey)) {
        rejects.add(row.header('tankId'), tankId, REJECT.duplicateId);
      } else {
        seen.add(tankKey);
        // The facility's state, not the tank row's: the two never differ in the tribal files,
        // and a tank belongs where its facility is.
        const record = buildTankRecord(row, { facility_id: key.facilityId, source_tank_id: tankId, state }, file, context, rejects);
        yield* rejects.items();
        yield { kind: 'tank', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
