/** Tanks of EPA's UST template (`tank.csv`), joined to their compartments and piping. */
import type { DatasetItem } from '../dataset-item.js';
import { TANK_ALIASES } from './aliases.js';
import type { ReadContext, SourceFile } from './read-context.js';
import { REJECT, RowRejects } from './rejects.js';
import { textField } from './row-fields.js';
import { readSourceRows } from './source-rows.js';
import type { TankEquipmentIndex } from './tank-equipment.js';
import { buildTankRecord } from './tank-record.js';

export async function* readEpaTanks(file: SourceFile, context: ReadContext, equipment?: TankEquipmentIndex): AsyncGenerator<DatasetItem> {
  const seen = new Set<string>();
  for await (const row of readSourceRows(file, TANK_ALIASES)) {
    const rejects = new RowRejects(file.source, row.line);
    const facilitySourceId = textField(row, 'facilityId');
    const tankId = textField(row, 'tankId');
    if (!facilitySourceId) rejects.add(row.header('facilityId'), row.get('facilityId'), REJECT.missingId);
    if (!tankId) rejects.add(row.header('tankId'), row.get('tankId'), REJECT.missingId);
    if (facilitySourceId && tankId) {
      // A tank file has no state column: its facility's key is built like the facility reader's.
      const facilityId = file.state ? `${file.state}-${facilitySourceId}` : null;
      const state = facilityId ? context.facilities.get(facilityId) : undefined;
      if (!facilityId) {
        rejects.add(row.header('facilityId'), facilitySourceId, REJECT.unknownState);
      } else if (state === undefined) {
        rejects.add(row.header('facilityId'), facilitySourceId, REJECT.facilityMissing);
      } else if (seen.has(`${facilityId}/${tankId}`)) {
        rejects.add(row.header('tankId'), tankId, REJECT.duplicateId);
      } else {
        seen.add(`${facilityId}/${tankId}`);
        const record = buildTankRecord(
          row,
          { facility_id: facilityId, source_tank_id: tankId, state },
          file,
          context,
          rejects,
          equipment?.get(facilitySourceId, tankId),
        );
        yield* rejects.items();
        yield { kind: 'tank', record };
        continue;
      }
    }
    yield* rejects.items();
  }
}
