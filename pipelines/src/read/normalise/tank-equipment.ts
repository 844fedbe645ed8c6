/**
 * Tank construction and protection from the template's Yes/No columns: wall type and
 * secondary containment, corrosion protection, and release (leak) detection. These feed the
 * protection score, which must tell "known to have none" from "not known".
 */
import { cleanText, parseYesNo } from './values.js';

export interface WallType {
  /** 'Single wall', 'Double wall', or the source's own wording ('Jacketed', 'Excavation liner'). */
  wallType: string | null;
  secondaryContainment: boolean | null;
}

/**
 * `TankSecondaryContainment` holds a wall type in DC and Vermont ('Single wall',
 * 'Double-Walled', 'Jacketed', 'Excavation liner') and Yes/No in Delaware.
 */
export function normaliseWallType(value: string | undefined): WallType {
  const flag = parseYesNo(value);
  if (flag !== undefined) return { wallType: null, secondaryContainment: flag };
  const text = cleanText(value)!;
  const key = text.toLowerCase();
  if (key.includes('double')) return { wallType: 'Double wall', secondaryContainment: true };
  if (key.includes('single')) return { wallType: 'Single wall', secondaryContainment: false };
  // A jacket or an excavation liner is a form of secondary containment (40 CFR 280.43(g)).
  if (key.includes('jacket') || key.includes('liner')) return { wallType: text, secondaryContainment: true };
  return { wallType: text, secondaryContainment: null };
}

/** One Yes/No column of a method list: its label and the cell as read. */
export type MethodAnswer = readonly [label: string, value: string | undefined];

/**
 * The methods answered Yes, '; '-joined in first-seen order. 'None' when every answer is an
 * explicit No (the state says there is none); null when nothing is known (blank, Unknown, or
 * an `unknownFlag` set to Yes, as the template's `...ProtectionUnknown` column does). An
 * undefined value is a column the file does not have, and is skipped.
 */
export function describeMethods(answers: readonly MethodAnswer[], unknownFlag?: string): string | null {
  const yes: string[] = [];
  let answered = 0;
  let allNo = true;
  for (const [label, value] of answers) {
    // A column the state's file lacks says nothing either way.
    if (value === undefined) continue;
    const flag = parseYesNo(value);
    if (flag === true && !yes.includes(label)) yes.push(label);
    if (flag === true || flag === false) answered += 1;
    if (flag !== false) allNo = false;
  }
  if (yes.length > 0) return yes.join('; ');
  if (parseYesNo(unknownFlag) === true) return null;
  return answered > 0 && allNo ? 'None' : null;
}
