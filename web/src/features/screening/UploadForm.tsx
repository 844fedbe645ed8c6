import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { saveFile, useUploadScreeningMutation } from '../../api';
import { SCREENING_LIMITS_TEXT, SCREENING_TEMPLATE_CSV, SCREENING_TEMPLATE_NAME } from './screening-format';
import { screeningPath } from './screening-paths';

/**
 * One CSV of locations. The server checks the file and names the line and column of what it
 * refused; that message is shown as it is. A file it accepts opens the screening's page.
 */
export function UploadForm() {
  const upload = useUploadScreeningMutation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const helpId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, { onSuccess: (accepted) => navigate(screeningPath(accepted.id)) });
  };
  const downloadTemplate = () => saveFile(new Blob([SCREENING_TEMPLATE_CSV], { type: 'text/csv' }), SCREENING_TEMPLATE_NAME);

  return (
    <section className="card screening-upload" aria-labelledby="screening-upload-title">
      <h2 id="screening-upload-title">Screen a portfolio</h2>
      <div id={helpId} className="screening-help">
        <p>
          Upload a CSV file with a header row and one location per row: a <code>reference</code> column (your own id for each location) and <code>address</code>
          , <code>city</code>, <code>state</code>, <code>zip</code> — or <code>latitude</code> and <code>longitude</code> instead of the address.
        </p>
        <p className="muted">
          At most {SCREENING_LIMITS_TEXT} per file. Each location is matched to a facility at that place, or screened for facilities and releases nearby.
        </p>
      </div>
      <form onSubmit={submit} aria-label="Upload a portfolio">
        <div className="screening-upload-row">
          <label htmlFor={fileId}>CSV file</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={helpId}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
          <button type="submit" className="button button-primary" disabled={!file || upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Start screening'}
          </button>
          <button type="button" className="button button-secondary" onClick={downloadTemplate}>
            Download template CSV
          </button>
        </div>
        {upload.isError && (
          <p className="screening-error" role="alert">
            The file was refused: {upload.error.message}
          </p>
        )}
      </form>
    </section>
  );
}
