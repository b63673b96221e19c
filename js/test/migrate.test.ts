/**
 * migrate: the cases of fixtures/migrate (also run by rust/tests/migrate.rs):
 * the output is expected.json byte for byte, migrating it again changes
 * nothing, and the migrated document converts to the same SDL as the
 * original through the converter's legacy path.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { Converter, migrate } from '../src/index';

const CASES = path.join(__dirname, '..', '..', 'fixtures', 'migrate');

describe('fixtures/migrate', () => {
  const cases = fs.readdirSync(CASES).filter((d) => fs.statSync(path.join(CASES, d)).isDirectory()).sort();
  it('has cases', () => expect(cases.length).toBeGreaterThan(8));
  for (const c of cases) {
    const dir = path.join(CASES, c);
    const input = fs.readFileSync(path.join(dir, 'input.json'), 'utf8');
    const expected = fs.readFileSync(path.join(dir, 'expected.json'), 'utf8');
    it(`${c}: output`, () => expect(migrate(input).output).toBe(expected));
    it(`${c}: idempotent`, () => {
      const again = migrate(expected);
      expect(again.changes).toEqual([]);
      expect(again.output).toBe(expected);
    });
    it(`${c}: same SDL`, () => {
      const converter = new Converter();
      expect(converter.convert(expected)).toBe(converter.convert(input));
    });
  }
  it('fixtures/helpers/migrate-text.json: the edits of the text as written (record 0092)', () => {
    const { cases: vectors } = JSON.parse(fs.readFileSync(path.join(CASES, '..', 'helpers', 'migrate-text.json'), 'utf8')) as {
      cases: Array<{ name: string; in: string; out: string }>;
    };
    expect(vectors.length).toBeGreaterThan(5);
    for (const v of vectors) expect(migrate(v.in).output, v.name).toBe(v.out);
  });
  it('a change at each of 400 levels: every key renamed in place, in one pass over the text (record 0092)', () => {
    let text = '{"type": "string"}';
    for (let i = 0; i < 400; i++) text = `{\n\t"type": "object", "x-graphql-shareable" : true,\r\n "properties": {"a": ${text}}}`;
    const result = migrate(text);
    expect(result.changes.length).toBe(400);
    expect(result.output).toBe(text.replaceAll('"x-graphql-shareable"', '"x-graphql-federation-shareable"'));
  });
  it('the no-op case reports no change', () => {
    expect(migrate(fs.readFileSync(path.join(CASES, '009-already-2x-no-change', 'input.json'), 'utf8')).changes).toEqual([]);
  });
  it('bad JSON is JSON_SYNTAX with a position', () => {
    expect(() => migrate('{"a": }', 'x.json')).toThrow(expect.objectContaining({ code: 'JSON_SYNTAX', line: 1, column: 7 }));
  });
  it('the converter names a place in a 1.x attribute as written', () => {
    expect(() => new Converter().convert('{"title":"T","type":"object",\n"x-graphql-keys": 5,"properties":{"id":{"type":"string"}}}')).toThrow(
      expect.objectContaining({ code: 'ATTRIBUTE_TYPE', pointer: '/x-graphql-keys', line: 2, column: 1 }),
    );
  });
  it('the converter warns at each 1.x attribute', () => {
    const result = new Converter().convertWithWarnings('{"title":"T","type":"object","x-graphql-keys":"id","properties":{"id":{"type":"string"}}}');
    expect(result.warnings.map((w) => [w.code, w.pointer])).toEqual([['DEPRECATED_ATTRIBUTE', '/x-graphql-keys']]);
    expect(result.output).toContain('@key(fields: "id")');
  });
});
