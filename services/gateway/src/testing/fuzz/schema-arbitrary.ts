/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values a schema accepts,
 * and values at its bounds and just past them (lengths, numbers, formats, enums, required and
 * extra properties, wrong types, hostile strings). Driven by the schema alone, so a route added
 * later is fuzzed as it is documented.
 */
import fc from 'fast-check';
import { hostileString, PROTOTYPE_KEYS, wrongTypeValue } from './hostile-values.js';

export type JsonSchema = Record<string, unknown>;

export interface SchemaArbitraryOptions {
  /** Resolves a `$ref` (`#/components/schemas/...`) to its schema. */
  resolveRef(ref: string): JsonSchema;
  /** Real values for a field or parameter of this name (ids from the data), mixed into valid values. */
  seeds?(name: string): readonly unknown[];
  /**
   * String lengths worth trying as one huge body field (around the body limits); none for
   * values that travel in a URL.
   */
  hugeLengths?: readonly number[];
}

export interface SchemaArbitraries {
  /** Values the schema accepts. */
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
  /** Values at the schema's bounds or just past them, of the wrong type, or hostile. */
  boundary(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
  /** What the fuzz sends for a field: mostly valid, often at or past a bound. */
  fuzz(schema: JsonSchema, name?: string): fc.Arbitrary<unknown>;
}

/** Past this many levels of nesting, fields get valid values only (the schemas here are shallow). */
const MAX_DEPTH = 6;
/** Generated strings without a maxLength stay short; bounds are tried by `boundary`. */
const DEFAULT_MAX_LENGTH = 64;

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with `key` as an own property even when it is `__proto__`, so JSON.stringify sends it. */
function withOwnProperty(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

export function schemaArbitraries(options: SchemaArbitraryOptions): SchemaArbitraries {
  const seedsOf = (name: string | undefined) => (name === undefined ? [] : (options.seeds?.(name) ?? []));

  function deref(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
      if (hops > 20) throw new Error(`$ref cycle at ${String(current.$ref)}`);
      current = options.resolveRef(current.$ref);
    }
    return current;
  }

  function members(schema: JsonSchema): JsonSchema[] | undefined {
    const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (union) return union;
    if (Array.isArray(schema.type)) return (schema.type as string[]).map((type) => ({ ...schema, type }));
    return undefined;
  }

  /** allOf as one schema: the members' keywords, properties and required lists together. */
  function merged(schema: JsonSchema): JsonSchema {
    const all = schema.allOf as JsonSchema[] | undefined;
    if (!all) return schema;
    const { allOf: _allOf, ...rest } = schema;
    return all.map(deref).reduce<JsonSchema>(
      (sum, part) => ({
        ...sum,
        ...part,
        properties: { ...(sum.properties as object), ...(part.properties as object) },
        required: [...((sum.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
      }),
      rest,
    );
  }

  function typeOf(schema: JsonSchema): string | undefined {
    if (typeof schema.type === 'string') return schema.type;
    if (schema.properties) return 'object';
    if (schema.items) return 'array';
    return undefined;
  }

  function valid(input: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = merged(deref(input));
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    if ('const' in schema) return fc.constant(schema.const);
    const union = members(schema);
    if (union) return fc.oneof(...union.map((member) => valid(member, name, depth + 1)));
    const generated = validOfType(schema, name, depth);
    const seeds = seedsOf(name);
    return seeds.length ? fc.oneof({ arbitrary: fc.constantFrom(...seeds), weight: 2 }, { arbitrary: generated, weight: 1 }) : generated;
  }

  function validOfType(schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    switch (typeOf(schema)) {
      case 'string':
        return validString(schema);
      case 'integer':
        return fc.integer(integerBounds(schema));
      case 'number': {
        const { min, max } = numberBounds(schema);
        return fc.oneof(
          fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) }),
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = isObject(schema.items) ? valid(schema.items, name, depth + 1) : fc.jsonValue({ maxDepth: 2 });
        return fc.array(items, { minLength: (schema.minItems as number) ?? 0, maxLength: (schema.maxItems as number) ?? 10 });
      }
      case 'object':
        return validObject(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 3 });
    }
  }

  function validString(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = (schema.minLength as number) ?? 0;
    const maxLength = (schema.maxLength as number) ?? DEFAULT_MAX_LENGTH;
    const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
    switch (schema.format) {
      case 'date-time':
        return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      case 'email':
        return fc.emailAddress().filter(fits);
      case 'uuid':
        return fc.uuid();
      case 'uri':
      case 'url':
        return fc.webUrl().filter(fits);
    }
    if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    // Printable ASCII most of the time, any code point otherwise (lengths count code points, as ajv does).
    return fc.oneof(
      { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
      { arbitrary: fc.string({ unit: 'binary', minLength, maxLength }), weight: 1 },
    );
  }

  function integerBounds(schema: JsonSchema): { min: number; max: number } {
    const { min, max } = numberBounds(schema);
    return { min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) };
  }

  function numberBounds(schema: JsonSchema): { min: number; max: number } {
    const exclusiveMin = schema.exclusiveMinimum as number | undefined;
    const exclusiveMax = schema.exclusiveMaximum as number | undefined;
    const min =
      (schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + Number.EPSILON * Math.max(1, Math.abs(exclusiveMin)) : -1e9);
    const max =
      (schema.maximum as number | undefined) ?? (exclusiveMax !== undefined ? exclusiveMax - Number.EPSILON * Math.max(1, Math.abs(exclusiveMax)) : 1e9);
    return { min, max };
  }

  function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = (schema.required as string[]) ?? [];
    const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valid(property, key, depth + 1)]));
    let object: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys: required.filter((key) => key in properties) });
    if (isObject(schema.additionalProperties) || (schema.additionalProperties === undefined && Object.keys(properties).length === 0)) {
      const extra = isObject(schema.additionalProperties) ? valid(schema.additionalProperties, undefined, depth + 1) : fc.jsonValue({ maxDepth: 2 });
      object = fc
        .tuple(object, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), extra, { maxKeys: 3 }))
        .map(([known, more]) => ({ ...more, ...known }));
    }
    const minProperties = (schema.minProperties as number) ?? 0;
    return minProperties > 0 ? object.filter((value) => Object.keys(value).length >= minProperties) : object;
  }

  function boundary(input: JsonSchema, name?: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = merged(deref(input));
    const generic = [wrongTypeValue(), hostileString(), fc.constant(null)];
    if (depth > MAX_DEPTH) return fc.oneof(...generic);
    if (Array.isArray(schema.enum)) return fc.oneof(enumNearMiss(schema.enum as unknown[]), ...generic);
    const union = members(schema);
    if (union) return fc.oneof(...union.map((member) => boundary(member, name, depth + 1)), ...generic);
    const specific = boundaryOfType(schema, name, depth);
    return specific ? fc.oneof({ arbitrary: specific, weight: 3 }, ...generic.map((arbitrary) => ({ arbitrary, weight: 1 }))) : fc.oneof(...generic);
  }

  function enumNearMiss(values: unknown[]): fc.Arbitrary<unknown> {
    const strings = values.filter((value): value is string => typeof value === 'string');
    if (!strings.length) return wrongTypeValue();
    return fc.tuple(fc.constantFrom(...strings), fc.constantFrom('lower', 'upper', 'space', 'suffix', 'empty')).map(([value, change]) => {
      if (change === 'lower') return value.toLowerCase() === value ? `${value}X` : value.toLowerCase();
      if (change === 'upper') return value.toUpperCase() === value ? `${value}x` : value.toUpperCase();
      if (change === 'space') return ` ${value} `;
      if (change === 'suffix') return `${value}\u0000`;
      return '';
    });
  }

  function boundaryOfType(schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> | undefined {
    switch (typeOf(schema)) {
      case 'string':
        return boundaryString(schema, name);
      case 'integer': {
        const { min, max } = numberBounds(schema);
        return fc.constantFrom<unknown>(
          min,
          max,
          min - 1,
          max + 1,
          0,
          -1,
          1.5,
          2 ** 31,
          2 ** 53 + 2,
          -(2 ** 53) - 2,
          1e308,
          -1e308,
          String(min),
          `${max}`,
          '1e3',
          'NaN',
        );
      }
      case 'number': {
        const { min, max } = numberBounds(schema);
        const past = (value: number, direction: 1 | -1) => value + direction * Math.max(Math.abs(value) * Number.EPSILON * 4, 1e-9);
        return fc.constantFrom<unknown>(
          min,
          max,
          past(min, -1),
          past(max, 1),
          0,
          -0,
          Number.MAX_VALUE,
          -Number.MAX_VALUE,
          Number.MIN_VALUE,
          'NaN',
          'Infinity',
          String(max),
        );
      }
      case 'boolean':
        return fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes', null);
      case 'array':
        return boundaryArray(schema, name, depth);
      case 'object':
        return boundaryObject(schema, depth);
      default:
        return undefined;
    }
  }

  function boundaryString(schema: JsonSchema, name: string | undefined): fc.Arbitrary<unknown> {
    const minLength = (schema.minLength as number) ?? 0;
    const maxLength = schema.maxLength as number | undefined;
    const lengths = [0, minLength, minLength - 1, ...(maxLength === undefined ? [] : [maxLength, maxLength + 1])].filter((length) => length >= 0);
    // One UTF-16 unit, two units (one code point), and a grapheme of several code points:
    // a length check that counts the wrong thing lets one through or refuses the other.
    const filled = fc
      .tuple(fc.constantFrom(...new Set(lengths)), fc.constantFrom('a', '🛢', 'e\u0301', ' ', '\u0000'))
      .map(([length, unit]) => unit.repeat(length));
    // A real or generated value one character longer or shorter: just off a pattern or a format.
    const candidates: Array<fc.Arbitrary<unknown>> = [
      filled,
      valid(schema, name).map((value) => `${String(value)}x`),
      valid(schema, name).map((value) => String(value).slice(1)),
    ];
    if (schema.format === 'date-time')
      candidates.push(
        fc.constantFrom(
          '2024-02-30T00:00:00Z',
          '2024-01-01',
          '2024-01-01T24:00:00Z',
          '1969-12-31T23:59:59.999Z',
          '9999-12-31T23:59:59Z',
          '0000-01-01T00:00:00Z',
          '',
        ),
      );
    if (schema.format === 'email') candidates.push(fc.constantFrom('a@b', 'a@@b.c', 'a b@c.d', `${'a'.repeat(64)}@${'b'.repeat(255)}.com`, 'Ada@Example.com'));
    if (typeof schema.pattern === 'string') candidates.push(fc.string({ maxLength: 8 }));
    const huge = hugeString();
    if (huge) candidates.push(huge);
    return fc.oneof(...candidates);
  }

  /** A string of about one of `hugeLengths` bytes once encoded, in one-, two- or four-byte characters. */
  function hugeString(): fc.Arbitrary<string> | undefined {
    const lengths = options.hugeLengths ?? [];
    if (!lengths.length) return undefined;
    return fc
      .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '🛢'))
      .map(([bytes, unit]) => unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))));
  }

  function boundaryArray(schema: JsonSchema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    const items = isObject(schema.items) ? schema.items : {};
    const minItems = (schema.minItems as number) ?? 0;
    const maxItems = schema.maxItems as number | undefined;
    const options: Array<fc.Arbitrary<unknown>> = [
      fc.constant([]),
      fc
        .array(valid(items, name, depth + 1), { minLength: Math.max(minItems, 1), maxLength: Math.max(minItems, 3) })
        .chain((array) =>
          fc
            .tuple(fc.nat({ max: array.length - 1 }), boundary(items, name, depth + 1))
            .map(([index, value]) => array.map((item, at) => (at === index ? value : item))),
        ),
    ];
    if (minItems > 1) options.push(fc.array(valid(items, name, depth + 1), { minLength: minItems - 1, maxLength: minItems - 1 }));
    if (maxItems !== undefined) options.push(fc.array(valid(items, name, depth + 1), { minLength: maxItems, maxLength: maxItems + 1 }));
    return fc.oneof(...options);
  }

  function boundaryObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const keys = Object.keys(properties);
    const required = ((schema.required as string[]) ?? []).filter((key) => key in properties);
    const whole = validObject(schema, depth);
    const options: Array<fc.Arbitrary<unknown>> = [
      fc.constant({}),
      // An unknown property, or a key that reaches the prototype when objects are merged naively.
      fc
        .tuple(whole, fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ minLength: 1, maxLength: 12 })), wrongTypeValue())
        .map(([object, key, value]) => (keys.includes(key) ? object : withOwnProperty(object, key, value))),
    ];
    if (required.length)
      options.push(fc.tuple(whole, fc.constantFrom(...required)).map(([object, key]) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key))));
    if (keys.length) {
      // Every field but one valid, so the odd value gets past the others and reaches its check.
      options.push(
        fc
          .constantFrom(...keys)
          .chain((key) => fc.tuple(whole, boundary(properties[key]!, key, depth + 1)).map(([object, value]) => withOwnProperty(object, key, value))),
      );
    }
    return fc.oneof(...options);
  }

  return {
    valid: (schema, name) => valid(schema, name),
    boundary: (schema, name) => boundary(schema, name),
    fuzz: (schema, name) => fc.oneof({ arbitrary: valid(schema, name), weight: 3 }, { arbitrary: boundary(schema, name), weight: 2 }),
  };
}
