/**
 * US states, DC and the territories: 2-digit FIPS code -> USPS code and name. The FIPS keys are
 * the prefixes of us-atlas county ids, so a county's state is `STATE_CODES[fips.slice(0, 2)]`.
 */
export const STATE_CODES: Record<string, { code: string; name: string }> = {
  '01': { code: 'AL', name: 'Alabama' },
  '02': { code: 'AK', name: 'Alaska' },
  '04': { code: 'AZ', name: 'Arizona' },
  '05': { code: 'AR', name: 'Arkansas' },
  '06': { code: 'CA', name: 'California' },
  '08': { code: 'CO', name: 'Colorado' },
  '09': { code: 'CT', name: 'Connecticut' },
  '10': { code: 'DE', name: 'Delaware' },
  '11': { code: 'DC', name: 'District of Columbia' },
  '12': { code: 'FL', name: 'Florida' },
  '13': { code: 'GA', name: 'Georgia' },
  '15': { code: 'HI', name: 'Hawaii' },
  '16': { code: 'ID', name: 'Idaho' },
  '17': { code: 'IL', name: 'Illinois' },
  '18': { code: 'IN', name: 'Indiana' },
  '19': { code: 'IA', name: 'Iowa' },
  '20': { code: 'KS', name: 'Kansas' },
  '21': { code: 'KY', name: 'Kentucky' },
  '22': { code: 'LA', name: 'Louisiana' },
  '23': { code: 'ME', name: 'Maine' },
  '24': { code: 'MD', name: 'Maryland' },
  '25': { code: 'MA', name: 'Massachusetts' },
  '26': { code: 'MI', name: 'Michigan' },
  '27': { code: 'MN', name: 'Minnesota' },
  '28': { code: 'MS', name: 'Mississippi' },
  '29': { code: 'MO', name: 'Missouri' },
  '30': { code: 'MT', name: 'Montana' },
  '31': { code: 'NE', name: 'Nebraska' },
  '32': { code: 'NV', name: 'Nevada' },
  '33': { code: 'NH', name: 'New Hampshire' },
  '34': { code: 'NJ', name: 'New Jersey' },
  '35': { code: 'NM', name: 'New Mexico' },
  '36': { code: 'NY', name: 'New York' },
  '37': { code: 'NC', name: 'North Carolina' },
  '38': { code: 'ND', name: 'North Dakota' },
  '39': { code: 'OH', name: 'Ohio' },
  '40': { code: 'OK', name: 'Oklahoma' },
  '41': { code: 'OR', name: 'Oregon' },
  '42': { code: 'PA', name: 'Pennsylvania' },
  '44': { code: 'RI', name: 'Rhode Island' },
  '45': { code: 'SC', name: 'South Carolina' },
  '46': { code: 'SD', name: 'South Dakota' },
  '47': { code: 'TN', name: 'Tennessee' },
  '48': { code: 'TX', name: 'Texas' },
  '49': { code: 'UT', name: 'Utah' },
  '50': { code: 'VT', name: 'Vermont' },
  '51': { code: 'VA', name: 'Virginia' },
  '53': { code: 'WA', name: 'Washington' },
  '54': { code: 'WV', name: 'West Virginia' },
  '55': { code: 'WI', name: 'Wisconsin' },
  '56': { code: 'WY', name: 'Wyoming' },
  '60': { code: 'AS', name: 'American Samoa' },
  '66': { code: 'GU', name: 'Guam' },
  '69': { code: 'MP', name: 'Northern Mariana Islands' },
  '72': { code: 'PR', name: 'Puerto Rico' },
  '78': { code: 'VI', name: 'U.S. Virgin Islands' },
};

const normalizeStateName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\bcommonwealth of( the)?\b/g, '')
    .replace(/\bunited states\b|\bu\.s\.?/g, '')
    .replace(/[^a-z]/g, '');

const fipsByCode = new Map<string, string>();
const codeByName = new Map<string, string>();
for (const [fips, { code, name }] of Object.entries(STATE_CODES)) {
  fipsByCode.set(code, fips);
  codeByName.set(normalizeStateName(name), code);
}
// EPA's performance measures spell the Northern Mariana Islands 'CM' (not the USPS 'MP').
fipsByCode.set('CM', '69');
codeByName.set('washingtondc', 'DC');
codeByName.set('virginislands', 'VI');

/** The 2-digit state FIPS of a USPS code ('DE' -> '10'), or null when unknown. */
export function stateFipsOf(code: string): string | null {
  return fipsByCode.get(code.trim().toUpperCase()) ?? null;
}

/** The USPS code of a state name ('Maine' -> 'ME'; case and punctuation ignored), or null. */
export function stateCodeOfName(name: string): string | null {
  return codeByName.get(normalizeStateName(name)) ?? null;
}

/** The USPS code of a 2-digit state FIPS or of a 5-digit county FIPS, or null. */
export function stateCodeOfFips(fips: string): string | null {
  return STATE_CODES[fips.slice(0, 2)]?.code ?? null;
}
