/**
 * What is wrong with a response body against the schema that documents it: where it breaks the
 * schema, and the properties it holds that the schema does not document. Bodies a route sends
 * as stored bytes never pass the response serializer (which drops undocumented properties and
 * fails on missing ones), so their tests look for both.
 */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';

/** At most this many problems per body: the first ones say what is wrong. */
const SHOWN = 5;

/** A checker of bodies against `schema`, compiled once: `[]` when a body conforms. */
export function bodyProblemsOf(schema: TSchema): (body: unknown) => string[] {
  const validator = Compile(schema);
  return (body) => {
    if (!validator.Check(body))
      return validator
        .Errors(body)
        .slice(0, SHOWN)
        .map((error) => `${error.instancePath || '(body)'} ${error.message}`);
    const documented = validator.Clean(Value.Clone(body));
    return Value.Diff(body, documented)
      .filter((edit) => edit.type === 'delete')
      .slice(0, SHOWN)
      .map((edit) => `${edit.path} is not in the schema`);
  };
}
