/**
 * What can go wrong while a route reads a multipart upload, as the UploadError that says so.
 * busboy raises a body cut short, a missing boundary or one too long as plain errors (a 500
 * otherwise), and @fastify/multipart words its limits for developers ("reach fields limit").
 */
import { UploadError } from './upload-rules.js';

export interface MultipartUpload {
  /** The form field the route reads its files from, for messages: `file`, `files`. */
  field: string;
  /** Files one request may hold. */
  maxFiles: number;
  /** The refusal of an upload over the route's byte limit. */
  tooLarge: () => UploadError;
}

const CUT_SHORT =
  'body: the multipart body ends before its closing boundary; the upload was cut short, or its parts are not separated by the boundary the Content-Type names';
const CONNECTION_CLOSED = 'body: the connection closed before the upload was complete';

const BY_CODE: Record<string, (upload: MultipartUpload) => UploadError> = {
  FST_REQ_FILE_TOO_LARGE: (upload) => upload.tooLarge(),
  FST_FILES_LIMIT: ({ field, maxFiles }) =>
    new UploadError(413, `${field}: the upload holds more files than the limit of ${maxFiles.toLocaleString('en-US')} per request`),
  FST_FIELDS_LIMIT: ({ field }) =>
    new UploadError(400, `${field}: a part without a file name; send each file as a file part (a Content-Disposition with a filename)`),
  FST_PROTO_VIOLATION: () => new UploadError(400, 'body: a part named __proto__, constructor or another property every object has'),
  FST_MP_PREMATURE_CLOSE: () => new UploadError(400, CONNECTION_CLOSED),
  // The request stream's own error when the client goes away mid-body.
  ECONNRESET: () => new UploadError(400, CONNECTION_CLOSED),
};

const BY_MESSAGE: Array<[pattern: RegExp, refusal: () => UploadError]> = [
  [/^Multipart: Boundary not found$/, () => new UploadError(400, 'content-type: multipart/form-data without a boundary (multipart/form-data; boundary=...)')],
  // busboy searches for the boundary with a needle of at most 256 bytes; RFC 2046 allows 70 characters.
  [/^The needle cannot have a length bigger than/, () => new UploadError(400, 'content-type: the multipart boundary is longer than 70 characters')],
  [/unexpected end of multipart data/i, () => new UploadError(400, CUT_SHORT)],
];

/** The UploadError `error` amounts to (an UploadError as it is), or undefined for an error of the server's own. */
export function multipartUploadError(error: unknown, upload: MultipartUpload): UploadError | undefined {
  if (error instanceof UploadError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && Object.hasOwn(BY_CODE, code)) return BY_CODE[code]!(upload);
  if (typeof message !== 'string') return undefined;
  return BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1]();
}
