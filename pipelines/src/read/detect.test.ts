import { describe, expect, it } from 'vitest';
import { detectFormat } from '@ust/domain/uploads';

describe('detectFormat', () => {
  it('recognises the template files by their headers', () => {
    expect(detectFormat(['FACILITYID', 'FacilityName', 'OwnerType'])).toBe('epa-facility');
    expect(detectFormat(['FacilityID', 'TankID', 'TankName', 'TankLocation', 'TankStatus'])).toBe('epa-tank');
    expect(detectFormat(['FacilityID', 'TankID', 'CompartmentID', 'CompartmentSubstanceStored'])).toBe('epa-compartment');
    expect(detectFormat(['FacilityID', 'TankID', 'CompartmentID', 'PipingID', 'Piping Style'])).toBe('epa-piping');
    expect(detectFormat(['Facility ID', 'Tank IDAssociatedwith Release', 'LUSTID', 'Site Name'])).toBe('epa-release');
    expect(detectFormat(['FacilityID', 'LUSTID', 'SiteName', 'LUSTStatus'])).toBe('epa-release');
    expect(detectFormat(['FacilityID', 'Actual Lat', 'Actual Long'])).toBe('coordinate-corrections');
  });

  it('recognises the UST Finder layout', () => {
    expect(detectFormat(['Region', 'Land Location ID', 'Location ID', 'Tribe', 'Name', 'Open USTs'])).toBe('finder-facility');
    expect(detectFormat(['Region', 'Land Location ID', 'Location ID', 'Tank ID', 'Tank Status'])).toBe('finder-tank');
    expect(detectFormat(['Region', 'Land Location ID', 'Location ID', 'LUST ID', 'Name'])).toBe('finder-release');
  });

  it('passes over dispensers and lookup tables', () => {
    expect(detectFormat(['FacilityID', 'Dispenser ID', 'Dispenser UDC'])).toBeNull();
    expect(detectFormat(['FacilityID', 'DispenserID', 'DispenserUDC', 'DispenserUDCWallType'])).toBeNull();
    expect(detectFormat(['Cause', 'Unnamed: 1', 'Unnamed: 2'])).toBeNull();
    expect(detectFormat(['Substance Group', 'Substance', 'Federally Regulated'])).toBeNull();
  });
});
