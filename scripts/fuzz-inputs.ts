/**
 * The fuzz property of issue 9, shared by `npm run fuzz` (scripts/fuzz.ts, 100,000
 * runs) and the fixed-seed slice in `js/test/fuzz.test.ts`: whatever text it is
 * given, in either direction and with any options, the TypeScript converter
 * returns a string or throws `ConversionError`, never anything else, within a
 * bounded time.
 *
 * Inputs are not only well-formed schemas: arbitrary JSON values (any keys, or
 * JSON Schema and x-graphql-* keywords with any values), arbitrary text (every
 * code point, lone surrogates included), the parity generators' schemas and SDL
 * documents, and all of these with random edits (bytes inserted, deleted,
 * replaced, the text cut short), plus SDL token soup.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { jsonCases, sdlCases, WORLD_FILES } from '../parity/generators';
import { ConversionError, Converter } from '../js/src/index';

export interface FuzzCase {
  text: string;
  direction: 'json-to-graphql' | 'graphql-to-json';
  options: Record<string, unknown>;
}

/** One call may take this long (a 100-code-point document takes a few milliseconds). */
export const TIME_LIMIT_MS = 5000;

const KEYWORDS = [
  'type', 'properties', 'items', '$ref', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', 'definitions', '$defs',
  'required', 'title', 'description', 'default', 'format', 'minimum', 'maximum', 'additionalProperties',
  'x-graphql-type-name', 'x-graphql-type-kind', 'x-graphql-field-name', 'x-graphql-field-type', 'x-graphql-skip',
  'x-graphql-nullable', 'x-graphql-union-types', 'x-graphql-implements', 'x-graphql-federation-keys',
  'x-graphql-scalar', 'x-graphql-field-arguments', 'x-graphql-type-directives', 'x-graphql-field-directives',
  'x-graphql-directive-definitions', 'x-graphql-default', 'x-graphql-enum-values', 'x-graphql-schema',
  'x-graphql-description', 'x-graphql-type', 'x-graphql-federation-link', '__proto__', 'constructor', '200',
];
const VALUES = [
  'object', 'string', 'integer', 'number', 'boolean', 'null', 'array', 'OBJECT', 'INPUT_OBJECT', 'UNION',
  'INTERFACE', 'ENUM', 'SCALAR', '#', '#/definitions/A', '#/definitions/B', '#/properties/a', 'a.json',
  '../x.json', 'https://example.com/a.json', 'A', 'B', '[String!]!', '@key', 'a', 'b',
];

/** JSON values whose keys are mostly JSON Schema and x-graphql-* keywords. */
const schemaish: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(...VALUES),
    fc.oneof(fc.boolean(), fc.integer(), fc.double(), fc.constant(null), fc.string({ maxLength: 8 })),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYWORDS), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 6 }),
  ),
})).value;

const SDL_TOKENS = [
  'type', 'input', 'enum', 'union', 'interface', 'scalar', 'directive', 'schema', 'extend', 'implements', 'on',
  'repeatable', 'query', 'fragment', 'Query', 'User', 'String', 'Int', 'ID', 'JSON', '@key', '@deprecated', '@link',
  '{', '}', '(', ')', '[', ']', ':', '=', '!', '|', '&', '@', '$', '...', '"a"', '"""b"""', '1', '1.5e3', 'true',
  'null', '#c\n', '\n', ' ', ',', 'a', 'fields: "id"', 'reason: "x"',
];

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

const edits = fc.array(
  fc.record({ at: fc.nat(), remove: fc.nat({ max: 4 }), insert: fc.oneof(fc.string({ maxLength: 3, unit: 'binary' }), fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '\ud800', '\ufeff', '\r\n')) }),
  { maxLength: 4 },
);

function applyEdits(text: string, list: Edit[]): string {
  let out = text;
  for (const e of list) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    out = out.slice(0, at) + e.insert + out.slice(at + e.remove);
  }
  return out;
}

const directions = fc.constantFrom<'json-to-graphql' | 'graphql-to-json'>('json-to-graphql', 'graphql-to-json');
const someOptions = fc.oneof(
  fc.constant<Record<string, unknown>>({}),
  fc.record({ strict: fc.boolean(), inlineObjectThreshold: fc.nat({ max: 4 }), refNaming: fc.constantFrom('basename', 'file_and_path', 'hash') }),
);

/** Every kind of input, with a direction and options. */
export const fuzzCases: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc.record({ text: fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)), direction: directions, options: someOptions }),
  fc.record({ text: schemaish.map((v) => JSON.stringify(v)), direction: fc.constant('json-to-graphql' as const), options: someOptions }),
  fc.record({ text: fc.tuple(schemaish, edits).map(([v, e]) => applyEdits(JSON.stringify(v, null, 1), e)), direction: directions, options: someOptions }),
  fc.record({ text: fc.string({ unit: 'binary', maxLength: 120 }), direction: directions, options: someOptions }),
  fc.record({ text: fc.tuple(jsonCases, edits).map(([c, e]) => applyEdits(c.text, e)), direction: fc.constant('json-to-graphql' as const), options: someOptions }),
  fc.record({ text: fc.tuple(sdlCases, edits).map(([c, e]) => applyEdits(c.text, e)), direction: fc.constant('graphql-to-json' as const), options: fc.constant({}) }),
  fc.record({ text: fc.array(fc.constantFrom(...SDL_TOKENS), { maxLength: 40 }).map((t) => t.join(' ')), direction: fc.constant('graphql-to-json' as const), options: fc.constant({}) }),
);

let world: string | undefined;

/** A folder with the parity generators' referenced files, for file `$ref`s (baseDir). */
export function fuzzWorld(): string {
  if (world !== undefined) return world;
  world = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-fuzz-'));
  for (const [rel, text] of Object.entries(WORLD_FILES)) {
    fs.mkdirSync(path.dirname(path.join(world, rel)), { recursive: true });
    fs.writeFileSync(path.join(world, rel), text);
  }
  return world;
}

/**
 * Runs one case; returns a description of what went wrong, or undefined.
 * An option the converter refuses is a ConversionError too (INVALID_OPTION).
 */
export function fuzzOne(c: FuzzCase): string | undefined {
  const started = performance.now();
  try {
    const out = new Converter({ ...c.options, baseDir: fuzzWorld() }).convertWithWarnings(c.text, c.direction);
    if (typeof out.output !== 'string') return `returned ${typeof out.output}`;
  } catch (e) {
    if (!(e instanceof ConversionError)) {
      return `threw ${(e as Error)?.constructor?.name ?? typeof e}: ${(e as Error)?.message ?? String(e)}`;
    }
  }
  const ms = performance.now() - started;
  if (ms > TIME_LIMIT_MS) return `took ${Math.round(ms)} ms`;
  return undefined;
}

/** The fast-check property: fuzzOne finds nothing wrong. */
export const fuzzProperty = fc.property(fuzzCases, (c) => {
  const problem = fuzzOne(c);
  if (problem !== undefined) throw new Error(`${problem}\ninput (${c.direction}): ${JSON.stringify(c.text)}\noptions: ${JSON.stringify(c.options)}`);
});
