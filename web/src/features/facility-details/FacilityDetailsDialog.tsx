/**
 * The facility details dialog (docs/product.md section 2): opened with an id and a name,
 * it loads GET /facilities/{id} and shows the key information, the risk breakdown, the
 * indicative pricing analysis, tanks, releases and every other field of the record, and lets
 * the user watch it.
 */
import { useId } from 'react';
import { useFacilityDetailsQuery } from '../../api';
import { SourceLabel } from '../../components/DetailSection';
import { Loading } from '../../components/Loading';
import { Modal, ModalBody, ModalError, ModalHeader } from '../../components/Modal';
import { ExposureSheetActions } from '../exposure-sheet/ExposureSheetActions';
import { WatchButton } from '../watchlists/WatchButton';
import { FacilityKeyInformation } from './FacilityKeyInformation';
import { AdditionalFields, ReleaseList, TankList } from './FacilityRecords';
import { PricingAnalysis } from './PricingAnalysis';
import { RiskBreakdown } from './RiskBreakdown';
import './details.css';

export interface FacilityDetailsDialogProps {
  facilityId: string;
  /** Shown as the title while the details load. */
  facilityName: string | null;
  onClose: () => void;
  /** A release of the facility was chosen: the host opens the release dialog on top. */
  onOpenRelease: (releaseId: string) => void;
}

export function FacilityDetailsDialog({ facilityId, facilityName, onClose, onOpenRelease }: FacilityDetailsDialogProps) {
  const titleId = useId();
  const { data: facility, error, isPending } = useFacilityDetailsQuery(facilityId);
  const title = facility?.Name ?? facilityName ?? 'Unnamed facility';

  let body;
  if (error) {
    body = <ModalError titleId={titleId} message="Failed to load facility details" detail={error.message} onClose={onClose} />;
  } else if (isPending) {
    body = (
      <>
        <ModalHeader titleId={titleId} title={title} onClose={onClose} />
        <Loading text="Loading facility details..." />
      </>
    );
  } else {
    body = (
      <>
        <ModalHeader titleId={titleId} title={title} onClose={onClose}>
          <p className="modal-subtitle">
            Facility {facility.Facility_ID} · <SourceLabel source={facility.source} isGenerated={facility.is_generated} importId={facility.import_id} />
          </p>
          <div className="facility-sheet-actions">
            <WatchButton facilityId={facility.Facility_ID} />
            <ExposureSheetActions facilityId={facility.Facility_ID} />
          </div>
        </ModalHeader>
        <ModalBody titleId={titleId}>
          <FacilityKeyInformation facility={facility} />
          <RiskBreakdown risk={facility.risk} />
          <PricingAnalysis pricing={facility.pricing} />
          <TankList tanks={facility.tanks} />
          <ReleaseList releases={facility.releases} onOpenRelease={onOpenRelease} />
          <AdditionalFields fields={facility.other_fields} />
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
