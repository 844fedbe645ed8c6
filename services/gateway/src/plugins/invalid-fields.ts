/**
 * A 400 for request fields a route or hook checks beyond the schema (a number that is not
 * finite, an empty address, JSON nested too deep): thrown, and answered by the error handler as
 * a schema validation failure is, each field named in `details`.
 */
import type { ErrorBody } from '@ust/schemas';

export type FieldProblems = NonNullable<ErrorBody['error']['details']>;

export class InvalidFieldsError extends Error {
  readonly statusCode = 400;

  constructor(
    readonly details: FieldProblems,
    message = details.map((detail) => `${detail.field} ${detail.reason}`).join('; '),
  ) {
    super(message);
  }
}
