/**
 * `sdlRulesHold` (sdl-rules.ts) lets `readSdl` skip graphql-js's `validateSDL`.
 * It is only sound if it never says `true` for a document graphql-js reports a
 * problem in, with the rules readSdl gives it (`validateSdl`). The property
 * below checks that on random documents made to break those rules: names
 * defined twice (types, fields across extensions, arguments, enum values,
 * directives, schema definitions, operation types), unknown types, extensions
 * of missing types or of another kind, applied directives that are unknown,
 * misplaced, repeated, with unknown, repeated or missing arguments, or object
 * values with a field twice. Every fixture SDL is checked as well.
 */
import * as fs from 'fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureSdlFiles } from './support';
import { validateSdl } from '../src/sdl-validate';
import { sdlRulesHold } from '../src/sdl-rules';

// The CommonJS build, as readSdl requires it: validateSdl swaps graphql-js's own
// KnownDirectives rule out by identity, which the ES module build would not match.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const graphql = require('graphql') as typeof import('graphql');

function parsed(text: string): graphql.DocumentNode | undefined {
  try {
    return graphql.parse(text);
  } catch {
    return undefined;
  }
}

const holds = (doc: graphql.DocumentNode) => sdlRulesHold(doc, graphql.specifiedDirectives);

/** Mostly the first choices (valid), now and then the others (defects). */
function mostly<T>(usual: T[], rare: T[]): fc.Arbitrary<T> {
  return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...usual) }, { weight: 1, arbitrary: fc.constantFrom(...rare) });
}

const typeName = mostly(['A', 'B', 'Query', 'String', 'Int'], ['Unknown', '__Type']);
const typeRef = fc.tuple(typeName, fc.constantFrom('', '!', '[]', '[]!')).map(([n, w]) => (w.startsWith('[') ? `[${n}]${w.slice(2)}` : `${n}${w}`));

/** Applied directives; `@d(a: Int!, b: String = "x")` and `@r` (repeatable) are defined when the document says so. */
const applied = fc
  .array(
    mostly(
      ['', '', '', ' @d(a: 1)', ' @r', ' @r @r', ' @d(a: 1, b: "y")'],
      [' @d', ' @d(a: 1, a: 2)', ' @d(a: 1, c: 1)', ' @d(a: 1) @d(a: 2)', ' @e', ' @deprecated', ' @specifiedBy(url: "u")', ' @oneOf', ' @d(a: {x: 1, x: 2})', ' @d(a: [{x: 1}, {y: 1, y: 2}])'],
    ),
    { maxLength: 2 },
  )
  .map((list) => list.join(''));

const args = fc
  .array(fc.tuple(mostly(['a', 'b', 'c'], ['a']), typeRef, mostly(['', ' = 1'], [' = {x: 1, x: 2}']), applied), { maxLength: 2 })
  .map((list) => (list.length === 0 ? '' : `(${list.map(([n, t, d, a]) => `${n}: ${t}${d}${a}`).join(', ')})`));

const fieldNames = fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { minLength: 1, maxLength: 3 }).chain((names) =>
  fc.tuple(fc.constant(names), mostly([false], [true])).map(([n, twice]) => (twice ? [...n, n[0]] : n)),
);

const body = (kind: string) => {
  switch (kind) {
    case 'type':
    case 'interface':
      return fc
        .tuple(fieldNames, fc.array(fc.tuple(args, typeRef, applied), { minLength: 3, maxLength: 3 }), mostly([''], [' implements B', ' implements Unknown']))
        .map(([names, specs, impl]) => `${impl} { ${names.map((n, i) => `${n}${specs[i % 3][0]}: ${specs[i % 3][1]}${specs[i % 3][2]}`).join(' ')} }`);
    case 'input':
      return fc
        .tuple(fieldNames, fc.array(fc.tuple(typeRef, applied), { minLength: 3, maxLength: 3 }))
        .map(([names, specs]) => ` { ${names.map((n, i) => `${n}: ${specs[i % 3][0]}${specs[i % 3][1]}`).join(' ')} }`);
    case 'enum':
      return fieldNames.map((names) => ` { ${names.map((n) => n.toUpperCase()).join(' ')} }`);
    case 'union':
      return fc.array(typeName, { minLength: 1, maxLength: 2 }).map((m) => ` = ${m.join(' | ')}`);
    default:
      return fc.constant('');
  }
};

const kinds = ['type', 'interface', 'input', 'enum', 'union', 'scalar'];

/** One definition or extension: `extend` now and then (of a defined type or not, of its kind or not). */
const definition = fc
  .tuple(mostly(['A', 'B', 'Query'], ['Query']), fc.constantFrom(...kinds), mostly([false], [true]), applied)
  .chain(([name, kind, extend, directives]) => body(kind).map((b) => ({ kind, name, text: `${extend ? 'extend ' : ''}${kind} ${name}${directives}${b}` })));

const LOCATIONS = ['FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INPUT_FIELD_DEFINITION', 'OBJECT', 'SCHEMA', 'ENUM', 'SCALAR', 'INTERFACE', 'UNION', 'INPUT_OBJECT'];

const document = fc
  .tuple(
    fc.array(definition, { minLength: 1, maxLength: 5 }),
    // The directives, mostly defined everywhere, sometimes at fewer places, twice, or not at all.
    mostly(['all'], ['some', 'none', 'twice']),
    fc.subarray(LOCATIONS, { minLength: 1 }),
    mostly([''], ['schema { query: Query }', 'schema { query: Query query: A }', 'schema { query: Query } schema { query: A }', 'extend schema @r', 'extend schema @d(a: 1) @d(a: 1)']),
    mostly([''], ['directive @deprecated on OBJECT', 'directive @x(a: Int, a: Int) on OBJECT']),
    // An extension of the first type, of its own kind, with directives only (the same ones, now and then).
    fc.option(applied, { nil: undefined }),
  )
  .map(([defs, directiveMode, some, schema, extra, extension]) => {
    const at = directiveMode === 'some' ? some : LOCATIONS;
    const d = `directive @d(a: Int!, b: String = "x") on ${at.join(' | ')}\ndirective @r repeatable on ${at.join(' | ')}`;
    const directivesPart = directiveMode === 'none' ? '' : directiveMode === 'twice' ? `${d}\n${d}` : d;
    const first = defs[0];
    const extend = extension === undefined || extension === '' ? '' : `extend ${first.kind} ${first.name}${extension}`;
    return [...defs.map((d) => d.text), extend, directivesPart, schema, extra].filter((p) => p !== '').join('\n');
  });

describe('sdlRulesHold', () => {
  it('holds for the SDL fixtures that meet the rules, and only those', () => {
    const files = fixtureSdlFiles();
    let held = 0;
    for (const file of files) {
      const doc = parsed(fs.readFileSync(file, 'utf8'));
      if (doc === undefined || !holds(doc)) continue;
      held++;
      expect(validateSdl(graphql, doc).map((e) => e.message), file).toEqual([]);
    }
    expect(held).toBeGreaterThan(50);
  });

  it('does not hold where graphql-js reports a problem', () => {
    const invalid = [
      'type Query { a: Unknown }',
      'type Query { a: Int a: Int }',
      'type Query { a: Int } extend type Query { a: String }',
      'type Query { a: Int } extend input Query { b: Int }',
      'extend type Missing { a: Int }',
      'type Query { a: Int @unknown }',
      'type Query @deprecated { a: Int }',
      'directive @d on OBJECT type Query @d @d { a: Int }',
      'directive @d on OBJECT type Query @d { a: Int } extend type Query @d',
      'directive @d(a: Int!) on FIELD_DEFINITION type Query { a: Int @d }',
      'directive @d(a: Int) on FIELD_DEFINITION type Query { a: Int @d(b: 1) }',
      'directive @d(a: Int) on FIELD_DEFINITION type Query { a: Int @d(a: 1, a: 2) }',
      'directive @d(a: Int) on FIELD_DEFINITION type Query { a: Int @d(a: {x: 1, x: 2}) }',
      'schema { query: Query } schema { query: Query } type Query { a: Int }',
      'enum E { A A } type Query { e: E }',
      'directive @d on OBJECT directive @d on OBJECT type Query { a: Int }',
      'type Query { a(x: Int, x: Int): Int }',
    ];
    for (const text of invalid) {
      const doc = parsed(text) as graphql.DocumentNode;
      expect(validateSdl(graphql, doc), text).not.toEqual([]);
      expect(holds(doc), text).toBe(false);
    }
  });

  it('never holds for a document graphql-js reports an SDL problem in (random documents)', () => {
    let held = 0;
    let reported = 0;
    fc.assert(
      fc.property(document, (text) => {
        const doc = parsed(text);
        if (doc === undefined) return;
        const problems = validateSdl(graphql, doc).map((e) => e.message);
        if (problems.length > 0) reported++;
        if (holds(doc)) {
          held++;
          expect(problems, text).toEqual([]);
        }
      }),
      // RULES_RUNS and RULES_SEED run it longer or elsewhere.
      { numRuns: Number(process.env.RULES_RUNS ?? 5000), seed: Number(process.env.RULES_SEED ?? 20261124) },
    );
    // The generator reaches both sides, so the property says something.
    expect(held).toBeGreaterThan(300);
    expect(reported).toBeGreaterThan(1000);
  });
});
