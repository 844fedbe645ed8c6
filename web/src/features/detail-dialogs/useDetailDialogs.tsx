import { useState } from 'react';
import { recordActivity } from '../../telemetry';
import { FacilityDetailsDialog } from '../facility-details/FacilityDetailsDialog';
import { ReleaseDetailsDialog } from '../release-details/ReleaseDetailsDialog';

export interface FacilityToOpen {
  id: string;
  /** The dialog's title while the details load. */
  name: string | null;
  /** Where the facility is, recorded with the view (docs/product.md section 7). */
  latitude: number | null;
  longitude: number | null;
}

interface OpenFacility {
  id: string;
  name: string | null;
}

/**
 * The facility and release details dialogs of a screen: `openFacility` and `openRelease` record
 * the view and open the dialog, `dialogs` is what the screen renders for them. A release chosen
 * in the facility dialog opens on top of it; closing either dialog leaves the other as it was.
 */
export function useDetailDialogs() {
  const [facility, setFacility] = useState<OpenFacility | null>(null);
  const [releaseId, setReleaseId] = useState<string | null>(null);

  function openFacility({ id, name, latitude, longitude }: FacilityToOpen) {
    recordActivity('facility_view', { facility_id: id, location_lat: latitude, location_lon: longitude });
    setFacility({ id, name });
  }

  function openRelease(id: string) {
    recordActivity('release_view', { release_id: id });
    setReleaseId(id);
  }

  // Keyed by id: another facility or release is a new dialog, not the last one's state with new props.
  const dialogs = (
    <>
      {facility && (
        <FacilityDetailsDialog
          key={facility.id}
          facilityId={facility.id}
          facilityName={facility.name}
          onClose={() => setFacility(null)}
          onOpenRelease={openRelease}
        />
      )}
      {releaseId && <ReleaseDetailsDialog key={releaseId} releaseId={releaseId} onClose={() => setReleaseId(null)} />}
    </>
  );

  return { openFacility, openRelease, dialogs };
}
