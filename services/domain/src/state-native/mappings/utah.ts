/**
 * Utah's own exports (shared/data/state-native/UT): its petroleum storage facilities (fac.csv)
 * and its leaking-tank cases (ut_lust.csv). A case names its facility by FACILITYID, the
 * facilities' FacilityID (and the UST workbook's); its DERRID is a site code of another system.
 * Blank cells are written `<blank>`; dates `7/18/1990 12:00:00 AM`.
 */
import type { NativeRow, StateMapping } from '../mapping.js';

const BLANKS = ['<blank>'];

/** `7/18/1990 12:00:00 AM` -> `7/18/1990`: the time is always midnight. */
const day = (column: string) => (row: NativeRow) => row.get(column).split(' ')[0] ?? '';

export const utahFacilities: StateMapping = {
  title: 'Utah facilities (fac.csv)',
  state: 'UT',
  format: 'epa-facility',
  signature: ['DERRID', 'LOCNAME', 'FacilityID', 'DDLat', 'DDLon'],
  blanks: BLANKS,
  columns: {
    FacilityID: 'FacilityID',
    FacilityName: 'LOCNAME',
    FacilityAddress1: 'LOCSTR',
    FacilityCity: 'LOCCITY',
    FacilityCounty: 'LOCCOUNTY',
    FacilityState: 'LOCSTATE',
    FacilityZipCode: 'LOCZIP',
    FacilityType1: 'FACILITYDE',
    FacilityLatitude: 'DDLat',
    FacilityLongitude: 'DDLon',
    FacilityCoordinateSource: 'UTMDESC',
  },
};

export const utahReleases: StateMapping = {
  title: "Utah's leaking-tank cases (ut_lust.csv)",
  state: 'UT',
  format: 'epa-release',
  signature: ['LUSTKEY', 'DERRID', 'NOTIFICATI', 'DATECLOSE', 'FACILITYID'],
  blanks: BLANKS,
  reads: ['MAPLABEL'],
  columns: {
    LUSTID: 'LUSTKEY',
    FacilityID: 'FACILITYID',
    // 'FYG - MUNICIPAL AIRPORT': the site code, then the facility's name.
    SiteName: (row) => row.get('MAPLABEL').replace(/^[^-]*-\s*/, ''),
    State: () => 'UT',
    ReportedDate: day('NOTIFICATI'),
    NFADate: day('DATECLOSE'),
    // A case with a closing date was closed by the state; one without is open.
    LUSTStatus: (row) => (row.get('DATECLOSE') ? 'Closed' : 'Open'),
  },
};
