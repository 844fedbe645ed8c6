/**
 * County name keys that survive the spellings found in state files: case, accents,
 * 'County' / 'Parish' / 'Borough' suffixes, 'St.' for 'Saint', and spaces or punctuation
 * inside names ('De Kalb' = 'DeKalb', "Prince George's" = 'Prince Georges').
 */
const SUFFIX = /\s+(county|co\.?|parish|city and borough|borough|census area|municipality|municipio)$/;

/** The comparison key of a county name: lower-case letters and digits only. */
export function countyNameKey(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(SUFFIX, '')
    .replace(/\bste\.?\s+/g, 'sainte ')
    .replace(/\bst\.?\s+/g, 'saint ');
  return plain.replace(/[^a-z0-9]/g, '');
}

/**
 * County FIPS codes 500 and above are independent cities (Virginia's, Baltimore, St. Louis,
 * Carson City): a city that shares its name with a county is asked for as 'Richmond city'.
 */
export function isIndependentCity(fips: string): boolean {
  return Number(fips.slice(2)) >= 500;
}
