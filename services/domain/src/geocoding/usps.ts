/**
 * USPS Publication 28 vocabulary: street suffixes (appendix C1), directionals and secondary
 * unit designators (appendix C2). Both sides of a match (the index and the query) go through
 * the same tables, so 'Street', 'Str' and 'St' are one word to the geocoder.
 */

/** Standard abbreviation -> the words that mean it (its full form first). */
const SUFFIXES: Record<string, readonly string[]> = {
  ALY: ['ALLEY', 'ALLEE', 'ALLY'],
  ANX: ['ANNEX', 'ANEX', 'ANNX'],
  ARC: ['ARCADE'],
  AVE: ['AVENUE', 'AV', 'AVEN', 'AVENU', 'AVN', 'AVNUE'],
  BCH: ['BEACH'],
  BLF: ['BLUFF', 'BLUF'],
  BLVD: ['BOULEVARD', 'BOUL', 'BOULV', 'BLV'],
  BND: ['BEND'],
  BR: ['BRANCH', 'BRNCH'],
  BRG: ['BRIDGE', 'BRDGE'],
  BRK: ['BROOK'],
  BYP: ['BYPASS', 'BYPA', 'BYPAS', 'BYPS'],
  BYU: ['BAYOU', 'BAYOO'],
  CIR: ['CIRCLE', 'CIRC', 'CIRCL', 'CRCL', 'CRCLE'],
  CLF: ['CLIFF'],
  CLB: ['CLUB'],
  CMN: ['COMMON'],
  COR: ['CORNER'],
  CORS: ['CORNERS'],
  CP: ['CAMP', 'CMP'],
  CPE: ['CAPE'],
  CRK: ['CREEK', 'CRK'],
  CRES: ['CRESCENT', 'CRSENT', 'CRSNT'],
  CRSE: ['COURSE'],
  CRST: ['CREST'],
  CSWY: ['CAUSEWAY', 'CAUSWA'],
  CT: ['COURT', 'CRT'],
  CTR: ['CENTER', 'CEN', 'CENT', 'CENTR', 'CENTRE', 'CNTER', 'CNTR'],
  CTS: ['COURTS'],
  CURV: ['CURVE'],
  CV: ['COVE'],
  CYN: ['CANYON', 'CANYN', 'CNYN'],
  DL: ['DALE'],
  DM: ['DAM'],
  DR: ['DRIVE', 'DRIV', 'DRV'],
  DV: ['DIVIDE', 'DIV', 'DVD'],
  EST: ['ESTATE'],
  ESTS: ['ESTATES'],
  EXPY: ['EXPRESSWAY', 'EXP', 'EXPR', 'EXPRESS', 'EXPW'],
  EXT: ['EXTENSION', 'EXTN', 'EXTNSN'],
  FLD: ['FIELD'],
  FLDS: ['FIELDS'],
  FLS: ['FALLS'],
  FLT: ['FLAT'],
  FRD: ['FORD'],
  FRG: ['FORGE', 'FORG'],
  FRK: ['FORK'],
  FRKS: ['FORKS'],
  FRST: ['FOREST', 'FORESTS'],
  FRY: ['FERRY', 'FRRY'],
  FT: ['FORT', 'FRT'],
  FWY: ['FREEWAY', 'FREEWY', 'FRWAY', 'FRWY'],
  GDN: ['GARDEN', 'GARDN', 'GRDEN', 'GRDN'],
  GDNS: ['GARDENS', 'GRDNS'],
  GLN: ['GLEN'],
  GRN: ['GREEN'],
  GRV: ['GROVE', 'GROV'],
  GTWY: ['GATEWAY', 'GATEWY', 'GATWAY', 'GTWAY'],
  HBR: ['HARBOR', 'HARB', 'HARBR', 'HRBOR'],
  HL: ['HILL'],
  HLS: ['HILLS'],
  HOLW: ['HOLLOW', 'HLLW', 'HOLLOWS', 'HOLWS'],
  HTS: ['HEIGHTS', 'HT'],
  HVN: ['HAVEN'],
  HWY: ['HIGHWAY', 'HIGHWY', 'HIWAY', 'HIWY', 'HWAY'],
  INLT: ['INLET'],
  IS: ['ISLAND', 'ISLND'],
  ISS: ['ISLANDS', 'ISLNDS'],
  JCT: ['JUNCTION', 'JCTION', 'JCTN', 'JUNCTN', 'JUNCTON'],
  KNL: ['KNOLL', 'KNOL'],
  KY: ['KEY'],
  LDG: ['LODGE', 'LDGE', 'LODG'],
  LK: ['LAKE'],
  LKS: ['LAKES'],
  LN: ['LANE'],
  LNDG: ['LANDING', 'LNDNG'],
  MDW: ['MEADOW'],
  MDWS: ['MEADOWS', 'MEDOWS'],
  ML: ['MILL'],
  MLS: ['MILLS'],
  MNR: ['MANOR'],
  MSN: ['MISSION', 'MISSN', 'MSSN'],
  MT: ['MOUNT', 'MNT'],
  MTN: ['MOUNTAIN', 'MNTAIN', 'MNTN', 'MOUNTIN', 'MTIN'],
  MTWY: ['MOTORWAY'],
  NCK: ['NECK'],
  OPAS: ['OVERPASS'],
  ORCH: ['ORCHARD', 'ORCHRD'],
  PKWY: ['PARKWAY', 'PARKWY', 'PKWAY', 'PKY', 'PW', 'PKWYS', 'PARKWAYS'],
  PL: ['PLACE'],
  PLN: ['PLAIN'],
  PLNS: ['PLAINS'],
  PLZ: ['PLAZA', 'PLZA'],
  PNE: ['PINE'],
  PNES: ['PINES'],
  PR: ['PRAIRIE', 'PRR'],
  PRT: ['PORT'],
  PT: ['POINT'],
  PTS: ['POINTS'],
  RADL: ['RADIAL', 'RAD', 'RADIEL'],
  RD: ['ROAD'],
  RDG: ['RIDGE', 'RDGE'],
  RDS: ['ROADS'],
  RIV: ['RIVER', 'RVR', 'RIVR'],
  RNCH: ['RANCH', 'RANCHES', 'RNCHS'],
  RPD: ['RAPID'],
  RST: ['REST'],
  RTE: ['ROUTE', 'RT'],
  SHL: ['SHOAL'],
  SHR: ['SHORE', 'SHOAR'],
  SHRS: ['SHORES', 'SHOARS'],
  SKWY: ['SKYWAY'],
  SMT: ['SUMMIT', 'SUMIT', 'SUMITT'],
  SPG: ['SPRING', 'SPNG', 'SPRNG'],
  SPGS: ['SPRINGS', 'SPNGS', 'SPRNGS'],
  SQ: ['SQUARE', 'SQR', 'SQRE', 'SQU'],
  ST: ['STREET', 'STRT', 'STR'],
  STA: ['STATION', 'STATN', 'STN'],
  STRA: ['STRAVENUE', 'STRAV', 'STRAVEN', 'STRAVN', 'STRVN', 'STRVNUE'],
  STRM: ['STREAM', 'STREME'],
  TER: ['TERRACE', 'TERR'],
  TPKE: ['TURNPIKE', 'TRNPK', 'TURNPK'],
  TRAK: ['TRACK', 'TRACKS', 'TRK', 'TRKS'],
  TRCE: ['TRACE', 'TRACES'],
  TRL: ['TRAIL', 'TRAILS', 'TRLS'],
  TRLR: ['TRAILER', 'TRLRS'],
  TUNL: ['TUNNEL', 'TUNEL', 'TUNLS', 'TUNNELS', 'TUNNL'],
  UN: ['UNION'],
  UPAS: ['UNDERPASS'],
  VIA: ['VIADUCT', 'VDCT', 'VIADCT'],
  VIS: ['VISTA', 'VIST', 'VST', 'VSTA'],
  VL: ['VILLE'],
  VLG: ['VILLAGE', 'VILL', 'VILLAG', 'VILLG', 'VILLIAGE'],
  VLY: ['VALLEY', 'VALLY', 'VLLY'],
  VW: ['VIEW'],
  XING: ['CROSSING', 'CRSSNG'],
  XRD: ['CROSSROAD'],
  // Kept whole by USPS, listed so that they count as suffixes.
  LOOP: ['LOOPS'],
  MALL: [],
  OVAL: ['OVL'],
  PARK: ['PARKS'],
  PASS: [],
  PATH: ['PATHS'],
  PIKE: ['PIKES'],
  ROW: [],
  RUN: [],
  WALK: ['WALKS'],
  WAY: ['WY'],
};

const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/** Words that mean the same in street and place names whatever their position. */
const OTHER_WORDS: Record<string, string> = {
  SAINT: 'ST',
  STE: 'ST',
  AND: '&',
  FIRST: '1ST',
  SECOND: '2ND',
  THIRD: '3RD',
  FOURTH: '4TH',
  FIFTH: '5TH',
  SIXTH: '6TH',
  SEVENTH: '7TH',
  EIGHTH: '8TH',
  NINTH: '9TH',
  TENTH: '10TH',
};

/** Secondary unit designators: the designator and the token after it are not part of a location. */
export const UNIT_DESIGNATORS: ReadonlySet<string> = new Set([
  'APT',
  'APARTMENT',
  'STE',
  'SUITE',
  'UNIT',
  'BLDG',
  'BUILDING',
  'FL',
  'FLOOR',
  'RM',
  'ROOM',
  'SPC',
  'SPACE',
  'DEPT',
  'OFC',
  'OFFICE',
  'LOT',
  'TRLR',
  'HNGR',
  'HANGAR',
  'PIER',
  'SLIP',
  '#',
]);

const SUFFIX_ABBREVIATION = new Map<string, string>();
for (const [abbreviation, words] of Object.entries(SUFFIXES)) {
  SUFFIX_ABBREVIATION.set(abbreviation, abbreviation);
  for (const word of words) SUFFIX_ABBREVIATION.set(word, abbreviation);
}
const DIRECTIONAL_SET = new Set(Object.values(DIRECTIONALS));

/** Long forms of a canonical word, for prefix matches while the user is still typing it. */
const LONG_FORMS = new Map<string, string[]>();
const addLongForm = (canonical: string, word: string) => {
  if (word === canonical) return;
  const forms = LONG_FORMS.get(canonical) ?? [];
  if (!forms.includes(word)) forms.push(word);
  LONG_FORMS.set(canonical, forms);
};
for (const [abbreviation, words] of Object.entries(SUFFIXES)) if (words[0]) addLongForm(abbreviation, words[0]);
for (const [word, abbreviation] of Object.entries(DIRECTIONALS)) addLongForm(abbreviation, word);
for (const [word, canonical] of Object.entries(OTHER_WORDS)) addLongForm(canonical, word);

/**
 * The one spelling a word is compared by: USPS suffix abbreviation, directional abbreviation,
 * SAINT -> ST, ordinals in digits. 'LAKE' and 'LK' are equal to the matcher even though an
 * address shows 'Lake St' (a suffix is abbreviated only in the suffix position, see
 * normaliseStreet).
 */
export function canonicalWord(word: string): string {
  return DIRECTIONALS[word] ?? OTHER_WORDS[word] ?? SUFFIX_ABBREVIATION.get(word) ?? word;
}

/** The full words a canonical word stands for ('RD' -> ['ROAD']). */
export function longFormsOf(canonical: string): readonly string[] {
  return LONG_FORMS.get(canonical) ?? [];
}

export function suffixAbbreviation(word: string): string | undefined {
  return SUFFIX_ABBREVIATION.get(word);
}

export function directionalAbbreviation(word: string): string | undefined {
  return DIRECTIONALS[word] ?? (DIRECTIONAL_SET.has(word) ? word : undefined);
}

export function isDirectional(word: string): boolean {
  return DIRECTIONAL_SET.has(canonicalWord(word));
}
