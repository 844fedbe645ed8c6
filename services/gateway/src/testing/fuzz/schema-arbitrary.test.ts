import fc from 'fast-check';
import Type from 'typebox';
import Schema from 'typebox/schema';
import { describe, expect, it } from 'vitest';
import {
  AdminActivitiesQuery,
  AdminLogsQuery,
  AdminUserPatchBody,
  ClientLogEntry,
  GeocodeSuggestQuery,
  H3DensityQuery,
  PostActivityBody,
  PostLogsBody,
  SearchAddressBody,
  UserProfileBody,
} from '@ust/schemas';
import { schemaArbitraries, type JsonSchema } from './schema-arbitrary.js';

const components: Record<string, JsonSchema> = { Entry: ClientLogEntry as unknown as JsonSchema };
const arbitraries = schemaArbitraries({
  resolveRef: (ref) => components[ref.replace('#/components/schemas/', '')]!,
  seeds: (name) => (name === 'facility_id' ? ['DE-1-000001', 'DC-5010010'] : []),
});
const sample = (arbitrary: fc.Arbitrary<unknown>) => fc.sample(arbitrary, { numRuns: 400, seed: 7 });
const asSchema = (schema: unknown) => schema as JsonSchema;

describe('arbitraries from JSON Schemas', () => {
  it.each([
    ['POST /logs', PostLogsBody],
    ['POST /log-activity', PostActivityBody],
    ['POST /user-profile', UserProfileBody],
    ['POST /search-address', SearchAddressBody],
    ['PATCH /admin/users/{id}', AdminUserPatchBody],
    ['GET /admin/logs', AdminLogsQuery],
    ['GET /admin/user-activities', AdminActivitiesQuery],
    ['GET /geocode/suggest', GeocodeSuggestQuery],
    ['GET /h3-density', H3DensityQuery],
    [
      'formats',
      Type.Object({
        at: Type.String({ format: 'date-time' }),
        email: Type.String({ format: 'email', minLength: 3, maxLength: 320 }),
        id: Type.String({ format: 'uuid' }),
      }),
    ],
  ])('makes only values the schema of %s accepts as valid', (_route, schema) => {
    fc.assert(
      fc.property(arbitraries.valid(asSchema(schema)), (value) => Schema.Check(schema, value)),
      { seed: 7, numRuns: 300 },
    );
  });

  it('follows $ref into the components and takes either side of anyOf', () => {
    const schema = {
      type: 'object',
      required: ['entry'],
      properties: { entry: { $ref: '#/components/schemas/Entry' }, note: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] } },
      additionalProperties: false,
    };
    const values = sample(arbitraries.valid(schema)) as Array<{ entry: unknown; note?: string | null }>;
    expect(values.every((value) => Schema.Check(ClientLogEntry, value.entry))).toBe(true);
    expect(values.some((value) => value.note === null)).toBe(true);
    expect(values.some((value) => typeof value.note === 'string')).toBe(true);
  });

  it('mixes the real values of a field into its valid values', () => {
    const values = sample(arbitraries.valid(asSchema(Type.String({ maxLength: 200 })), 'facility_id'));
    expect(values).toEqual(expect.arrayContaining(['DE-1-000001', 'DC-5010010']));
  });

  it('tries string lengths at both bounds and one past each', () => {
    const lengths = new Set(
      sample(arbitraries.boundary(asSchema(Type.String({ minLength: 3, maxLength: 200 }))))
        .filter((value) => typeof value === 'string')
        .map((value) => [...(value as string)].length),
    );
    expect([...lengths]).toEqual(expect.arrayContaining([0, 2, 3, 200, 201]));
  });

  it('tries numbers at both bounds, one past each, and text that only reads as a number', () => {
    const values = sample(arbitraries.boundary(asSchema(Type.Integer({ minimum: 4, maximum: 7 }))));
    expect(values).toEqual(expect.arrayContaining([3, 4, 7, 8, 1.5, 'NaN', null]));
  });

  it('sends an enum value that is not quite one of its members', () => {
    const values = sample(arbitraries.boundary(asSchema(Type.Enum(['DEBUG', 'INFO']))));
    expect(values.some((value) => typeof value === 'string' && value !== 'DEBUG' && value !== 'INFO' && /debug|info/i.test(value))).toBe(true);
  });

  it('drops a required property, adds an unknown or prototype key, and puts one field off while the rest stay valid', () => {
    const values = sample(arbitraries.boundary(asSchema(SearchAddressBody))).filter(
      (value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value),
    );
    expect(values.some((value) => !('address' in value) && Object.keys(value).length > 0)).toBe(true);
    expect(values.some((value) => Object.hasOwn(value, '__proto__'))).toBe(true);
    expect(
      values.some(
        (value) =>
          typeof value.address === 'string' && typeof value.latitude === 'number' && ((value.latitude as number) > 90 || (value.latitude as number) < -90),
      ),
    ).toBe(true);
    expect(values.some((value) => !Schema.Check(SearchAddressBody, value))).toBe(true);
  });

  it('makes huge strings only where asked to', () => {
    const huge = schemaArbitraries({ resolveRef: () => ({}), hugeLengths: [300_000] });
    const longest = (values: unknown[]) => Math.max(...values.map((value) => (typeof value === 'string' ? Buffer.byteLength(value) : 0)));
    expect(longest(sample(huge.boundary(asSchema(Type.String({ maxLength: 4000 })))))).toBeGreaterThanOrEqual(300_000);
    expect(longest(sample(arbitraries.boundary(asSchema(Type.String({ maxLength: 4000 })))))).toBeLessThan(300_000);
  });
});
