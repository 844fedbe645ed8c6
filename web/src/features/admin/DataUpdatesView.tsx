/**
 * Data Updates (docs/decisions/0019-admin-and-broker-tools.md, 0036-import-uploads.md): the
 * live dataset, an upload form for EPA template or UST Finder CSV files or a ZIP of them (a
 * state folder, sent as it is or zipped, keeps its `DE/UST/...` names, which tank files need
 * for their state), the imports with live progress bars (polled every 2 s while one runs) and,
 * for one a crash cut off, its attempts, their rejects as CSV, and replays, each asked to be
 * confirmed first.
 */
import { useId, useState, type FormEvent } from 'react';
import type { FacilityStatistics, ImportRun } from '@ust/schemas';
import { useImportsQuery, useLiveDatasetQuery, useRejectsDownload, useReplayMutation, useUploadImportMutation } from '../../api';
import { DataTable } from '../../components/DataTable';
import { formatCount, formatTimestamp } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Modal, ModalHeader } from '../../components/Modal';
import { Time } from './Badges';
import { LoadFailure } from './LoadFailure';
import { newestBuild } from './data-updates-format';
import { importColumns } from './import-columns';
import { useFailureLog } from './useAdminData';
import './data-updates.css';

export function DataUpdatesView() {
  const imports = useImportsQuery();
  useFailureLog('imports', imports);
  const [replay, setReplay] = useState<{ id: string | null } | null>(null);
  return (
    <section className="data-updates" aria-labelledby="data-updates-title">
      <h3 id="data-updates-title">Data Updates</h3>
      <LiveDataset newestBuild={newestBuild(imports.data?.imports ?? [])} />
      <UploadForm />
      <p>
        <button type="button" className="button button-secondary" onClick={() => setReplay({ id: null })}>
          Replay from the beginning
        </button>
      </p>
      {imports.isPending && <Loading text="Reading the imports..." />}
      <LoadFailure what="the imports" query={imports} />
      {imports.data && <ImportsTable runs={imports.data.imports} onReplay={(id) => setReplay({ id })} />}
      {replay && <ConfirmReplay id={replay.id} onClose={() => setReplay(null)} />}
    </section>
  );
}

function LiveDataset({ newestBuild }: { newestBuild: string | null }) {
  const query = useLiveDatasetQuery(newestBuild);
  if (query.isPending) return <Loading text="Reading the live dataset..." />;
  if (!query.data) return <p className="muted">No dataset is live yet.</p>;
  return <LiveDatasetFigures statistics={query.data} />;
}

function LiveDatasetFigures({ statistics }: { statistics: FacilityStatistics }) {
  const { sources } = statistics;
  return (
    <dl className="data-updates-live" aria-label="Live dataset">
      <div>
        <dt>Live dataset version</dt>
        <dd data-testid="live-dataset-version">{statistics.dataset_version}</dd>
      </div>
      <div>
        <dt>Built</dt>
        <dd>
          <Time iso={statistics.generated_at} format={formatTimestamp} />
        </dd>
      </div>
      <div>
        <dt>Facilities (real / generated)</dt>
        <dd>
          {formatCount(sources.real_facilities)} / {formatCount(sources.generated_facilities)}
        </dd>
      </div>
      <div>
        <dt>Releases (real / generated)</dt>
        <dd>
          {formatCount(sources.real_releases)} / {formatCount(sources.generated_releases)}
        </dd>
      </div>
    </dl>
  );
}

function UploadForm() {
  const upload = useUploadImportMutation();
  const [files, setFiles] = useState<File[]>([]);
  const filesId = useId();
  const folderId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length) upload.mutate(files, { onSuccess: () => setFiles([]) });
  };
  return (
    <form className="data-updates-upload" onSubmit={submit} aria-label="Upload an import">
      <label htmlFor={folderId}>State folder (e.g. DE with UST/ and Releases/)</label>
      {/* webkitdirectory: the browser sends each file's path in the folder, which tank files need for their state. */}
      <input
        id={folderId}
        type="file"
        data-testid="import-folder"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(event) => setFiles([...(event.target.files ?? [])].filter((file) => /\.(csv|xlsx)$/i.test(file.name)))}
      />
      <label htmlFor={filesId}>or CSV files, EPA template workbooks (.xlsx), or a ZIP of them (up to 500 MB)</label>
      <input
        id={filesId}
        type="file"
        multiple
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.zip,application/zip"
        onChange={(event) => setFiles([...(event.target.files ?? [])])}
      />
      <button type="submit" className="button button-primary" disabled={!files.length || upload.isPending}>
        {upload.isPending ? 'Uploading...' : `Import ${files.length ? `${files.length} file${files.length === 1 ? '' : 's'}` : ''}`.trim()}
      </button>
      {upload.error && (
        <p className="admin-failure" role="alert">
          The upload was refused: {upload.error.message}
        </p>
      )}
      {upload.data && (
        <p role="status" className="muted">
          Import {upload.data.id} queued.
        </p>
      )}
    </form>
  );
}

function ImportsTable({ runs, onReplay }: { runs: ImportRun[]; onReplay: (id: string) => void }) {
  const download = useRejectsDownload();
  return (
    <DataTable
      rows={runs}
      columns={importColumns({ onDownloadRejects: (id) => void download(id), onReplay })}
      rowKey={(run) => run.id}
      rowAttributes={(run) => ({ 'data-import': run.id, 'data-status': run.status })}
      wrapperClassName="admin-table-scroll"
      className="admin-table data-updates-imports"
      caption="Imports, newest first"
      empty={<p className="admin-empty muted">No imports yet.</p>}
    />
  );
}

function ConfirmReplay({ id, onClose }: { id: string | null; onClose: () => void }) {
  const replay = useReplayMutation();
  const titleId = useId();
  const title = id ? `Replay import ${id}?` : 'Replay every import from the beginning?';
  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <ModalHeader titleId={titleId} title={title} onClose={onClose} />
      <div className="modal-body admin-confirm">
        <p className="muted">
          {id
            ? 'Its files are read again under the same id and version; the same rows come out and the derived data is rebuilt.'
            : 'Every live import is read again from its stored files, oldest first, and the derived data is rebuilt.'}
        </p>
        {replay.error && (
          <p className="admin-failure" role="alert">
            The replay was refused: {replay.error.message}
          </p>
        )}
        <div className="admin-confirm-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={replay.isPending} onClick={() => replay.mutate(id, { onSuccess: onClose })}>
            {replay.isPending ? 'Starting...' : 'Replay'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
