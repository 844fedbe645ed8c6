/**
 * The invariant of the attack suite and the fuzz suite for a request the platform must refuse:
 * no 5xx, and a 4xx answered in the one error shape in at most MAX_ERROR_BODY_BYTES, whatever
 * the request carried.
 */
import { gunzipSync } from 'node:zlib';
import Value from 'typebox/value';
import { ErrorBody, MAX_ERROR_BODY_BYTES } from '@ust/schemas';

export interface AnsweredRequest {
  statusCode: number;
  headers: Record<string, unknown>;
  /** The bytes as sent (before any decompression). */
  rawPayload: Buffer;
}

/** What is wrong with the answer to a hostile request: `[]` when it was refused (or served) cleanly. */
export function refusalProblems(response: AnsweredRequest): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    const bytes = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    if (bytes.length > MAX_ERROR_BODY_BYTES) problems.push(`the ${status} body is ${bytes.length} bytes, over ${MAX_ERROR_BODY_BYTES}`);
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      body = undefined;
    }
    if (!Value.Check(ErrorBody, body)) problems.push(`the ${status} body is not the error shape: ${bytes.subarray(0, 200).toString('utf8')}`);
  }
  return problems;
}
