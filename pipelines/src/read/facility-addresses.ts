/**
 * Facilities by normalised street address and ZIP, within a source set: a release whose
 * facility id matches none (or that names none) is linked to the one facility of its state at
 * the same house number, street and ZIP. An address two facilities share links neither.
 */
import { normaliseStreet } from '@ust/domain/geocoding';

/** `UT|84720|1600 S HWY 191`; null without a ZIP or a house number, which would link too loosely. */
export function addressKey(state: string, zip: string | null, address: string | null): string | null {
  if (!zip || !address) return null;
  const street = normaliseStreet(address);
  if (!street?.number || street.street.length === 0) return null;
  return `${state}|${zip.slice(0, 5)}|${street.number} ${street.street.join(' ')}`;
}

export class FacilityAddresses {
  /** Key -> facility id, or null when more than one facility has it. */
  readonly #byKey = new Map<string, string | null>();

  add(facility: { facility_id: string; state: string; zip_code: string | null; address: string | null }): void {
    const key = addressKey(facility.state, facility.zip_code, facility.address);
    if (key === null) return;
    this.#byKey.set(key, this.#byKey.has(key) && this.#byKey.get(key) !== facility.facility_id ? null : facility.facility_id);
  }

  /** The one facility at this address, if any. */
  find(state: string, zip: string | null, address: string | null): string | null {
    const key = addressKey(state, zip, address);
    return key === null ? null : (this.#byKey.get(key) ?? null);
  }
}
