import Type, { type Static } from 'typebox';

/** The one error body every API error answers with (docs/architecture.md section 9: one error handler). */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      /** Stable machine-readable code, e.g. VALIDATION_FAILED, NOT_FOUND, UNAUTHORIZED. */
      code: Type.String(),
      /** Human-readable; for a 400 it names the field and the reason. */
      message: Type.String(),
      /** Per-field problems of a rejected body or query. */
      details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), reason: Type.String() }))),
      /** Correlates with the gateway's request log. */
      request_id: Type.Optional(Type.String()),
    }),
  },
  { $id: 'ErrorBody', description: 'Every error response has this shape.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * The most an error body (a 4xx) may weigh, in bytes as sent: a message names the field, the line
 * and the reason, never echoes the input that caused it at length.
 */
export const MAX_ERROR_BODY_BYTES = 2_000;
