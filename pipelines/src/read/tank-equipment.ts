/**
 * Compartments and piping of an EPA template export, indexed by facility and tank. A tank's
 * capacity and substances are its compartments'; its release detection is its compartments'
 * (tank methods) and its piping's (line methods).
 */
import {
  COMPARTMENT_ALIASES,
  PIPING_ALIASES,
  PIPING_RELEASE_DETECTION_LABELS,
  TANK_RELEASE_DETECTION_LABELS,
  TANK_SUBSTANCE_ALIASES,
  type CompartmentField,
  type PipingField,
  type TankSubstanceField,
} from './aliases.js';
import type { SourceRow } from './headers.js';
import { describeMethods, type MethodAnswer } from './normalise/tank-equipment.js';
import { cleanText, joinDistinct, parseNumber } from './normalise/values.js';
import type { SourceFile } from './read-context.js';
import { readSourceRows } from './source-rows.js';

export interface TankEquipment {
  compartments: SourceRow<CompartmentField>[];
  piping: SourceRow<PipingField>[];
  substances: SourceRow<TankSubstanceField>[];
}

export class TankEquipmentIndex {
  readonly #byTank = new Map<string, TankEquipment>();

  static key(facilityId: string, tankId: string): string {
    return `${facilityId}\u0000${tankId}`;
  }

  #entry(row: SourceRow<'facilityId' | 'tankId'>): TankEquipment | null {
    const facilityId = cleanText(row.get('facilityId'));
    const tankId = cleanText(row.get('tankId'));
    if (!facilityId || !tankId) return null;
    const key = TankEquipmentIndex.key(facilityId, tankId);
    let entry = this.#byTank.get(key);
    if (!entry) this.#byTank.set(key, (entry = { compartments: [], piping: [], substances: [] }));
    return entry;
  }

  async addCompartments(file: Pick<SourceFile, 'path' | 'sheet' | 'mapping'>): Promise<void> {
    for await (const row of readSourceRows(file, COMPARTMENT_ALIASES)) this.#entry(row)?.compartments.push(row);
  }

  async addPiping(file: Pick<SourceFile, 'path' | 'sheet' | 'mapping'>): Promise<void> {
    for await (const row of readSourceRows(file, PIPING_ALIASES)) this.#entry(row)?.piping.push(row);
  }

  /** A workbook's Tank Substance sheet: a tank's substances, one row each. */
  async addTankSubstances(file: Pick<SourceFile, 'path' | 'sheet' | 'mapping'>): Promise<void> {
    for await (const row of readSourceRows(file, TANK_SUBSTANCE_ALIASES)) this.#entry(row)?.substances.push(row);
  }

  get(facilityId: string, tankId: string): TankEquipment | undefined {
    return this.#byTank.get(TankEquipmentIndex.key(facilityId, tankId));
  }
}

/** Total capacity of the compartments that state one (zero means "not recorded"); null when none does. */
export function compartmentCapacity(equipment: TankEquipment | undefined): number | null {
  let total = 0;
  let known = false;
  for (const compartment of equipment?.compartments ?? []) {
    const gallons = parseNumber(compartment.get('capacity'));
    if (typeof gallons === 'number' && gallons > 0) {
      total += gallons;
      known = true;
    }
  }
  return known ? total : null;
}

/** The substances its compartments store, or a workbook's Tank Substance rows name. */
export function compartmentSubstances(equipment: TankEquipment | undefined): string | null {
  return joinDistinct([
    ...(equipment?.compartments ?? []).map((c) => cleanText(c.get('substance'))),
    ...(equipment?.substances ?? []).map((s) => cleanText(s.get('substance'))),
  ]);
}

export function compartmentStatus(equipment: TankEquipment | undefined): string | undefined {
  return equipment?.compartments.map((c) => c.get('status')).find((status) => cleanText(status) !== null);
}

export function releaseDetection(equipment: TankEquipment | undefined): string | null {
  const answers: MethodAnswer[] = [];
  for (const compartment of equipment?.compartments ?? []) {
    for (const [field, label] of TANK_RELEASE_DETECTION_LABELS) answers.push([label, compartment.get(field)]);
  }
  for (const piping of equipment?.piping ?? []) {
    for (const [field, label] of PIPING_RELEASE_DETECTION_LABELS) answers.push([label, piping.get(field)]);
  }
  return describeMethods(answers);
}
