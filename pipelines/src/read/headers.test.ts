import { describe, expect, it } from 'vitest';
import { FACILITY_ALIASES, RELEASE_ALIASES } from './aliases.js';
import { bindHeaders, headerKey } from './headers.js';

describe('headerKey', () => {
  it('makes the spellings of one column one key', () => {
    expect(new Set(['FACILITYID', 'FacilityID', 'Facility ID', ' FacilityID '].map(headerKey))).toEqual(new Set(['facilityid']));
    expect(headerKey(' FacilityState')).toBe('facilitystate');
    expect(headerKey('Tank IDAssociatedwith Release')).toBe('tankidassociatedwithrelease');
  });
});

describe('bindHeaders', () => {
  it("reads Illinois' leading-space state column and reports the header as the file spells it (trimmed)", () => {
    const bound = bindHeaders(['FacilityID', 'FacilityCounty', ' FacilityState'], FACILITY_ALIASES);
    const row = bound.row(7, ['1000039', 'De Kalb', 'IL']);
    expect(row.get('id')).toBe('1000039');
    expect(row.get('state')).toBe('IL');
    expect(row.header('state')).toBe('FacilityState');
    expect(row.line).toBe(7);
  });

  it("reads DC's spaced release headers and the tribal layout through the same table", () => {
    const dc = bindHeaders(['Facility ID', 'LUSTID', 'Site Name', 'LUSTStatus', 'Reported Date'], RELEASE_ALIASES);
    const tribal = bindHeaders(['Land Location ID', 'LUST ID', 'Name', 'Status', 'Reported Date'], RELEASE_ALIASES);
    expect(dc.row(2, ['5010010', '2017018', 'BLADENSBURG RD LLC', 'No further action', '2017-09-21']).get('name')).toBe('BLADENSBURG RD LLC');
    expect(tribal.row(2, ['2323', 'Release 1', 'Museum', 'Closed', '24-NOV-1997']).get('status')).toBe('Closed');
    expect(tribal.has('facilityId')).toBe(false);
  });

  it('returns undefined for a column the file lacks or a short row', () => {
    const row = bindHeaders(['FacilityID', 'FacilityName'], FACILITY_ALIASES).row(2, ['1']);
    expect(row.get('name')).toBeUndefined();
    expect(row.get('zip')).toBeUndefined();
    expect(row.header('zip')).toBe('zip');
  });
});
