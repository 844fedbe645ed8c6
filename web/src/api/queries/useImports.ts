import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportJobAccepted, ImportRun, ImportsResponse } from '@ust/schemas';
import { useApiClient } from '../api-context';
import { saveFile } from '../save-file';
import { useAuthedQuery } from '../authed-query';
import { pollUntilSettled } from '../poll-until-settled';

/** How often Data Updates asks again while an import is queued or running. */
export const IMPORTS_REFRESH_MS = 2_000;
/** An upload of up to 500 MB (docs/decisions/0036-import-uploads.md) takes far longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

export const IMPORTS_QUERY_KEY = ['admin', 'imports'] as const;
export const LIVE_DATASET_QUERY_KEY = ['admin', 'live-dataset'] as const;

const settled = (run: ImportRun) => run.status === 'live' || run.status === 'failed';
const everyImportSettled = ({ imports }: ImportsResponse) => imports.every(settled);

/** GET /api/admin/imports, polled every 2 s while one is queued or running, and not otherwise. */
export function useImportsQuery() {
  return useAuthedQuery({
    queryKey: IMPORTS_QUERY_KEY,
    queryFn: (api, { signal }) => api.call('GET /api/admin/imports', { signal }),
    refetchInterval: pollUntilSettled(everyImportSettled, IMPORTS_REFRESH_MS),
    staleTime: 0,
    retry: false,
  });
}

/**
 * The live dataset (version, build time, real and generated counts) from the statistics, asked
 * afresh here rather than from the dashboard's 10-minute session copy: an import just changed it.
 * `newestBuild` is the newest dataset version the imports list shows.
 */
export function useLiveDatasetQuery(newestBuild: string | null) {
  return useAuthedQuery({
    // A build the imports list names that was not there before asks again.
    queryKey: [...LIVE_DATASET_QUERY_KEY, newestBuild],
    queryFn: (api, { signal }) => api.call('GET /api/facilities-statistics', { signal }),
    staleTime: 0,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: IMPORTS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: LIVE_DATASET_QUERY_KEY })]);
}

/** POST /api/admin/imports with the chosen files, each under its relative name (`DE/UST/tank.csv`). */
export function useUploadImportMutation() {
  const api = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationKey: ['admin', 'import-upload'],
    mutationFn: (files: readonly File[]) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.webkitRelativePath || file.name);
      return api.request<ImportJobAccepted>('POST', '/admin/imports', { body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
    },
    onSettled: refresh,
  });
}

/** POST /api/admin/imports/{id}/replay, or /api/admin/replay (every import from the beginning) without an id. */
export function useReplayMutation() {
  const api = useApiClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationKey: ['admin', 'import-replay'],
    mutationFn: (id: string | null) => (id ? api.call('POST /api/admin/imports/{id}/replay', { params: { id } }) : api.call('POST /api/admin/replay')),
    onSettled: refresh,
  });
}

/** GET /api/admin/imports/{id}/rejects as a file the browser saves (the request needs the token, so no plain link). */
export function useRejectsDownload() {
  const api = useApiClient();
  return async (id: string) => {
    const file = await api.download('GET /api/admin/imports/{id}/rejects', { params: { id } });
    saveFile(file.blob, file.fileName ?? `rejects-${id}.csv`);
  };
}
