import { useId, useState } from 'react';
import { useScreeningSummaryDownload, type ScreeningPaper } from '../../api';
import { ExportButtons, type ExportOption } from '../../components/ExportButtons';

/** The result as CSV (every row and column), as a workbook, and the one-page summary PDF. */
export function ScreeningDownloads({ id }: { id: string }) {
  const options: ExportOption[] = [
    { label: 'Download CSV', download: { route: 'GET /api/screenings/{id}/export/csv', request: { params: { id } }, fallbackName: `screening-${id}.csv` } },
    {
      label: 'Download XLSX',
      download: { route: 'GET /api/screenings/{id}/export/xlsx', request: { params: { id } }, fallbackName: `screening-${id}.xlsx` },
    },
  ];
  return (
    <div className="screening-downloads">
      <ExportButtons options={options} label="Download the screening" />
      <SummaryDownload id={id} />
    </div>
  );
}

function SummaryDownload({ id }: { id: string }) {
  const summary = useScreeningSummaryDownload();
  const [paper, setPaper] = useState<ScreeningPaper>('letter');
  const paperId = useId();
  return (
    <div className="screening-summary-download">
      <label htmlFor={paperId}>Paper</label>
      <select id={paperId} value={paper} onChange={(event) => setPaper(event.target.value as ScreeningPaper)}>
        <option value="letter">Letter</option>
        <option value="a4">A4</option>
      </select>
      <button type="button" className="button button-secondary button-small" disabled={summary.isPending} onClick={() => summary.mutate({ id, paper })}>
        {summary.isPending ? 'Preparing PDF...' : 'Download PDF summary'}
      </button>
      {summary.isError && (
        <span className="export-error" role="alert">
          The summary could not be downloaded: {summary.error.message}
        </span>
      )}
    </div>
  );
}
