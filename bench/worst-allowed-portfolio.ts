/**
 * The worst portfolio file the upload rules allow (docs/decisions/0041-upload-field-limits.md):
 * MAX_SCREENING_ROWS rows in at most MAX_SCREENING_BYTES, each with an unbroken reference of
 * MAX_REFERENCE_CHARS, an address of MAX_ADDRESS_CHARS and the rest of a row's share of the
 * bytes in its city. Half the rows give a facility's coordinates, so they match it and carry
 * their long reference into the summary's top exposures; the other half give its street
 * address, padded to the limit, for the geocoder.
 */
import { MAX_ADDRESS_CHARS, MAX_FIELD_CHARS, MAX_REFERENCE_CHARS, MAX_SCREENING_BYTES, MAX_SCREENING_ROWS, type FacilityListItem } from '@ust/schemas';

/** What a row is made from: a facility of a county's list. */
export type PortfolioFacility = Pick<FacilityListItem, 'Address' | 'City' | 'State' | 'Zip_Code' | 'Latitude' | 'Longitude'>;

const HEADER = 'reference,address,city,state,zip,latitude,longitude';
const quote = (value: string | number | null) =>
  value === null ? '' : /[",\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
/** The text followed by one unbroken run of `filler` up to `length` characters. */
const padded = (text: string, length: number, filler: string) =>
  text.length >= length ? text.slice(0, length) : `${text} ${filler.repeat(length - text.length - 1)}`;

export function worstAllowedPortfolio(facilities: readonly PortfolioFacility[], rows = MAX_SCREENING_ROWS): string {
  const located = facilities.filter((facility) => facility.Address && facility.Latitude !== null && facility.Longitude !== null);
  if (located.length === 0) throw new Error('No facility with an address and coordinates to build the portfolio from');
  // Each row's share of the file's bytes, its line end included.
  const rowBudget = Math.floor((MAX_SCREENING_BYTES - HEADER.length - 2) / rows);
  const lines = [HEADER];
  for (let index = 0; index < rows; index++) {
    const facility = located[index % located.length]!;
    const reference = `R${String(index).padStart(6, '0')}`.padEnd(MAX_REFERENCE_CHARS, 'Q');
    const address = padded(facility.Address!, MAX_ADDRESS_CHARS, 'A');
    const byCoordinates = index % 2 === 0;
    const fields = (city: string) =>
      [reference, address, city, facility.State, facility.Zip_Code, byCoordinates ? facility.Latitude : null, byCoordinates ? facility.Longitude : null]
        .map(quote)
        .join(',');
    const room = rowBudget - 2 - Buffer.byteLength(fields(''));
    lines.push(fields(padded(facility.City ?? '', Math.max(0, Math.min(MAX_FIELD_CHARS, room)), 'C')));
  }
  const csv = `${lines.join('\r\n')}\r\n`;
  if (Buffer.byteLength(csv) > MAX_SCREENING_BYTES) throw new Error(`The portfolio came to ${Buffer.byteLength(csv)} bytes, over ${MAX_SCREENING_BYTES}`);
  return csv;
}
