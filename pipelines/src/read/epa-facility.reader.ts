/** Facilities of EPA's UST template (`facility.csv` of a state export). */
import type { DatasetItem } from '../dataset-item.js';
import { FACILITY_ALIASES } from './aliases.js';
import type { LoadedCorrection } from './corrections.js';
import { buildFacilityRecord } from './facility-record.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { placementHeaders } from './placement.js';
import { REJECT, RowRejects } from './rejects.js';
import { stateField, textField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';

export async function* readEpaFacilities(
  file: SourceFile,
  context: ReadContext,
  corrections: ReadonlyMap<string, LoadedCorrection> = new Map(),
  usedCorrections: Set<string> = new Set(),
): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, FACILITY_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const id = textField(row, 'id');
    const state = id ? stateField(row, 'state', file.state, rejects) : null;
    if (!id) {
      rejects.add(row.header('id'), row.get('id'), REJECT.missingId);
    } else if (state) {
      // The national key carries the exporting state: ids are only unique within a state.
      const facilityId = `${file.state ?? state}-${id}`;
      if (seen.has(facilityId) || context.facilities.has(facilityId)) {
        // Vermont lists 28 facilities twice and Illinois 395 (differing only in coordinates or
        // in the associated LUST id): the first row is the facility, the later one is reported.
        // So is a facility another file of the import gave first (Utah's workbook and fac.csv
        // share most ids): one import writes one version of each record, and the tables would
        // keep either.
        rejects.add(row.header('id'), id, REJECT.duplicateId);
      } else {
        seen.add(facilityId);
        const correction = corrections.get(id);
        if (correction) usedCorrections.add(id);
        const record = buildFacilityRecord(row, { facility_id: facilityId, source_facility_id: id, state }, file, context, rejects, correction);
        context.placer.place(record, null, placementHeaders(row), rejects);
        context.placer.addAddressPoint(record, facilityId);
        context.facilities.set(facilityId, state);
        context.facilityAddresses.add(record);
        yield* rejects.items();
        yield { kind: 'facility', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
