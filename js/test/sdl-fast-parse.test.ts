/**
 * `fastParseSdl` (sdl-fast-parse.ts) stands in for graphql-js's `parse(text, {
 * noLocation: true })` in SDL -> JSON. It is only sound if, for every text, it
 * answers graphql-js's AST node for node (the same kinds, keys, values and
 * `undefined` keys) or nothing, and nothing wherever graphql-js finds a syntax
 * error. Checked on every fixture SDL, on hand-picked corners of the lexer and
 * the grammar, and on random token soups made to reach both sides.
 */
import * as fs from 'fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureSdlFiles } from './support';
import { fastParseSdl } from '../src/sdl-fast-parse';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const graphql = require('graphql') as typeof import('graphql');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dedentBlockStringLines } = require('graphql/language/blockString') as typeof import('graphql/language/blockString');

const fast = (text: string, maxDepth = 1000) => fastParseSdl(text, dedentBlockStringLines, maxDepth);

/** graphql-js's AST without locations, or undefined on a syntax error. */
function reference(text: string): graphql.DocumentNode | undefined {
  try {
    return graphql.parse(text, { noLocation: true });
  } catch (e) {
    if (e instanceof graphql.GraphQLError || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** The property: nothing, or exactly graphql-js's AST (and nothing where graphql-js fails). */
function agrees(text: string): boolean {
  const mine = fast(text);
  if (mine === undefined) return false;
  const theirs = reference(text);
  expect(theirs, text).toBeDefined();
  expect(mine, text).toStrictEqual(theirs);
  return true;
}

describe('fastParseSdl', () => {
  it('gives graphql-js AST for the fixture SDL it reads, and reads most of them', () => {
    const files = fixtureSdlFiles();
    let read = 0;
    for (const file of files) if (agrees(fs.readFileSync(file, 'utf8'))) read++;
    expect(read).toBeGreaterThan(files.length * 0.8);
  });

  it('reads the common forms exactly as graphql-js', () => {
    const cases = [
      'type Query { a: Int }',
      '"""\n  Block\n    indented\n\n  text\n"""\ntype A @d(x: 1, y: -2.5e3, z: "s\\n\\"q\\"", w: [1, [2]], v: {a: {b: null}}, e: RED, t: true) { a: [Int!]! }',
      '"d" scalar S @specifiedBy(url: "https://x")',
      'interface I implements & J & K @a { f(x: Int = 1 @deprecated, "arg" y: [String] = ["a"]): I }',
      'union U = | A | B\nunion V @d',
      'enum E { "v" A @deprecated(reason: "old") B, C }',
      'input In { a: Int = 0, b: In! @x }',
      'directive @d(a: Int!) repeatable on | FIELD_DEFINITION | OBJECT',
      'schema @s { query: Q mutation: M subscription: S }',
      'extend schema @link(url: "u", import: ["@key"])',
      'extend type A implements B\nextend interface I @d\nextend union U = C\nextend enum E { D }\nextend input In { c: Int }\nextend scalar S @d',
      '# comment\r\ntype A {\r\n  "x"\r\n  a: Int # trailing\r\n}\r\n',
      'type type { type: type, implements: implements, on: on }',
      '"""a\r\n  b\r  c"""type A { a: Int }',
      'type A { a(x: Float = 0, y: Int = -0, z: Float = 1.5E-3): Int }',
      '"tab\there" type A { a: Int }',
    ];
    for (const text of cases) expect(agrees(text), text).toBe(true);
  });

  it('leaves to graphql-js what it does not read', () => {
    const cases = [
      '', '   ', '{ a }', 'query Q { a }', 'fragment F on T { a }', '"d" extend type A @d',
      'type A {}', 'type A { a(): Int }', 'enum E { true }', 'union U =', 'type A implements { a: Int }',
      'extend type A', 'extend schema', 'extend directive @d on FIELD', 'directive @d on DIRECTIVE_DEFINITION', 'directive @d on NOWHERE',
      'type A { a: Int = $v }', 'type A { a(x: Int = 01): Int }', 'type A { a(x: Int = 1.): Int }', 'type A { a(x: Int = 1x): Int }',
      // Where two tokens in a row would also parse: [0, 1], [1, x], [1.5, .2]
      'type A { a(x: [Int] = [01]): Int }', 'type A { a(x: [Int] = [1x]): Int }', 'type A { a(x: [Int] = [0x1]): Int }', 'type A { a(x: [Float] = [1.5.2]): Int }',
      '"\\u0041" type A { a: Int }', '"""a \\""" b""" type A { a: Int }', '"unterminated\ntype A { a: Int }',
      '\ufefftype A { a: Int }', 'type A { a: Int } ...', 'type A { a: Int } # \ud800', '"\ud83d\ude00" type A { a: Int }',
      'type A { a: Int', 'schema { query: Q mutation }', 'directive @d @e on FIELD', 'scalar', 'type A { a: [Int }',
    ];
    for (const text of cases) expect(fast(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads brackets up to its depth limit only (the rest goes to sdl-read\'s depth check)', () => {
    const nested = (n: number) => `type A { a(x: ${'['.repeat(n)}Int${']'.repeat(n)}): Int }`;
    // The field's braces and parentheses count: 2 + n.
    expect(fast(nested(3), 5)).toBeDefined();
    expect(fast(nested(4), 5)).toBeUndefined();
    expect(fast(`type A { a(x: Int = ${'['.repeat(100000)}1${']'.repeat(100000)}): Int }`)).toBeUndefined();
  });

  it('never disagrees with graphql-js (fixture SDL with random edits)', () => {
    const texts = fixtureSdlFiles().map((f) => fs.readFileSync(f, 'utf8'));
    const pieces = ['"', '"""', '\\', '{', '}', '[', ']', '(', ')', '@', ':', '!', '=', '|', '&', '#', ',', '.', '$', '-', '0', '1', 'e', 'x', ' ', '\n', '\r', '\t', '\u0001', '\ufeff', '\ud800', 'extend ', 'type ', 'directive @d on FIELD\n', '"d" '];
    const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'duplicate'), fc.constantFrom(...pieces), fc.integer({ min: 1, max: 40 }));
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (which, edits) => {
        let text = texts[which];
        for (const [at, op, piece, length] of edits) {
          const i = text.length === 0 ? 0 : at % text.length;
          if (op === 'insert') text = text.slice(0, i) + piece + text.slice(i);
          else if (op === 'delete') text = text.slice(0, i) + text.slice(i + length);
          else text = text.slice(0, i + length) + text.slice(i, i + length) + text.slice(i + length);
        }
        if (agrees(text)) read++;
        else if (reference(text) === undefined) refused++;
      }),
      { numRuns: Number(process.env.RULES_RUNS ?? 3000), seed: Number(process.env.RULES_SEED ?? 20261125) },
    );
    // Both sides are reached, so the property says something.
    expect(read).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(500);
  });

  it('never disagrees with graphql-js (random token soups)', () => {
    const token = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('type', 'interface', 'input', 'enum', 'union', 'scalar', 'schema', 'directive', 'extend', 'implements', 'repeatable', 'on', 'query', 'A', 'B', 'f', 'x', 'true', 'null', 'FIELD', 'OBJECT') },
      { weight: 8, arbitrary: fc.constantFrom('{', '}', '(', ')', '[', ']', ':', '!', '=', '@', '|', '&', ',', '$', '.', '...') },
      { weight: 3, arbitrary: fc.constantFrom('1', '-2', '0', '01', '1.5', '2e3', '1.', '3E+4', '1x', '-') },
      { weight: 3, arbitrary: fc.constantFrom('"s"', '"a\\nb"', '"q\\"q"', '"\\u0041"', '"\\x"', '"open', '""', '"\t"', '"\u0001"') },
      { weight: 2, arbitrary: fc.constantFrom('"""b"""', '"""\n  a\n    b\n"""', '"""x\\"""y"""', '"""\r\n c\r d"""', '""""""', '"""open') },
      { weight: 2, arbitrary: fc.constantFrom('# c\n', '\n', '\r\n', '\t', ' ', '\ufeff', '#\ud800\n') },
    );
    const soup = fc.array(token, { minLength: 1, maxLength: 30 }).map((ts) => ts.join(' '));
    // Mostly well-formed definitions with a defect now and then, so both answers occur.
    const field = fc.tuple(fc.constantFrom('a', 'b', 'type'), fc.constantFrom('', '(x: Int)', '(x: Int = 1, y: [A!] = [])', '()'), fc.constantFrom('Int', '[A]!', 'A!', '[Int'), fc.constantFrom('', ' @d', ' @d(v: {k: [1, "s"]})', ' @d(v: $x)')).map(([n, a, t, d]) => `${n}${a}: ${t}${d}`);
    const definition = fc.oneof(
      fc.tuple(fc.constantFrom('', '"d" ', '"""\n  d\n"""\n'), fc.constantFrom('type', 'interface', 'input', 'extend type'), fc.constantFrom(' A', ' B implements A', ''), fc.array(field, { maxLength: 3 })).map(
        ([d, k, h, fs2]) => `${d}${k}${h} { ${fs2.join(' ')} }`,
      ),
      fc.constantFrom('enum E { A B }', 'union U = A | B', 'scalar S', 'directive @d(v: Int) on FIELD_DEFINITION | OBJECT', 'schema { query: A }', 'extend schema @d'),
      soup,
    );
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(definition, { minLength: 1, maxLength: 4 }), (defs) => {
        const text = defs.join('\n');
        if (agrees(text)) read++;
        else if (reference(text) === undefined) refused++;
      }),
      { numRuns: Number(process.env.RULES_RUNS ?? 4000), seed: Number(process.env.RULES_SEED ?? 20261125) },
    );
    // The generator reaches both sides, so the property says something.
    expect(read).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(500);
  });
});
