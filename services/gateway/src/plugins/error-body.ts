/**
 * The one error body, `{ error: { code, message, details?, request_id } }`, made to fit in
 * MAX_ERROR_BODY_BYTES as sent whatever the error echoes back (a file name, a header row, a
 * property name as long as the body limit). A message starts with the field, the line and the
 * reason, so its start is what is kept; the details share what the message leaves.
 */
import { MAX_ERROR_BODY_BYTES, type ErrorBody } from '@ust/schemas';
import { clipJsonString } from '../text/json-string-bytes.js';

type ErrorFields = ErrorBody['error'];
type Detail = NonNullable<ErrorFields['details']>[number];

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'UNAVAILABLE',
};

/** The error code a status answers with when the error names none of its own. */
export function codeOfStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR');
}

/** Most bytes a detail's field or reason keeps, so that one long detail does not crowd out the others. */
const DETAIL_TEXT_BYTES = 300;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** `error` as the body to send, cut to fit in `maxBytes` of JSON as UTF-8. */
export function fittedErrorBody(error: ErrorFields, maxBytes = MAX_ERROR_BODY_BYTES): ErrorBody {
  if (bytesOf({ error }) <= maxBytes) return { error };
  const { code, message, details, request_id } = error;
  const shell = (fields: Pick<ErrorFields, 'message' | 'details'>): ErrorBody => ({
    error: { code, message: fields.message, ...(fields.details ? { details: fields.details } : {}), ...(request_id === undefined ? {} : { request_id }) },
  });
  // What is left for the message's text and the details' items once the rest is written.
  let room = maxBytes - bytesOf(shell({ message: '', details: details && [] }));
  const clippedDetails = details?.map((detail) => ({
    field: clipJsonString(detail.field, DETAIL_TEXT_BYTES),
    reason: clipJsonString(detail.reason, DETAIL_TEXT_BYTES),
  }));
  // The details may claim at most half: a validation message repeats them, and a client shows the message.
  const detailsWanted = clippedDetails ? bytesOf(clippedDetails) - 2 : 0;
  const fittedMessage = clipJsonString(message, Math.max(0, room - Math.min(detailsWanted, Math.floor(room / 2))));
  room -= bytesOf(fittedMessage) - 2;
  const keptDetails: Detail[] = [];
  for (const detail of clippedDetails ?? []) {
    const cost = bytesOf(detail) + (keptDetails.length ? 1 : 0);
    if (cost > room) break;
    keptDetails.push(detail);
    room -= cost;
  }
  return shell({ message: fittedMessage, details: details && keptDetails });
}
