/**
 * The admin imports API of a running platform, as the pipeline commands call it. An answer
 * other than 2xx is an AdminApiError carrying the server's own message.
 */
import type { ImportJobAccepted, ImportRun, ImportsResponse, ReplayRun } from '@ust/schemas';

export class AdminApiError extends Error {
  override name = 'AdminApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AdminApi {
  /** A multipart upload of CSV files, or a folder under DATA_DIR/inbox. */
  startImport(body: FormData | { folder: string }): Promise<ImportJobAccepted>;
  listImports(): Promise<ImportRun[]>;
  replayImport(id: string): Promise<ImportJobAccepted>;
  replayAll(): Promise<ImportJobAccepted>;
  replayRun(id: string): Promise<ReplayRun>;
}

export function createAdminApi(url: string, token: string): AdminApi {
  const call = async <T>(method: 'GET' | 'POST', route: string, body?: FormData | object): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${url}/api/admin${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new AdminApiError(0, `Cannot reach the platform at ${url} (${cause?.code ?? cause?.message ?? (error as Error).message})`);
    }
    if (!response.ok) throw new AdminApiError(response.status, `${method} /api/admin${route}: ${response.status} ${await messageOf(response)}`);
    return (await response.json()) as T;
  };
  return {
    startImport: (body) => call('POST', '/imports', body),
    listImports: async () => (await call<ImportsResponse>('GET', '/imports')).imports,
    replayImport: (id) => call('POST', `/imports/${encodeURIComponent(id)}/replay`),
    replayAll: () => call('POST', '/replay'),
    replayRun: (id) => call('GET', `/replay/${encodeURIComponent(id)}`),
  };
}

/** The message of the platform's one error shape `{ error: { message } }`, or the body as text. */
async function messageOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    return text || response.statusText;
  }
}
