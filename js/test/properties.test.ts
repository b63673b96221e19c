/**
 * Properties of the converter over generated schemas: it either returns SDL
 * that graphql-js accepts, or throws a ConversionError (never anything else),
 * and the same input always gives the same bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '../src/index';
import { graphqlJsProblems } from './support';

const names = fc.constantFrom('id', 'user_name', 'HTTPStatus', 'userID', '2fa', 'a-b.c', '__proto__', 'constructor', '200', 'x', 'Node', 'type');
const defNames = fc.constantFrom('User', 'user', 'user-profile', 'user_profile', 'string', 'Node', 'Pet', 'Cat', '1st', 'JSON');
const descriptions = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.constantFrom('multi\nline', '  indented\n  both', 'with """ quotes', 'trailing \n', 'é😀 ünï', ''),
);

const leaf = fc.oneof(
  fc.record({ type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'null') }),
  fc.record({ type: fc.constant(['string', 'null']) }),
  fc.record({ enum: fc.array(fc.oneof(fc.constantFrom('a', 'b c', '1x', 'true', 'A'), fc.constant(null)), { maxLength: 4 }) }),
  fc.record({ const: fc.oneof(fc.integer(), fc.string(), fc.boolean()) }),
  fc.constant({}),
  defNames.map((n) => ({ $ref: `#/definitions/${n}` })),
  fc.record({ type: fc.constant('string'), 'x-graphql-field-type': fc.constantFrom('DateTime', '[ID!]!', 'URL!', 'String') }),
);

const schema = fc.letrec((tie) => ({
  prop: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ type: fc.constant('array'), items: tie('prop') }),
    tie('object'),
    fc.record({ oneOf: fc.array(defNames.map((n) => ({ $ref: `#/definitions/${n}` })), { minLength: 1, maxLength: 3 }) }),
  ),
  object: fc.record(
    {
      type: fc.constant('object'),
      description: descriptions,
      properties: fc.dictionary(names, tie('prop') as fc.Arbitrary<unknown>, { maxKeys: 5 }),
      required: fc.array(names, { maxLength: 3 }),
      'x-graphql-type-kind': fc.constantFrom('OBJECT', 'INTERFACE', 'INPUT_OBJECT'),
      'x-graphql-implements': fc.array(defNames, { maxLength: 2 }),
      'x-graphql-federation-keys': fc.constantFrom('id', ['id', 'x']),
    },
    { requiredKeys: ['type', 'properties'] },
  ),
}));

const documents = fc.record(
  {
    title: defNames,
    type: fc.constant('object'),
    properties: fc.dictionary(names, schema.prop as fc.Arbitrary<unknown>, { maxKeys: 4 }),
    definitions: fc.dictionary(defNames, fc.oneof(schema.object, schema.prop) as fc.Arbitrary<unknown>, { maxKeys: 5 }),
  },
  { requiredKeys: ['properties', 'definitions'] },
);

const options = fc.record({
  inlineObjectThreshold: fc.integer({ min: 0, max: 4 }),
  descriptionBlockThreshold: fc.integer({ min: 0, max: 100 }),
  emitEmptyTypes: fc.boolean(),
  refNaming: fc.constantFrom('basename' as const, 'hash' as const),
});

describe('converter properties', () => {
  it('gives valid SDL or a ConversionError, deterministically', () => {
    fc.assert(
      fc.property(documents, options, (doc, opts) => {
        const text = JSON.stringify(doc, null, 2);
        let sdl: string;
        try {
          const result = new Converter(opts).convertWithWarnings(text);
          sdl = result.sdl;
          if (sdl === '') {
            expect(result.warnings.map((w) => w.code)).toContain('NO_TYPES');
            return;
          }
        } catch (e) {
          expect(e).toBeInstanceOf(ConversionError);
          return;
        }
        expect(graphqlJsProblems(sdl)).toEqual([]);
        expect(new Converter(opts).convert(text)).toBe(sdl);
        expect(sdl.endsWith('\n') && !sdl.endsWith('\n\n')).toBe(true);
        expect(/[ \t]$/m.test(sdl)).toBe(false);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400), seed: Number(process.env.PROPERTY_SEED ?? 20261121) },
    );
  });
});
