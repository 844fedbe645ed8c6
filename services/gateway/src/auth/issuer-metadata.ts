/**
 * What the gateway reads from a remote OpenID issuer over HTTP: its discovery document (where
 * its keys and its userinfo endpoint are) and JSON documents from those URLs. Every call has a
 * timeout and a size limit, so a slow or hostile issuer cannot hold a request or fill memory.
 */

/** The fetch the gateway uses (globalThis.fetch); tests pass one that counts calls. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The parts of an OpenID discovery document the gateway uses. */
export interface IssuerMetadata {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/** One HTTP call to the issuer: a timeout, so no request waits on an issuer that hangs. */
const ISSUER_TIMEOUT_MS = 5_000;
/** A key set or discovery document is a few KB; anything near this is not one. */
const MAX_DOCUMENT_BYTES = 512 * 1024;

/** The issuer could not be reached or answered something unusable: a service problem, not a bad token. */
export class IssuerUnavailableError extends Error {
  constructor(url: string, reason: string) {
    super(`The identity provider could not be read at ${url}: ${reason}`);
    this.name = 'IssuerUnavailableError';
  }
}

/** GETs a JSON document; throws IssuerUnavailableError with the reason when that fails. */
export async function fetchJson(fetch: Fetch, url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new IssuerUnavailableError(url, (error as Error).message);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new IssuerUnavailableError(url, `HTTP ${response.status}`);
  }
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw new IssuerUnavailableError(url, `the answer is over ${MAX_DOCUMENT_BYTES} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new IssuerUnavailableError(url, 'the answer is not JSON');
  }
}

/** `https://issuer.example/` -> `https://issuer.example/.well-known/openid-configuration` (OpenID Discovery 1.0, section 4). */
export function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/**
 * The issuer's discovery document, fetched once and kept; a failed fetch is retried by the next
 * caller. The document must name the issuer the gateway trusts, byte for byte, or a
 * misconfigured URL would quietly trust another issuer's keys.
 */
export function issuerMetadataSource(issuer: string, fetch: Fetch): () => Promise<IssuerMetadata> {
  let pending: Promise<IssuerMetadata> | undefined;
  const load = async (): Promise<IssuerMetadata> => {
    const url = discoveryUrlOf(issuer);
    const document = (await fetchJson(fetch, url)) as Partial<IssuerMetadata> | null;
    if (document?.issuer !== issuer)
      throw new IssuerUnavailableError(url, `it names the issuer ${JSON.stringify(document?.issuer)}, not ${JSON.stringify(issuer)}`);
    if (typeof document.jwks_uri !== 'string') throw new IssuerUnavailableError(url, 'it has no jwks_uri');
    return {
      issuer,
      jwks_uri: document.jwks_uri,
      ...(typeof document.userinfo_endpoint === 'string' ? { userinfo_endpoint: document.userinfo_endpoint } : {}),
    };
  };
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
