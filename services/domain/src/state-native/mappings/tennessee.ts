/**
 * Tennessee's UST environmental cases (shared/data/state-native/TN): one row per case of a
 * facility (Facilityid and Sitenumber, its case number there), with the site's address and no
 * coordinates. The list mixes every kind of case the state's UST division opens, told apart by
 * Currentstatus, a numbered step of the state's case workflow:
 *   0, 0a  suspected release (investigated, or closed without a confirmed release)
 *   1-1d   tank or line closure (a closure application, the closure done, expired)
 *   2      site check (a suspected release being checked)
 *   3      release investigation, 6 corrective action, 7 closure monitoring, 8 case closed
 *   9, 13  other, abandoned facility project
 * Only 3, 6, 7 and 8 are releases: a confirmed release's case goes through investigation and
 * corrective action to closure (docs/decisions/0112-tennessee-cases.md). The other rows are left
 * out and reported with their status. Dates are written `APR-05-1994`; causes, how a release was
 * found and the case manager have no template column and are listed as not mapped.
 */
import type { NativeRow, StateMapping } from '../mapping.js';

/** Tennessee's statuses of a confirmed release's case -> the template's release status. */
const RELEASE_STATUSES: Readonly<Record<string, string>> = {
  '3 release investigation': 'Active: site investigation',
  '6 corrective action': 'Active: corrective action',
  '7 closure monitoring': 'Active: general',
  '8 case closed': 'No further action',
};

/** The street: both address lines, the second only when there is one. */
const street = (row: NativeRow) => [row.get('Facilityaddress1'), row.get('Facilityaddress2')].filter(Boolean).join(', ');

export const tennesseeReleases: StateMapping = {
  title: "Tennessee's UST environmental cases (ust_all-tn-environmental-sites.csv)",
  state: 'TN',
  format: 'epa-release',
  signature: ['Facilityid', 'Sitenumber', 'Currentstatus', 'Discoverydate'],
  keep: { column: 'Currentstatus', values: Object.keys(RELEASE_STATUSES) },
  reads: ['Facilityid', 'Sitenumber', 'Facilityaddress1', 'Facilityaddress2'],
  columns: {
    // A facility's cases are numbered 1, 2, ...: the case is the facility's id and its number.
    LUSTID: (row) => (row.get('Facilityid') && row.get('Sitenumber') ? `${row.get('Facilityid')}-${row.get('Sitenumber')}` : ''),
    FacilityID: 'Facilityid',
    SiteName: 'Facilityname',
    SiteAddress: street,
    SiteCity: 'Facilitycity',
    SiteCounty: 'Facilitycounty',
    SiteState: () => 'TN',
    SiteZipCode: 'Facilityzip',
    ReportedDate: 'Discoverydate',
    LUSTStatus: 'Currentstatus',
    Substance: 'Productreleased',
  },
  values: { LUSTStatus: RELEASE_STATUSES },
};
