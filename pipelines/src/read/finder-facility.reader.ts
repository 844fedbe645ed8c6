/** Facilities of the UST Finder layout (`fac.csv` of the tribal export). */
import type { DatasetItem } from '../dataset-item.js';
import { FACILITY_ALIASES } from './aliases.js';
import { buildFacilityRecord } from './facility-record.js';
import { finderLocationKey } from './finder-keys.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { placementHeaders } from './placement.js';
import { REJECT, RowRejects } from './rejects.js';
import { stateField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';

export async function* readFinderFacilities(file: SourceFile, context: ReadContext): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, FACILITY_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const key = finderLocationKey(row, rejects);
    // Tribal lands span states: the State column (a full name) is the only source of the state.
    const state = key ? stateField(row, 'state', file.state, rejects) : null;
    if (key && state) {
      // A facility another file of the import gave first is a duplicate too (epa-facility.reader.ts).
      if (seen.has(key.facilityId) || context.facilities.has(key.facilityId)) {
        rejects.add(`${row.header('landLocationId')},${row.header('locationId')}`, key.sourceId, REJECT.duplicateId);
      } else {
        seen.add(key.facilityId);
        const record = buildFacilityRecord(row, { facility_id: key.facilityId, source_facility_id: key.sourceId, state }, file, context, rejects);
        context.placer.place(record, null, placementHeaders(row), rejects);
        context.placer.addAddressPoint(record, key.facilityId);
        context.facilities.set(key.facilityId, state);
        yield* rejects.items();
        yield { kind: 'facility', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
