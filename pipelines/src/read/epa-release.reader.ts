/** Releases of EPA's Release template (DC's `release.csv`, IA's `Template.csv`). */
import type { DatasetItem } from '../dataset-item.js';
import { RELEASE_ALIASES } from './aliases.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { placementHeaders } from './placement.js';
import { REJECT, RowRejects } from './rejects.js';
import { buildReleaseRecord } from './release-record.js';
import { stateField, textField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';

export async function* readEpaReleases(file: SourceFile, context: ReadContext): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, RELEASE_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const lustId = textField(row, 'id');
    const state = lustId ? stateField(row, 'state', file.state, rejects) : null;
    if (!lustId) {
      rejects.add(row.header('id'), row.get('id'), REJECT.missingId);
    } else if (state) {
      // Keyed by the exporting state, like facilities: one Iowa release says 'OH' in its State
      // column, yet its LUST id is Iowa's.
      const prefix = file.state ?? state;
      const releaseId = `${prefix}-${lustId}`;
      if (seen.has(releaseId)) {
        rejects.add(row.header('id'), lustId, REJECT.duplicateId);
      } else {
        seen.add(releaseId);
        const facilitySourceId = textField(row, 'facilityId');
        const facilityId = facilitySourceId ? `${prefix}-${facilitySourceId}` : null;
        // A release keeps its facility link only when that facility is imported with it; a
        // release without one is normal (Iowa's facilities are not in the source set).
        const linkedById = facilityId !== null && context.facilities.has(facilityId) ? facilityId : null;
        const record = buildReleaseRecord(row, { release_id: releaseId, lust_id: lustId, facility_id: linkedById, state }, file, context, rejects);
        if (linkedById === null) {
          // Else the one facility of the source set at its street address and ZIP, said so.
          const atAddress = context.facilityAddresses.find(record.state, record.zip_code, record.address);
          if (atAddress !== null) {
            record.facility_id = atAddress;
            rejects.add(row.header('facilityId'), atAddress, REJECT.linkedByAddress);
          }
        }
        // After the link: a release without coordinates takes its facility's point.
        context.placer.place(record, record.facility_id, placementHeaders(row), rejects);
        context.placer.addAddressPoint(record, null);
        yield* rejects.items();
        yield { kind: 'release', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
