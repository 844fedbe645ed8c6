/**
 * One alias table per record type: canonical field -> the header keys (see `headerKey`) it is
 * found under in EPA's UST and Release template exports and in UST Finder layout files.
 */
import type { AliasTable } from './headers.js';

export const FACILITY_ALIASES = {
  id: ['facilityid'],
  /** UST Finder: a facility is keyed by the land location and the location within it. */
  landLocationId: ['landlocationid'],
  locationId: ['locationid'],
  name: ['facilityname', 'name'],
  address1: ['facilityaddress1', 'facilityaddress', 'address'],
  address2: ['facilityaddress2', 'address2'],
  city: ['facilitycity', 'city'],
  county: ['facilitycounty', 'county'],
  state: ['facilitystate', 'state'],
  zip: ['facilityzipcode', 'facilityzip', 'zipcode', 'zip'],
  latitude: ['facilitylatitude', 'latitude'],
  longitude: ['facilitylongitude', 'longitude'],
  coordinateSource: ['facilitycoordinatesource', 'coordinatesource', 'latlonsource'],
  ownerType: ['ownertype', 'facilityownertype'],
  facilityType: ['facilitytype1', 'facilitytype'],
  facilityStatus: ['facilitystatus'],
  epaRegion: ['facilityeparegion', 'eparegion', 'region'],
  tribe: ['facilitytribe', 'tribe'],
  openUsts: ['openusts'],
  closedUsts: ['closedusts'],
  tosUsts: ['temporarilyoutofserviceusts', 'tosusts'],
  lastInspection: ['dateoflastinspection', 'lastinspectiondate'],
} as const satisfies AliasTable<string>;
export type FacilityField = keyof typeof FACILITY_ALIASES;

export const TANK_ALIASES = {
  facilityId: ['facilityid'],
  landLocationId: ['landlocationid'],
  locationId: ['locationid'],
  state: ['state'],
  tankId: ['tankid'],
  status: ['tankstatus'],
  installationDate: ['tankinstallationdate', 'installationdate'],
  removalDate: ['tankclosuredate', 'tankremovaldate', 'removaldate', 'closuredate'],
  capacity: ['tankcapacitygallons', 'capacitygallons', 'capacity'],
  substances: ['substancestored', 'substancesstored', 'tanksubstancestored'],
  wallType: ['tankwalltype'],
  secondaryContainment: ['tanksecondarycontainment'],
  material: ['tankmaterialdescription', 'tankmaterial'],
  cpSacrificialAnode: ['tankcorrosionprotectionsacrificialanode'],
  cpImpressedCurrent: ['tankcorrosionprotectionimpressedcurrent'],
  cpNotRequired: ['tankcorrosionprotectioncathodicnotrequired'],
  cpInteriorLining: ['tankcorrosionprotectioninteriorlining'],
  cpOther: ['tankcorrosionprotectionother'],
  cpUnknown: ['tankcorrosionprotectionunknown'],
} as const satisfies AliasTable<string>;
export type TankField = keyof typeof TANK_ALIASES;

/** Corrosion protection columns of the tank file and how the record names them. */
export const CORROSION_PROTECTION_LABELS: readonly (readonly [TankField, string])[] = [
  ['cpSacrificialAnode', 'Sacrificial anode'],
  ['cpImpressedCurrent', 'Impressed current'],
  ['cpInteriorLining', 'Interior lining'],
  ['cpNotRequired', 'Cathodic protection not required'],
  ['cpOther', 'Other'],
];

/** Compartments carry a tank's substances, capacity and tank release detection. */
export const COMPARTMENT_ALIASES = {
  facilityId: ['facilityid'],
  tankId: ['tankid'],
  status: ['compartmentstatus'],
  substance: ['compartmentsubstancestored'],
  capacity: ['compartmentcapacitygallons'],
  interstitial: ['tankinterstitialmonitoring'],
  atg: ['tankautomatictankgaugingreleasedetection'],
  atgContinuous: ['automatictankgaugingcontinuousleakdetection'],
  manualGauging: ['tankmanualtankgauging'],
  sir: ['tankstatisticalinventoryreconciliation'],
  tightness: ['tanktightnesstesting'],
  inventoryControl: ['tankinventorycontrol'],
  groundwater: ['tankgroundwatermonitoring'],
  vapor: ['tankvapormonitoring'],
  subpartKTightness: ['tanksubpartktightnesstesting'],
  subpartKOther: ['tanksubpartkother'],
  other: ['tankotherreleasedetection'],
} as const satisfies AliasTable<string>;
export type CompartmentField = keyof typeof COMPARTMENT_ALIASES;

/** A workbook's Tank Substance sheet: one row per substance a tank stores. */
export const TANK_SUBSTANCE_ALIASES = {
  facilityId: ['facilityid'],
  tankId: ['tankid'],
  substance: ['substance'],
} as const satisfies AliasTable<string>;
export type TankSubstanceField = keyof typeof TANK_SUBSTANCE_ALIASES;

export const TANK_RELEASE_DETECTION_LABELS: readonly (readonly [CompartmentField, string])[] = [
  ['interstitial', 'Interstitial monitoring'],
  ['atg', 'Automatic tank gauging'],
  ['atgContinuous', 'Continuous in-tank leak detection'],
  ['manualGauging', 'Manual tank gauging'],
  ['sir', 'Statistical inventory reconciliation'],
  ['tightness', 'Tank tightness testing'],
  ['inventoryControl', 'Inventory control'],
  ['groundwater', 'Groundwater monitoring'],
  ['vapor', 'Vapor monitoring'],
  ['subpartKTightness', 'Subpart K tightness testing'],
  ['subpartKOther', 'Subpart K other method'],
  ['other', 'Other release detection'],
];

/** Piping carries the line's release detection. */
export const PIPING_ALIASES = {
  facilityId: ['facilityid'],
  tankId: ['tankid'],
  lineLeakDetector: ['pipinglineleakdetector'],
  automatedInterstitial: ['pipingautomatedintersticialmonitoring', 'pipingautomatedinterstitialmonitoring'],
  lineTestAnnual: ['pipinglinetestannual'],
  lineTest3yr: ['pipinglinetest3yr'],
  groundwater: ['pipinggroundwatermonitoring'],
  vapor: ['pipingvapormonitoring'],
  interstitial: ['pipinginterstitialmonitoring'],
  sir: ['pipingstatisticalinventoryreconciliation'],
  other: ['pipingreleasedetectionother'],
  subpartKLineTest: ['pipingsubpartklinetest'],
  subpartKOther: ['pipingsubpartkother'],
} as const satisfies AliasTable<string>;
export type PipingField = keyof typeof PIPING_ALIASES;

/** Prefixed 'Piping:' so that the protection score can tell line methods from tank methods. */
export const PIPING_RELEASE_DETECTION_LABELS: readonly (readonly [PipingField, string])[] = [
  ['lineLeakDetector', 'Piping: line leak detector'],
  ['automatedInterstitial', 'Piping: automated interstitial monitoring'],
  ['lineTestAnnual', 'Piping: annual line test'],
  ['lineTest3yr', 'Piping: line test every 3 years'],
  ['groundwater', 'Piping: groundwater monitoring'],
  ['vapor', 'Piping: vapor monitoring'],
  ['interstitial', 'Piping: interstitial monitoring'],
  ['sir', 'Piping: statistical inventory reconciliation'],
  ['other', 'Piping: other release detection'],
  ['subpartKLineTest', 'Piping: Subpart K line test'],
  ['subpartKOther', 'Piping: Subpart K other method'],
];

export const RELEASE_ALIASES = {
  // ReleaseID and USTReleaseStatus: the 2025 template's names (the workbooks EPA receives).
  id: ['lustid', 'releaseid'],
  facilityId: ['facilityid'],
  landLocationId: ['landlocationid'],
  locationId: ['locationid'],
  name: ['sitename', 'name'],
  address1: ['siteaddress', 'siteaddress1', 'address'],
  address2: ['siteaddress2', 'address2'],
  city: ['sitecity', 'city'],
  county: ['county', 'sitecounty'],
  state: ['state', 'sitestate'],
  zip: ['zipcode', 'zip', 'sitezipcode'],
  latitude: ['latitude'],
  longitude: ['longitude'],
  coordinateSource: ['coordinatesource', 'latlonsource'],
  epaRegion: ['eparegion', 'region'],
  tribe: ['tribe'],
  status: ['luststatus', 'ustreleasestatus', 'status'],
  reportedDate: ['reporteddate'],
  nfaDate: ['nfadate'],
  substance: ['substance'],
  substance1: ['substancereleased1'],
  substance2: ['substancereleased2'],
  substance3: ['substancereleased3'],
  substance4: ['substancereleased4'],
  substance5: ['substancereleased5'],
  closedWithContamination: ['closedwithcontamination', 'closedwithresidualcontamination'],
} as const satisfies AliasTable<string>;
export type ReleaseField = keyof typeof RELEASE_ALIASES;

/** Vermont's `latlong.csv`: the state's corrected coordinates for some facilities. */
export const CORRECTION_ALIASES = {
  facilityId: ['facilityid'],
  latitude: ['actuallat', 'actuallatitude', 'latitude'],
  longitude: ['actuallong', 'actuallon', 'actuallongitude', 'longitude'],
} as const satisfies AliasTable<string>;
export type CorrectionField = keyof typeof CORRECTION_ALIASES;
