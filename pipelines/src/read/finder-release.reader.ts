/** Releases of the UST Finder layout (`lust.csv`). */
import type { DatasetItem } from '../dataset-item.js';
import { RELEASE_ALIASES } from './aliases.js';
import { finderLocationKey } from './finder-keys.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { placementHeaders } from './placement.js';
import { REJECT, RowRejects } from './rejects.js';
import { buildReleaseRecord } from './release-record.js';
import { stateField, textField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';

export async function* readFinderReleases(file: SourceFile, context: ReadContext): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, RELEASE_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const location = finderLocationKey(row, rejects);
    const lustId = textField(row, 'id');
    if (!lustId) rejects.add(row.header('id'), row.get('id'), REJECT.missingId);
    const state = location && lustId ? stateField(row, 'state', file.state, rejects) : null;
    if (location && lustId && state) {
      // Tribal LUST ids are names like 'Release 1' (927 times): only the location makes them
      // unique, so the key is `TRIBAL-{Land Location ID}-{Location ID}-{LUST ID}`.
      const releaseId = `${location.facilityId}-${lustId}`;
      if (seen.has(releaseId)) {
        rejects.add(row.header('id'), lustId, REJECT.duplicateId);
      } else {
        seen.add(releaseId);
        const facilityId = context.facilities.has(location.facilityId) ? location.facilityId : null;
        const record = buildReleaseRecord(row, { release_id: releaseId, lust_id: lustId, facility_id: facilityId, state }, file, context, rejects);
        context.placer.place(record, facilityId, placementHeaders(row), rejects);
        context.placer.addAddressPoint(record, null);
        yield* rejects.items();
        yield { kind: 'release', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
