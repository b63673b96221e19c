/**
 * Introspection (record 0091), with graphql-js as the oracle:
 * - schemas/graphql-introspection-builtins.json is graphql-js's own entries;
 * - for every SDL fixture that graphql-js can build and introspect (it needs a
 *   query type, knows no federation directives and no orphan extensions), our
 *   introspection of the canonical SDL equals `introspectionFromSchema`, key order
 *   included;
 * - the goldens fixtures/graphql-to-json/NNN/introspection.json both ways:
 *   describe --format introspection of input.graphql gives it, and converting it
 *   gives expected.json (or expected-from-introspection.json where introspection
 *   says less, as the record lists);
 * - round trip: introspection -> SDL -> introspection is the same bytes;
 * - the literal parser of default values.
 * The Rust twin is rust/tests/introspection.rs.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as G from 'graphql';
import { describe as suite, expect, it } from 'vitest';
import { build, canonicalSdl, Converter, describe } from '../src/index';
import { introspectionOf } from '../src/introspection';
import { parseLiteral } from '../src/introspection-read';
import { readSdl } from '../src/sdl-read';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURES = path.join(ROOT, 'fixtures');

function sdlFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.graphql')) out.push(p);
    }
  };
  walk(FIXTURES);
  return out;
}

const BUILT_INS = ['String', 'Int', 'Float', 'Boolean', 'ID', '__Schema', '__Type', '__TypeKind', '__Field', '__InputValue', '__EnumValue', '__Directive', '__DirectiveLocation'];

suite('introspection', () => {
  it('the built-ins file is graphql-js 16 introspection', () => {
    const schema = G.buildSchema('type Query { a: Int b: Float c: ID d: String e: Boolean }');
    const r = G.introspectionFromSchema(schema).__schema;
    const file = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'graphql-introspection-builtins.json'), 'utf8')) as { types: unknown[]; directives: unknown[] };
    expect(JSON.stringify(file.types)).toBe(JSON.stringify(BUILT_INS.map((n) => r.types.find((t) => t.name === n))));
    expect(JSON.stringify(file.directives)).toBe(JSON.stringify(r.directives));
  });

  it('equals graphql-js introspectionFromSchema on the SDL fixtures', () => {
    let compared = 0;
    for (const f of sdlFiles()) {
      let canonical: string;
      try {
        canonical = canonicalSdl(fs.readFileSync(f, 'utf8'));
      } catch {
        continue;
      }
      const doc = readSdl(canonical);
      if (doc.definitions.some((d) => 'extension' in d && d.extension)) continue;
      let oracle: unknown;
      try {
        oracle = G.introspectionFromSchema(G.buildSchema(canonical, { assumeValid: true, assumeValidSDL: true }));
      } catch {
        continue; // no query type, or a default graphql-js cannot print (record 0091)
      }
      expect(JSON.stringify(introspectionOf(doc)), f).toBe(JSON.stringify(oracle));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  const goldens = fs
    .readdirSync(path.join(FIXTURES, 'graphql-to-json'))
    .filter((d) => fs.existsSync(path.join(FIXTURES, 'graphql-to-json', d, 'introspection.json')))
    .sort();
  it('has goldens', () => expect(goldens.length).toBeGreaterThanOrEqual(5));
  for (const d of goldens) {
    const dir = path.join(FIXTURES, 'graphql-to-json', d);
    const read = (f: string): string => fs.readFileSync(path.join(dir, f), 'utf8');
    it(`${d}: describe --format introspection`, () => {
      const given = JSON.parse(read('introspection.json')) as { data?: { __schema: unknown }; __schema?: unknown };
      const expected = JSON.stringify({ __schema: given.data?.__schema ?? given.__schema }, null, 2) + '\n';
      expect(describe(read('input.graphql'), { format: 'introspection' })).toBe(expected);
      // graphql-js on the same SDL
      expect(JSON.stringify(G.introspectionFromSchema(G.buildSchema(canonicalSdl(read('input.graphql')))))).toBe(JSON.stringify(JSON.parse(expected)));
    });
    it(`${d}: convert reads it`, () => {
      const expected = fs.existsSync(path.join(dir, 'expected-from-introspection.json')) ? read('expected-from-introspection.json') : read('expected.json');
      expect(new Converter().convert(read('introspection.json'), 'graphql-to-json')).toBe(expected);
    });
  }

  it('round trips introspection -> SDL -> introspection', () => {
    let n = 0;
    for (const f of sdlFiles()) {
      let a: string;
      try {
        a = describe(fs.readFileSync(f, 'utf8'), { format: 'introspection' });
      } catch {
        continue;
      }
      // Lists nested deeper than the query's 9 levels are cut (graphql-js too), a
      // document's own @oneOf definition is a specified directive's name, and an input
      // whose field defaults to its own type fills one level more on each pass.
      if (f.includes('default-of-its-own-type') || /"LIST",\s*"ofType": \{\s*"name": null,\s*"kind": "(?:LIST|NON_NULL)"\s*\}/.test(a) || /"name": "oneOf",\s*"description": null/.test(a)) continue;
      const sdl = build(a, { format: 'introspection' });
      expect(sdl === '' ? a : describe(sdl, { format: 'introspection' }), f).toBe(a);
      n++;
    }
    expect(n).toBeGreaterThan(250);
  });

  it('reads default value literals', () => {
    expect(parseLiteral('{a: [1, 2.5e1], b: "x\\u00e9\\n", c: RED, d: null, e: true}')).toEqual({
      value: { a: [1, 25], b: 'x\u00e9\n', c: { 'x-graphql-enum': 'RED' }, d: null, e: true },
    });
    expect(parseLiteral('"\\uD83D\\uDE00"')).toEqual({ value: '\u{1F600}' });
    expect(parseLiteral('$x')).toBe('a variable is not a constant value');
    expect(parseLiteral('1.')).toBe('unexpected end of the value');
    expect(parseLiteral('1a')).toBe('unexpected character "a"');
    expect(parseLiteral('{a: 1, a: 2}')).toBe('field "a" is given twice');
    expect(parseLiteral('"""x"""')).toBe('block strings are not read in a default value');
    expect(parseLiteral('"\\q"')).toBe('invalid escape sequence');
    expect(parseLiteral('1e999')).toBe('the number 1e999 is beyond the range of a JSON number (IEEE double)');
    expect(parseLiteral('[1')).toBe('unexpected end of the value');
  });
});
