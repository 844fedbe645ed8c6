import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScreeningAccepted, ScreeningRun, ScreeningsResponse, ScreeningStatus } from '@ust/schemas';
import { ApiError } from '../api-error';
import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';
import { pollUntilSettled } from '../poll-until-settled';
import { saveFile } from '../save-file';
import { EXPORT_TIMEOUT_MS } from './useExportDownload';

/** How often a screening's page asks for its progress while it is queued or running. */
export const SCREENING_POLL_MS = 1_000;
/** How often the list asks again while one of its screenings is still running. */
export const SCREENINGS_LIST_POLL_MS = 3_000;
/** A 10 MB file on a slow uplink takes longer than an ordinary call may. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export const SCREENINGS_QUERY_KEY = ['screenings'] as const;

/** Done or failed: nothing more will change. */
export const isScreeningSettled = (status: ScreeningStatus) => status === 'done' || status === 'failed';

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
const everyScreeningSettled = ({ screenings }: ScreeningsResponse) => screenings.every((run) => isScreeningSettled(run.status));

/** GET /api/screenings: the user's own screenings (every one for an admin), newest first. */
export function useScreeningsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useAuthedQuery({
    queryKey: SCREENINGS_QUERY_KEY,
    queryFn: (api, { signal }) => api.call('GET /api/screenings', { signal }),
    refetchInterval: pollUntilSettled(everyScreeningSettled, SCREENINGS_LIST_POLL_MS),
    staleTime: 0,
    enabled,
  });
}

/** GET /api/screenings/{id}: the run and its progress, polled every second until it settles. */
export function useScreeningQuery(id: string) {
  return useAuthedQuery({
    queryKey: [...SCREENINGS_QUERY_KEY, id],
    queryFn: (api, { signal }) => api.call('GET /api/screenings/{id}', { params: { id }, signal }),
    // A settled run changes no more; an unknown or forbidden one will not appear by asking again.
    refetchInterval: pollUntilSettled((run: ScreeningRun) => isScreeningSettled(run.status), SCREENING_POLL_MS, {
      beforeFirstAnswer: true,
      stopsOn: isClientError,
    }),
    staleTime: 0,
  });
}

/** GET /api/screenings/{id}/rows, asked once the run is done: before that the rows are incomplete. */
export function useScreeningRowsQuery(run: ScreeningRun | undefined) {
  return useAuthedQuery({
    queryKey: [...SCREENINGS_QUERY_KEY, run?.id, 'rows', run?.finished_at],
    queryFn: (api, { signal }) => api.call('GET /api/screenings/{id}/rows', { params: { id: run!.id }, signal }),
    enabled: run?.status === 'done',
    staleTime: Infinity,
  });
}

/** POST /api/screenings with the file in the field `file`; the list is asked again afterwards. */
export function useUploadScreeningMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['screening-upload'],
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      // The path map gives the route no body schema (multipart), so the untyped request carries the form.
      return api.request<ScreeningAccepted>('POST', '/screenings', { body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCREENINGS_QUERY_KEY, exact: true }),
  });
}

export type ScreeningPaper = 'letter' | 'a4';

/** GET /api/screenings/{id}/summary.pdf as a file the browser saves (the request needs the token, so no plain link). */
export function useScreeningSummaryDownload() {
  const api = useApiClient();
  return useMutation({
    mutationKey: ['screening-summary'],
    mutationFn: async ({ id, paper }: { id: string; paper: ScreeningPaper }) => {
      const file = await api.download('GET /api/screenings/{id}/summary.pdf', { params: { id }, query: { paper } }, { timeoutMs: EXPORT_TIMEOUT_MS });
      saveFile(file.blob, file.fileName ?? `screening-${id}.pdf`);
      return file;
    },
  });
}
