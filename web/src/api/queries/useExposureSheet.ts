import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';

export type SheetPaper = 'a4' | 'letter';

/** GET /api/facilities/{id}/exposure-sheet: the print page of a facility's exposure sheet. */
export function useExposureSheetQuery(id: string) {
  return useAuthedQuery({
    queryKey: ['exposure-sheet', id],
    queryFn: (api, { signal }) => api.call('GET /api/facilities/{id}/exposure-sheet', { params: { id }, signal }),
  });
}

/**
 * GET /api/facilities/{id}/exposure-sheet.pdf as a file the browser saves (the request needs the
 * token, so no plain link).
 */
export function useExposureSheetDownload() {
  const api = useApiClient();
  return async (id: string, paper: SheetPaper = 'a4') => {
    const blob = await api.request<Blob>('GET', `/facilities/${encodeURIComponent(id)}/exposure-sheet.pdf?paper=${paper}`, { as: 'blob' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `exposure-sheet-${id}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}
