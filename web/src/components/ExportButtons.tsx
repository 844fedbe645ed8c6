import { useExportDownload, type ExportRequest } from '../api';
import './export-buttons.css';

/** One way to export a list: the button's words and what it downloads. */
export interface ExportOption {
  /** The button's accessible name and text, e.g. 'Export 1,234 rows as CSV'. */
  label: string;
  download: ExportRequest;
}

/**
 * The export buttons of a list (search results, a region's facilities, the admin lists): each
 * downloads its file with the signed-in user's token, says 'Exporting…' while it runs and why
 * it failed when it does.
 */
export function ExportButtons({ options, label }: { options: readonly ExportOption[]; label: string }) {
  return (
    <div className="export-buttons" role="group" aria-label={label}>
      {options.map((option) => (
        <ExportButton key={option.label} option={option} />
      ))}
    </div>
  );
}

function ExportButton({ option }: { option: ExportOption }) {
  const exporting = useExportDownload();
  return (
    <span className="export-button">
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => exporting.mutate(option.download)}
        disabled={exporting.isPending}
        aria-busy={exporting.isPending}
      >
        {option.label}
      </button>
      <span className="export-status" role="status">
        {exporting.isPending ? 'Exporting…' : ''}
      </span>
      {exporting.isError && (
        <span className="export-error" role="alert">
          Export failed: {exporting.error.message}
        </span>
      )}
    </span>
  );
}
