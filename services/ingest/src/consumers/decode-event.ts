/**
 * An event message's value checked against its schema: what a consumer of `ust.dataset.*` event
 * topics hands to its batch, or an InvalidMessageError naming the first problem (the message is
 * then dead-lettered with it).
 */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import type { ConsumedMessage } from '@ust/platform';
import { InvalidMessageError } from '../consumer.js';

export function decodeEvent<Schema extends TSchema>(schema: Schema, message: ConsumedMessage): Static<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(message.value.toString('utf8'));
  } catch {
    throw new InvalidMessageError('value is not JSON');
  }
  if (!Value.Check(schema, value)) {
    const [first] = Value.Errors(schema, value);
    throw new InvalidMessageError(`${first?.instancePath || '(event)'} ${first?.message ?? 'is invalid'}`);
  }
  return value as Static<Schema>;
}
