/** A tank record from a row of either format, with what the compartments and piping add. */
import type { TankRecord } from '@ust/schemas';
import { CORROSION_PROTECTION_LABELS, type TankField } from './aliases.js';
import type { SourceRow } from './headers.js';
import { describeMethods, normaliseWallType } from './normalise/tank-equipment.js';
import { normaliseTankStatus } from './normalise/tank-status.js';
import { cleanText, joinDistinct } from './normalise/values.js';
import { provenance, type ReadContext, type SourceFile } from './read-context.js';
import { REJECT, type RowRejects } from './rejects.js';
import { dateField, gallonsField, textField } from './row-fields.js';
import { compartmentCapacity, compartmentStatus, compartmentSubstances, releaseDetection, type TankEquipment } from './tank-equipment.js';

export interface TankKey {
  facility_id: string;
  source_tank_id: string;
  state: string;
}

export function buildTankRecord(
  row: SourceRow<TankField>,
  key: TankKey,
  file: SourceFile,
  context: ReadContext,
  rejects: RowRejects,
  equipment?: TankEquipment,
): TankRecord {
  // The template keeps a tank's status on the tank and on each compartment; the tank's wins.
  const statusText = cleanText(row.get('status')) !== null ? row.get('status') : compartmentStatus(equipment);
  const status = normaliseTankStatus(statusText);
  if (status.kind === 'unknown') rejects.add(row.header('status'), statusText, REJECT.unknownTankStatus);
  // UST Finder names the wall type; the template has TankSecondaryContainment (a wall type or Yes/No).
  const wall = normaliseWallType(row.get('wallType') ?? row.get('secondaryContainment'));
  const corrosionAnswers = CORROSION_PROTECTION_LABELS.map(([field, label]) => [label, row.get(field)] as const);
  return {
    tank_id: `${key.facility_id}/${key.source_tank_id}`,
    facility_id: key.facility_id,
    source_tank_id: key.source_tank_id,
    state: key.state,
    tank_status: status.kind === 'status' ? status.value : null,
    source_tank_status: cleanText(statusText),
    installation_date: dateField(row, 'installationDate', rejects, context.import.asOf),
    removal_date: dateField(row, 'removalDate', rejects, context.import.asOf),
    capacity_gallons: gallonsField(row, 'capacity', rejects) ?? compartmentCapacity(equipment),
    substances: joinDistinct([textField(row, 'substances')]) ?? compartmentSubstances(equipment),
    tank_wall_type: wall.wallType,
    material: textField(row, 'material'),
    corrosion_protection: describeMethods(corrosionAnswers, row.get('cpUnknown')),
    secondary_containment: wall.secondaryContainment,
    leak_detection: equipment ? releaseDetection(equipment) : null,
    ...provenance(file, row.line, context.import),
  };
}
