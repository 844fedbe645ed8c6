/**
 * The release details dialog (docs/product.md section 2): 'Release/Leak Details', the
 * status badge, key information and the additional fields of GET /releases/{id}
 * (docs/product.md section 3 and docs/decisions/0010-release-fields.md).
 */
import { useId } from 'react';
import type { ReleaseDetails } from '@ust/schemas';
import { useReleaseDetailsQuery } from '../../api';
import { ReleaseStatusBadge } from '../../components/Badges';
import { DetailSection, FieldGrid, SourceLabel } from '../../components/DetailSection';
import { formatCoordinate, formatCount, formatText as text, formatYesNo, NOT_AVAILABLE } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Modal, ModalBody, ModalError, ModalHeader } from '../../components/Modal';

export interface ReleaseDetailsDialogProps {
  releaseId: string;
  onClose: () => void;
}

export const RELEASE_DIALOG_TITLE = 'Release/Leak Details';

export function ReleaseDetailsDialog({ releaseId, onClose }: ReleaseDetailsDialogProps) {
  const titleId = useId();
  const { data: release, error, isPending } = useReleaseDetailsQuery(releaseId);

  let body;
  if (error) {
    body = <ModalError titleId={titleId} message="Failed to load release details" detail={error.message} onClose={onClose} />;
  } else if (isPending) {
    body = (
      <>
        <ModalHeader titleId={titleId} title={RELEASE_DIALOG_TITLE} onClose={onClose} />
        <Loading text="Loading release details..." />
      </>
    );
  } else {
    body = (
      <>
        <ModalHeader titleId={titleId} title={RELEASE_DIALOG_TITLE} onClose={onClose}>
          <p className="modal-subtitle">
            <ReleaseStatusBadge status={release.Status} statusClass={release.Status_Class} /> LUST ID {release.LUST_ID} ·{' '}
            <SourceLabel source={release.source} isGenerated={release.is_generated} importId={release.import_id} />
          </p>
        </ModalHeader>
        <ModalBody titleId={titleId}>
          <DetailSection title="Key Information">
            <FieldGrid fields={keyFields(release)} />
          </DetailSection>
          <DetailSection title="Additional Data Fields">
            <FieldGrid fields={additionalFields(release)} />
          </DetailSection>
        </ModalBody>
      </>
    );
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      {body}
    </Modal>
  );
}

function keyFields(release: ReleaseDetails) {
  return [
    { label: 'LUST ID', value: release.LUST_ID },
    { label: 'Name', value: text(release.Name) },
    { label: 'Address', value: text(release.Address) },
    { label: 'City', value: text(release.City) },
    { label: 'County', value: text(release.County) },
    { label: 'State', value: release.State },
    { label: 'ZIP Code', value: text(release.Zip_Code) },
    { label: 'Latitude', value: formatCoordinate(release.Latitude) },
    { label: 'Longitude', value: formatCoordinate(release.Longitude) },
    // A point placed at a ZIP or town is not the site's (docs/decisions/0110-located-by.md).
    ...(release.location_note ? [{ label: 'Location', value: release.location_note }] : []),
    { label: 'Coordinate Source', value: text(release.Coordinate_Source) },
    { label: 'Address Match Type', value: text(release.Address_Match_Type) },
    { label: 'Reported Date', value: text(release.Reported_Date) },
    { label: 'Status', value: <ReleaseStatusBadge status={release.Status} statusClass={release.Status_Class} /> },
    { label: 'Substance', value: text(release.Substance) },
  ];
}

/** The receptor and protection-area fields (the spec's two {hash} fields are the 1,500 ft counts). */
function additionalFields(release: ReleaseDetails) {
  return [
    { label: 'Population within 1,500 ft', value: formatCount(release.Population_within_1500ft) },
    { label: 'Domestic Wells within 1,500 ft', value: formatCount(release.DomesticWells_within_1500ft) },
    { label: 'Land Use', value: text(release.LandUse) },
    { label: 'Within Source Protection Area', value: formatYesNo(release.Within_SPA) },
    { label: 'SPA PWS Facility ID', value: text(release.SPA_PWS_FacilityID) },
    { label: 'SPA Water Type', value: text(release.SPA_Water_Type) },
    { label: 'SPA Facility Type', value: text(release.SPA_Facility_Type) },
    { label: 'Within Wellhead Protection Area', value: formatYesNo(release.Within_WHPA) },
    { label: 'WHPA PWS Facility ID', value: text(release.WHPA_PWS_FacilityID) },
    { label: 'WHPA Water Type', value: text(release.WHPA_Water_Type) },
    { label: 'WHPA Facility Type', value: text(release.WHPA_Facility_Type) },
    { label: 'Within 100-year Floodplain', value: formatYesNo(release.Within_100yr_Floodplain) },
    { label: 'Tribe', value: text(release.Tribe) },
    { label: 'EPA Region', value: release.EPA_Region === null ? NOT_AVAILABLE : String(release.EPA_Region) },
    { label: 'Closed With Residual Contamination', value: formatYesNo(release.Closed_With_Residual_Contaminat) },
    { label: 'No Further Action Date', value: text(release.NFA_Date) },
    { label: 'Facility ID', value: text(release.Facility_ID) },
  ];
}
