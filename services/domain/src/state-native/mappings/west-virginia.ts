/**
 * West Virginia's facilities (shared/data/state-native/WV/facilities.csv): the street, the town
 * and the ZIP in one address field (` 2195 SUTTON LN, FLATWOODS 26621`), and the active tanks as
 * text in one cell, `Diesel(40000)(2007) Gasoline(25000)(2007)`: substance, capacity in gallons
 * and installation year of each, which become tank records (numbered in the order listed: the
 * file has no tank ids). The file ends with a totals row without a facility id (rejected).
 */
import type { NativeRow, StateMapping } from '../mapping.js';

const SIGNATURE = ['Facility Id', 'Facility Name', 'Active Tank Details'];

/**
 * The facility id, unless the row names no facility: the file's last row sums the others (its
 * "id" 8833 is the count of facilities, then 3,842 active tanks) and is rejected as a row
 * without an id.
 */
const facilityId = (row: NativeRow) => (row.get('Facility Name') || row.get('Address') ? row.get('Facility Id') : '');

/** The street: the address before its last comma (the town and ZIP follow it, and have columns of their own). */
const street = (row: NativeRow) => row.get('Address').replace(/,[^,]*$/, '');

/** `Diesel(40000)(2007)` per tank. */
const TANK_DETAIL = /([^()]+?)\((\d+)\)\((\d{4})\)/g;

export const westVirginiaFacilities: StateMapping = {
  title: 'West Virginia facilities (facilities.csv)',
  state: 'WV',
  format: 'epa-facility',
  signature: SIGNATURE,
  reads: ['Facility Id', 'Address', 'Last  Inspection'],
  columns: {
    FacilityID: facilityId,
    FacilityName: 'Facility Name',
    FacilityAddress1: street,
    FacilityCity: 'City',
    FacilityZipCode: 'Zip',
    FacilityCounty: 'County',
    FacilityState: () => 'WV',
    OwnerType: 'Owner Type',
    FacilityType1: 'Facility Type',
    FacilityStatus: 'Facility Status',
    // '2022-08-24 10:10:00': the day.
    DateOfLastInspection: (row) => row.get('Last  Inspection').slice(0, 10),
  },
};

export const westVirginiaTanks: StateMapping = {
  title: 'West Virginia active tanks (facilities.csv, Active Tank Details)',
  state: 'WV',
  format: 'epa-tank',
  signature: SIGNATURE,
  reads: ['Facility Id', 'Facility Name', 'Address', 'Active Tank Details'],
  columns: {
    FacilityID: facilityId,
    TankID: () => '',
    TankStatus: () => 'Currently in use',
    SubstanceStored: () => '',
    TankCapacityGallons: () => '',
    TankInstallationDate: () => '',
  },
  expand: (row) =>
    [...row.get('Active Tank Details').matchAll(TANK_DETAIL)].map(([, substance, gallons, year], index) => ({
      TankID: String(index + 1),
      SubstanceStored: substance!.trim(),
      TankCapacityGallons: gallons!,
      TankInstallationDate: year!,
    })),
};
