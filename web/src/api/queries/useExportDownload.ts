import { useMutation } from '@tanstack/react-query';
import type { ApiRoute } from '@ust/schemas';
import { useApiClient } from '../api-context';
import type { ApiRequest } from '../client';
import { saveFile } from '../save-file';

/** Every export route: `<a list's URL>/export/<csv|geojson>`. */
export type ExportRoute = Extract<ApiRoute, `GET ${string}/export/${string}`>;

/** One export: the route and its parameters, and the name to save under should the server give none. */
export type ExportRequest = { [R in ExportRoute]: { route: R; request: ApiRequest<R>; fallbackName: string } }[ExportRoute];

/** A state of 100,000 facilities streams for longer than an ordinary call may take. */
export const EXPORT_TIMEOUT_MS = 5 * 60_000;

/**
 * GET an export route with the signed-in user's token (tokens live in memory: no plain link
 * would carry one) and save the file under the name the server gave it. The mutation's
 * pending state is the button's busy state, its error the message shown.
 */
export function useExportDownload() {
  const api = useApiClient();
  return useMutation({
    mutationKey: ['export'],
    mutationFn: async ({ route, request, fallbackName }: ExportRequest) => {
      const file = await api.download(route, request as ApiRequest<ExportRoute>, { timeoutMs: EXPORT_TIMEOUT_MS });
      saveFile(file.blob, file.fileName ?? fallbackName);
      return file;
    },
  });
}
