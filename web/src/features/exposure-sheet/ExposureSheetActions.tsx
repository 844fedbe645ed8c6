import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useExposureSheetDownload } from '../../api';
import { logger } from '../../telemetry';
import './exposure-sheet-actions.css';

/** Where a facility's exposure sheet opens. */
export const exposureSheetPath = (facilityId: string) => `/facilities/${encodeURIComponent(facilityId)}/sheet`;

/**
 * The exposure sheet's two ways out, for the facility dialog and the search card: its print
 * page, and its PDF. `describedBy` names the facility for screen readers.
 */
export function ExposureSheetActions({ facilityId, describedBy }: { facilityId: string; describedBy?: string }) {
  const download = useExposureSheetDownload();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function downloadPdf() {
    setState('busy');
    try {
      await download(facilityId);
      setState('idle');
    } catch (cause) {
      logger.error('EXPOSURE_SHEET', 'Exposure sheet download failed', {
        facility_id: facilityId,
        message: cause instanceof Error ? cause.message : String(cause),
      });
      setState('failed');
    }
  }

  return (
    <>
      <Link className="button button-secondary" to={exposureSheetPath(facilityId)} aria-describedby={describedBy}>
        Exposure sheet
      </Link>
      <button type="button" className="button button-secondary" aria-describedby={describedBy} disabled={state === 'busy'} onClick={() => void downloadPdf()}>
        {state === 'busy' ? 'Preparing PDF...' : 'Download exposure sheet (PDF)'}
      </button>
      {state === 'failed' && (
        <span role="alert" className="exposure-sheet-failed">
          The exposure sheet could not be downloaded.
        </span>
      )}
    </>
  );
}
