/**
 * validate: the cases of fixtures/validate (also run by rust/tests/validate.rs).
 * Each case's report (`{valid, problems}`, printed by json-print with the
 * problems in the order of the --format json report) must equal expected.json.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { Converter, reportToJson, summarize, validateGraphql, validateJsonSchema } from '../src/index';
import { metaSchemaPointers } from '../src/meta-schema';
import { parseFieldSet } from '../src/field-set-parse';
import { printJson } from '../src/json-print';

const CASES = path.join(__dirname, '..', '..', 'fixtures', 'validate');

function runCase(dir: string): string {
  const graphql = fs.existsSync(path.join(dir, 'input.graphql'));
  const name = graphql ? 'input.graphql' : 'input.json';
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  const optionsFile = path.join(dir, 'options.json');
  const opts = fs.existsSync(optionsFile) ? (JSON.parse(fs.readFileSync(optionsFile, 'utf8')) as { strict?: boolean }) : {};
  const options = { fileName: name, baseDir: dir, strict: opts.strict === true };
  const report = graphql ? validateGraphql(text, options) : validateJsonSchema(text, options);
  const problems = (JSON.parse(reportToJson(summarize([report]))) as { files: Array<{ problems: unknown }> }).files[0].problems;
  return printJson({ valid: report.valid, problems: problems as never });
}

describe('fixtures/validate', () => {
  const cases = fs.readdirSync(CASES).filter((d) => fs.statSync(path.join(CASES, d)).isDirectory()).sort();
  it('has cases', () => expect(cases.length).toBeGreaterThan(20));
  for (const c of cases) {
    it(c, () => {
      const dir = path.join(CASES, c);
      expect(runCase(dir)).toBe(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8'));
    });
  }
});

describe('fixtures/validate with several problems (all-problems.txt, record 0089)', () => {
  // The errors of expected.json (which both implementations must print) are the hand-written list:
  // the net reports every real problem in one run, and nothing the file does not have.
  const cases = fs.readdirSync(CASES).filter((d) => fs.existsSync(path.join(CASES, d, 'all-problems.txt'))).sort();
  it('has cases', () => expect(cases.length).toBeGreaterThanOrEqual(15));
  for (const c of cases) {
    it(c, () => {
      const listed = fs.readFileSync(path.join(CASES, c, 'all-problems.txt'), 'utf8').split('\n').filter((l) => l !== '').sort();
      const expected = JSON.parse(fs.readFileSync(path.join(CASES, c, 'expected.json'), 'utf8')) as { problems: Array<{ code: string; severity: string; pointer: string }> };
      const reported = expected.problems.filter((p) => p.severity === 'error').map((p) => `${p.code} ${p.pointer}`).sort();
      expect(reported).toEqual(listed);
    });
  }
});

describe("the net's guesses take no problem the file does not have (record 0089)", () => {
  // The errors validate reports, as "CODE pointer"; rust/tests/validate.rs has the same cases.
  const errors = (schema: unknown) =>
    validateJsonSchema(JSON.stringify(schema), { fileName: 'input.json' })
      .problems.filter((p) => p.severity === 'error')
      .map((p) => `${p.code} ${p.pointer}`);
  const object = (extra: Record<string, unknown>, properties: Record<string, unknown> = { id: { type: 'string' } }) => ({ type: 'object', ...extra, properties });
  it('a definition named by its key yields its name to an explicit one: no duplicate behind a nullability guess', () => {
    const schema = { definitions: { Car: object({}, { vin: { type: 'string', 'x-graphql-field-non-null': 'yes' } }), Truck: object({ 'x-graphql-type-name': 'Car' }) } };
    expect(errors(schema)).toEqual(['ATTRIBUTE_TYPE /definitions/Car/properties/vin/x-graphql-field-non-null']);
  });
  it('a type guess keeps the explicit field type, so the object below it becomes no type (and no duplicate)', () => {
    const inline = object({ 'x-graphql-type-name': 'Foo', 'x-graphql-field-type': 'Foo!!' });
    const schema = { definitions: { Foo: object({ 'x-graphql-type-name': 'Foo' }), Bar: object({}, { x: inline }) } };
    expect(errors(schema)).toEqual(['FIELD_TYPE_SYNTAX /definitions/Bar/properties/x/x-graphql-field-type']);
  });
  it('an @external field that a broken field set names is not reported unused; one it does not name is', () => {
    const external = { type: 'number', 'x-graphql-federation-external': true };
    const schema = { definitions: { Product: object({ 'x-graphql-federation-keys': ['sku weight'] }, { upc: { type: 'string' }, weight: external, size: external }) } };
    expect(errors(schema)).toEqual([
      'FIELD_SET /definitions/Product/x-graphql-federation-keys/0',
      'FIELD_SET /definitions/Product/properties/size/x-graphql-federation-external',
    ]);
  });
  it('after a type guess, names only: an unused @external waits for the type expression to be fixed', () => {
    const product = object({ 'x-graphql-federation-keys': ['upc sku', 'upc'] }, {
      upc: { type: 'string' },
      name: { type: 'string', 'x-graphql-field-type': '[String!!]' },
      weight: { type: 'number', 'x-graphql-federation-external': true },
    });
    const schema = { definitions: { Product: product, A: object({ 'x-graphql-type-name': 'Dup' }), B: object({ 'x-graphql-type-name': 'Dup' }) } };
    expect(errors(schema)).toEqual([
      'FIELD_SET /definitions/Product/x-graphql-federation-keys/0',
      'FIELD_TYPE_SYNTAX /definitions/Product/properties/name/x-graphql-field-type',
      'DUPLICATE_NAME /definitions/B/x-graphql-type-name',
    ]);
  });
});

describe('every converter fixture', () => {
  // validate must catch what the converter chokes on: a fixture with an expected error is invalid,
  // and a fixture that converts is valid (warnings only).
  const root = path.join(__dirname, '..', '..', 'fixtures', 'json-to-graphql');
  for (const c of fs.readdirSync(root).sort()) {
    const dir = path.join(root, c);
    const errorFile = path.join(dir, 'expected-error.json');
    const optionsFile = path.join(dir, 'options.json');
    const options = fs.existsSync(optionsFile) ? (JSON.parse(fs.readFileSync(optionsFile, 'utf8')) as Record<string, unknown>) : {};
    if (Object.keys(options).some((k) => k !== 'fileName')) continue; // option-dependent verdicts
    it(c, () => {
      const report = validateJsonSchema(fs.readFileSync(path.join(dir, 'input.json'), 'utf8'), { fileName: 'input.json', baseDir: dir });
      if (fs.existsSync(errorFile)) {
        const expected = JSON.parse(fs.readFileSync(errorFile, 'utf8')) as { code: string; pointer?: string };
        expect(report.valid).toBe(false);
        expect(report.problems.some((p) => p.code === expected.code && p.pointer === expected.pointer)).toBe(true);
      } else {
        // The converter does not ask for the meta-schema (051 has an empty enum, which draft-07 refuses).
        expect(report.problems.filter((p) => p.severity === 'error' && p.code !== 'SCHEMA_INVALID')).toEqual([]);
      }
    });
  }
});

describe('meta-schema', () => {
  const pointers = (text: string) => metaSchemaPointers(JSON.parse(text), text);
  it('picks the draft from $schema, draft-07 otherwise', () => {
    expect(pointers('{"$schema":"http://json-schema.org/draft-04/schema","required":[]}')).toEqual({ draft: 'draft-04', pointers: ['/required'] });
    expect(pointers('{"$schema":"https://json-schema.org/draft-07/schema#","required":[]}')).toEqual({ draft: 'draft-07', pointers: [] });
    expect(pointers('{"$schema":"http://example.com/mine","type":"x"}')).toEqual({ draft: 'draft-07', pointers: ['/type'] });
  });
  it('sees two "__proto__" in required (ajv alone does not)', () => {
    expect(pointers('{"required":["__proto__","__proto__"]}').pointers).toEqual(['/required']);
    expect(pointers('{"dependencies":{"a":["__proto__","__proto__"]}}').pointers).toEqual(['/dependencies/a']);
  });
  it('convert with validate and another draft reports SCHEMA_INVALID instead of crashing', () => {
    const converter = new Converter({ validate: true });
    for (const uri of ['http://json-schema.org/draft-04/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema']) {
      expect(() => converter.convert(JSON.stringify({ $schema: uri, title: 'T', type: 'object', properties: { a: { type: 5 } } }))).toThrow(
        expect.objectContaining({ code: 'SCHEMA_INVALID', pointer: '/properties/a/type' }),
      );
      expect(converter.convert(JSON.stringify({ $schema: uri, title: 'T', type: 'object', properties: { a: { type: 'string' } } }))).toBe('type T {\n  a: String\n}\n');
    }
  });
});

describe('field sets', () => {
  it('reads names and nested selections', () => {
    expect(parseFieldSet('id  sku,region')).toEqual([{ name: 'id', depth: 0 }, { name: 'sku', depth: 0 }, { name: 'region', depth: 0 }]);
    expect(parseFieldSet('a { b { c } } d')).toEqual([{ name: 'a', depth: 0 }, { name: 'b', depth: 1 }, { name: 'c', depth: 2 }, { name: 'd', depth: 0 }]);
  });
  it('refuses what is not a field set, and the GraphQL it does not support', () => {
    expect(parseFieldSet('')).toBe('it names no field');
    expect(parseFieldSet('{ a }')).toBe('a "{" must follow a field name');
    expect(parseFieldSet('a }')).toBe('it closes a "}" that was not opened');
    expect(parseFieldSet('a { }')).toBe('it has an empty selection "{ }"');
    expect(parseFieldSet('a #')).toBe('"#" cannot appear in a field set');
    expect(parseFieldSet('a { ... on B { c } }')).toBe('"..." cannot appear in a field set');
    expect(parseFieldSet('a(x: 1)')).toBe('"(" cannot appear in a field set');
    expect(parseFieldSet('b: a')).toBe('":" cannot appear in a field set');
  });
});
