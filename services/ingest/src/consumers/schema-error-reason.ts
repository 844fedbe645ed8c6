/**
 * Turns TypeBox's first validation error into the reason a dead-lettered message carries:
 * the field's JSON pointer and what was wrong with it, in words a person fixing the producer
 * can act on (`/level: must be one of DEBUG, INFO, WARN, ERROR`).
 */
import type { TLocalizedValidationError } from 'typebox/error';

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'a UUID (8-4-4-4-12 hex digits)',
  'date-time': 'an ISO 8601 date-time with a time zone',
};

export function describeSchemaError(errors: readonly TLocalizedValidationError[]): string {
  const [first] = errors;
  if (!first) return '(event): is invalid';
  const at = first.instancePath || '(event)';
  switch (first.keyword) {
    case 'required':
      return `${first.instancePath}/${first.params.requiredProperties[0]}: is required`;
    case 'boolean':
      // additionalProperties: false reports the extra property as a `false` schema at its path.
      return `${at}: is not a field of this event`;
    case 'enum':
      return `${at}: must be one of ${first.params.allowedValues.join(', ')}`;
    case 'format':
      return `${at}: must be ${FORMAT_NAMES[first.params.format] ?? `in format ${first.params.format}`}`;
    case 'type': {
      // A nullable field fails both branches of its union; name both rather than only the first.
      const orNull = errors.some(
        (error) => error !== first && error.instancePath === first.instancePath && error.keyword === 'type' && error.params.type === 'null',
      );
      return `${at}: must be ${[first.params.type].flat().join(' or ')}${orNull ? ' or null' : ''}`;
    }
    default:
      return `${at}: ${first.message}`;
  }
}
